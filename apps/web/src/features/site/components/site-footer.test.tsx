import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '../../../test/render'
import { SiteFooter } from './site-footer'

const config = (footer: Partial<Record<'address' | 'phone' | 'email' | 'icp' | 'psb', string>>) =>
  ({
    footer: { owner: '演示单位', address: '', phone: '', email: '', icp: '', psb: '', appDownloadUrl: '', ...footer },
  }) as unknown as Parameters<typeof SiteFooter>[0]['config']

describe('SiteFooter', () => {
  it('leaves out the contact fields the operator did not set', () => {
    render(
      <MemoryRouter>
        <SiteFooter config={config({ phone: '010-12345678' })} />
      </MemoryRouter>,
    )
    const text = screen.getByTestId('site-footer').textContent ?? ''
    expect(text).toContain('010-12345678')
    expect(text).not.toContain('地址')
    expect(text).not.toContain('邮箱')
    expect(text).not.toContain('备案')
    expect(text).not.toContain('配置')
  })

  it('shows every field that is set', () => {
    render(
      <MemoryRouter>
        <SiteFooter config={config({ address: '北京市', email: 'a@b.cn', icp: '京ICP备1号', psb: '京公网安备2号' })} />
      </MemoryRouter>,
    )
    const text = screen.getByTestId('site-footer').textContent ?? ''
    for (const part of ['北京市', 'a@b.cn', '京ICP备1号', '京公网安备2号']) expect(text).toContain(part)
  })

  it('links to the feedback form', () => {
    render(
      <MemoryRouter>
        <SiteFooter config={config({})} />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('footer-feedback').getAttribute('href')).toBe('/feedback')
  })

  describe('the QR code', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('is encoded only once the footer comes near the screen', async () => {
      let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
            notify = callback
          }
          observe() {}
          disconnect() {}
        },
      )
      render(
        <MemoryRouter>
          <SiteFooter config={config({})} />
        </MemoryRouter>,
      )
      const qr = () => screen.getByTestId('site-footer').querySelector('.site-footer__qr svg')
      expect(qr()).toBeNull()
      expect(screen.getByTestId('site-footer').querySelector('.site-footer__qr-box')).not.toBeNull()
      act(() => notify?.([{ isIntersecting: false }]))
      expect(qr()).toBeNull()
      act(() => notify?.([{ isIntersecting: true }]))
      await waitFor(() => expect(qr()).not.toBeNull())
    })
  })
})
