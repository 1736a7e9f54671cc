import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * public/boot.js holds a click on a control of a page the server rendered until the app marks the
 * page interactive, then replays it (the pre-hydration window; e2e/pre-hydration.spec.ts shows it
 * in Chromium).
 */
// a path, not a URL: import.meta.url is not a file URL under jsdom
const boot = readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8')
const html = document.documentElement

function page(markup: string) {
  document.body.innerHTML = `<div id="root" data-prerendered="zh-CN">${markup}</div>`
}
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`) as HTMLElement
const interactive = async () => {
  html.dataset.interactive = 'true'
  // the observer's callback is a microtask
  await Promise.resolve()
}

describe('a click before the page is interactive', () => {
  beforeAll(() => {
    if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') })
    new Function(boot)()
  })
  afterEach(() => {
    delete html.dataset.interactive
    html.classList.remove('rs-waiting')
    document.body.innerHTML = ''
  })

  it('is held with the control busy, and replayed on it once the page is interactive', async () => {
    page('<header><button type="button" data-testid="header-login"><span>登录</span></button></header>')
    const login = byTestId('header-login')
    const handle = vi.fn()
    login.addEventListener('click', handle)
    ;(login.firstElementChild as HTMLElement).click()
    expect(handle).not.toHaveBeenCalled()
    expect(login.getAttribute('aria-busy')).toBe('true')
    expect(html.classList.contains('rs-waiting')).toBe(true)
    await interactive()
    expect(handle).toHaveBeenCalledTimes(1)
    expect(login.hasAttribute('aria-busy')).toBe(false)
    expect(html.classList.contains('rs-waiting')).toBe(false)
    // from then on clicks are the app's own
    login.click()
    expect(handle).toHaveBeenCalledTimes(2)
  })

  it('keeps a form from being sent by the browser and replays the last control clicked', async () => {
    page('<form><button type="submit" data-testid="first">一</button><button type="submit" data-testid="search">查询</button></form>')
    const submit = vi.fn((event: Event) => event.preventDefault())
    document.querySelector('form')?.addEventListener('submit', submit)
    const first = vi.fn()
    const search = vi.fn()
    byTestId('first').addEventListener('click', first)
    byTestId('search').addEventListener('click', search)
    byTestId('first').click()
    byTestId('search').click()
    expect(submit).not.toHaveBeenCalled()
    expect(byTestId('first').hasAttribute('aria-busy')).toBe(false)
    await interactive()
    expect(first).not.toHaveBeenCalled()
    expect(search).toHaveBeenCalledTimes(1)
  })

  it('finds the control by its marker when the app rendered the page afresh', async () => {
    page('<button type="button" data-replay="login">登录</button>')
    document.querySelector<HTMLElement>('[data-replay="login"]')?.click()
    const root = document.getElementById('root') as HTMLElement
    root.innerHTML = '<button type="button" data-replay="login">登录</button>'
    const handle = vi.fn()
    root.querySelector('button')?.addEventListener('click', handle)
    await interactive()
    expect(handle).toHaveBeenCalledTimes(1)
  })

  it('leaves links, disabled controls and pages the browser renders alone', async () => {
    page('<a href="#next" data-testid="link">下一页</a><button type="button" disabled data-testid="off">查询</button>')
    const link = vi.fn((event: Event) => event.preventDefault())
    byTestId('link').addEventListener('click', link)
    byTestId('link').click()
    expect(link).toHaveBeenCalledTimes(1)
    expect(html.classList.contains('rs-waiting')).toBe(false)

    document.body.innerHTML = '<div id="root"><button type="button" data-testid="plain">登录</button></div>'
    const plain = vi.fn()
    byTestId('plain').addEventListener('click', plain)
    byTestId('plain').click()
    expect(plain).toHaveBeenCalledTimes(1)
  })
})
