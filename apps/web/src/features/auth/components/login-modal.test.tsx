import { createLoginKeyPair, decryptPassword } from '@rs/shared'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setNotifier } from '../../../lib/notify'
import { fireEvent, render, screen, waitFor } from '../../../test/render'
import { useAuthStore } from '../state/auth-store'
import AuthDialogs from './auth-dialogs'

const keys = createLoginKeyPair()
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><path d="M0 0L10 10"/></svg>'

type Answer = { status: number; body: unknown }

/** A fake server: the captcha endpoint answers SVG with the key header; login answers what the test says. */
function fakeServer(loginAnswers: Answer[]) {
  const captchaTokens: string[] = []
  const loginBodies: Array<Record<string, string>> = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (url.startsWith('/api/captcha/image')) {
      captchaTokens.push(new URL(url, 'http://x').searchParams.get('token') ?? '')
      return new Response(SVG, { status: 200, headers: { 'content-type': 'image/svg+xml', 'x-login-key': keys.publicKey } })
    }
    if (url.startsWith('/api/userinfo/loginv2')) {
      loginBodies.push(JSON.parse(String(init?.body)))
      const next = loginAnswers.shift() ?? { status: 500, body: { code: 500, message: '服务器内部错误，请稍后重试', data: null } }
      return new Response(JSON.stringify(next.body), { status: next.status })
    }
    return new Response(JSON.stringify({ code: 404, message: '', data: null }), { status: 404 })
  })
  return { fetchMock, captchaTokens, loginBodies }
}

function renderDialogs() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <AuthDialogs />
    </MemoryRouter>,
  )
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } })
}

describe('LoginModal', () => {
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }

  beforeEach(() => {
    setNotifier(notifier)
    useAuthStore.setState({ isLoginOpen: true, isUpgradeOpen: false, user: null, token: null, status: 'anonymous' })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setNotifier(null)
  })

  it('loads a captcha for a fresh 32-character token and shows its image', async () => {
    const server = fakeServer([])
    vi.stubGlobal('fetch', server.fetchMock)
    renderDialogs()
    const image = await screen.findByTestId('captcha-image')
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(server.captchaTokens[0]).toMatch(/^[A-Za-z0-9]{32}$/)
  })

  it('asks for user name, password and captcha with the SPEC messages and sends nothing', async () => {
    const server = fakeServer([])
    vi.stubGlobal('fetch', server.fetchMock)
    renderDialogs()
    await screen.findByTestId('captcha-image')
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('请输入用户名')).toBeTruthy()
    expect(await screen.findByText('请输入密码')).toBeTruthy()
    expect(await screen.findByText('请输入验证码')).toBeTruthy()
    expect(server.loginBodies).toHaveLength(0)
  })

  it('sends the password sealed with the captcha key, and on code 2 swaps to the upgrade popup', async () => {
    const server = fakeServer([
      { status: 200, body: { code: 2, message: '由于系统升级，请点击“确认”修改密码后登录！', data: { token: null } } },
    ])
    vi.stubGlobal('fetch', server.fetchMock)
    renderDialogs()
    await screen.findByTestId('captcha-image')
    fill('login-username', 'legacy')
    fill('login-password', 'Legacy@2026')
    fill('login-captcha', 'AB12')
    fireEvent.click(screen.getByTestId('login-submit'))

    expect(await screen.findByText('由于系统升级，请点击“确认”修改密码后登录！')).toBeTruthy()
    expect(screen.getByTestId('upgrade-modal')).toBeTruthy()
    expect(useAuthStore.getState()).toMatchObject({ isLoginOpen: false, isUpgradeOpen: true })
    const [body] = server.loginBodies
    expect(body).toMatchObject({ username: 'legacy', captcha: 'AB12', token: server.captchaTokens[0] })
    expect(body?.password).not.toContain('Legacy@2026')
    expect(decryptPassword(body?.password ?? '', keys.secretKey, body?.token ?? '')).toBe('Legacy@2026')
    expect(notifier.error).not.toHaveBeenCalled()
  })

  it('shows the server message for a failed login and fetches a new captcha with a new token', async () => {
    const server = fakeServer([{ status: 400, body: { code: 400, message: '验证码错误或已过期，请刷新后重试', data: null } }])
    vi.stubGlobal('fetch', server.fetchMock)
    renderDialogs()
    await screen.findByTestId('captcha-image')
    fill('login-username', 'admin')
    fill('login-password', 'Admin@2026')
    fill('login-captcha', 'zzzz')
    fireEvent.click(screen.getByTestId('login-submit'))

    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('验证码错误或已过期，请刷新后重试'))
    await waitFor(() => expect(server.captchaTokens).toHaveLength(2))
    expect(server.captchaTokens[1]).not.toBe(server.captchaTokens[0])
    expect(useAuthStore.getState().isLoginOpen).toBe(true)
    expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe('')
  })

  it('refreshes the captcha when its image is clicked', async () => {
    const server = fakeServer([])
    vi.stubGlobal('fetch', server.fetchMock)
    renderDialogs()
    fireEvent.click(await screen.findByTestId('captcha-image'))
    await waitFor(() => expect(server.captchaTokens).toHaveLength(2))
  })
})
