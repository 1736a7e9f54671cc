import { createLoginKeyPair, decryptPassword, tZh } from '@rs/shared'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { fakeNotifier } from '../../../test/notifier'
import { fireEvent, render, screen, waitFor } from '../../../test/render'
import { ResetPasswordPage } from './reset-password-page'

const keys = createLoginKeyPair()
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><path d="M0 0L10 10"/></svg>'
const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })

/** A fake server for the reset flow: captcha, send, check, forgetpwd (answers null token: no session is started). */
function fakeServer() {
  const bodies: Record<string, Array<Record<string, string>>> = {}
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (url.startsWith('/api/captcha/image')) {
      return new Response(SVG, { status: 200, headers: { 'content-type': 'image/svg+xml', 'x-login-key': keys.publicKey } })
    }
    const path = url.split('?')[0] ?? url
    bodies[path] = [...(bodies[path] ?? []), JSON.parse(String(init?.body ?? '{}'))]
    if (path === '/api/captcha/sendemail') return ok({ resendSeconds: 60, expiresSeconds: 300 })
    if (path === '/api/captcha/check') return ok(null)
    if (path === '/api/usercenter/forgetpwd') return ok({ username: 'legacy', token: null })
    return new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
  })
  return { fetchMock, bodies }
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('ResetPasswordPage', () => {
  const notifier = fakeNotifier()

  it('sends a code, checks it, refuses a weak password on the form and seals a strong one with the captcha key', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', server.fetchMock)
    render(
      <MemoryRouter initialEntries={['/resetPassword']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    )
    await screen.findAllByTestId('captcha-image', {}, { timeout: 15_000 })
    fill('reset-address', 'Legacy@Example.cn')
    fill('code-captcha', 'ab12')
    fireEvent.click(screen.getByTestId('code-send'))
    await waitFor(() => expect(server.bodies['/api/captcha/sendemail']).toHaveLength(1), { timeout: 15_000 })
    const sent = server.bodies['/api/captcha/sendemail']?.[0]
    expect(sent).toMatchObject({ email: 'Legacy@Example.cn', purpose: 'reset', captcha: 'ab12' })
    expect(notifier.success).toHaveBeenCalledWith(tZh('account.code.sentReset'))
    await waitFor(() => expect(screen.getByTestId('code-send').textContent).toMatch(/秒后重新获取/), { timeout: 15_000 })

    fill('reset-code', '123456')
    fireEvent.click(screen.getByTestId('reset-next'))
    await screen.findByTestId('reset-password', {}, { timeout: 15_000 })
    expect(server.bodies['/api/captcha/check']?.[0]).toMatchObject({
      purpose: 'reset',
      channel: 'email',
      code: '123456',
      token: sent?.token,
    })

    fill('reset-password', 'password')
    fill('reset-password-confirm', 'password')
    fireEvent.click(screen.getByTestId('reset-submit'))
    expect(await screen.findByText(tZh('errors.passwordWeak'), {}, { timeout: 15_000 })).toBeTruthy()
    expect(server.bodies['/api/usercenter/forgetpwd']).toBeUndefined()

    fill('reset-password', 'Fresh#Pass2026')
    fill('reset-password-confirm', 'Fresh#Pass2026')
    fireEvent.click(screen.getByTestId('reset-submit'))
    await screen.findByText(tZh('account.reset.successTitle'), {}, { timeout: 15_000 })
    const body = server.bodies['/api/usercenter/forgetpwd']?.[0]
    expect(body?.token).toBe(sent?.token)
    expect(decryptPassword(body?.password ?? '', keys.secretKey, sent?.token ?? '')).toBe('Fresh#Pass2026')
  }, 30_000)
})
