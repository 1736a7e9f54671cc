import { API_CODE, type UserInfo } from '@rs/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '../../../lib/api-client'
import { setNavigate } from '../../../lib/navigation'
import { setNotifier } from '../../../lib/notify'
import { useAuthStore } from './auth-store'
import { expireSession, logout, restoreSession, startSession } from './session'

const store = new Map<string, string>()
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
}

const ADMIN: UserInfo = {
  id: 1,
  username: 'admin',
  accountType: 0,
  telephone: null,
  email: null,
  permissions: ['MOD_057'],
  lastModifyTime: new Date().toISOString(),
  isServiceAccount: false,
  personInfo: { realName: '系统管理员', organization: '', relatePushNodeInfo: [] },
}

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 })
const status = (code: number, message = '') => new Response(JSON.stringify({ code, message, data: null }), { status: code })

/** Answers like the server for a session with the given user. */
function serverFor(user: UserInfo, options: { areaRangeStatus?: number } = {}) {
  return async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url.startsWith('/api/userinfo/info')) return ok(user)
    if (url.startsWith('/api/userinfo/area-range'))
      return options.areaRangeStatus
        ? status(options.areaRangeStatus)
        : ok([
            { type: 'regionId', regionId: '100000', status: 0, isDelete: 0 },
            { type: 'regionId', regionId: '130000', status: 0, isDelete: 1 },
          ])
    if (url.startsWith('/api/ordercart/count')) return ok(120)
    if (url.startsWith('/api/userinfo/logout')) return ok(null)
    return status(404)
  }
}

describe('session', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const navigate = vi.fn(async (_to: string) => {})
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() }

  beforeEach(() => {
    store.clear()
    vi.stubGlobal('localStorage', fakeStorage)
    vi.stubGlobal('fetch', fetchMock)
    setNavigate(navigate)
    setNotifier(notifier)
    setUnauthorizedHandler((sent, reason) => void expireSession(sent, reason))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    useAuthStore.setState({ token: null, user: null, areaRanges: [], cartCount: 0, isPasswordWarning: false, status: 'anonymous' })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.clearAllMocks()
    fetchMock.mockReset()
    setNotifier(null)
  })

  it('starts a session: keeps the token, loads user, active area ranges and cart count', async () => {
    fetchMock.mockImplementation(serverFor(ADMIN))
    await startSession('tok_new_session_token_000000001')
    await vi.waitFor(() => expect(useAuthStore.getState().cartCount).toBe(120))
    const state = useAuthStore.getState()
    expect(store.get('token')).toBe('tok_new_session_token_000000001')
    expect(state.user?.username).toBe('admin')
    expect(state.areaRanges.map((r) => r.regionId)).toEqual(['100000'])
    expect(state.isPasswordWarning).toBe(false)
  })

  it('sets the password warning when the password is older than 30 days', async () => {
    fetchMock.mockImplementation(serverFor({ ...ADMIN, lastModifyTime: '2020-01-01T00:00:00Z' }))
    await startSession('tok_new_session_token_000000002')
    expect(useAuthStore.getState().isPasswordWarning).toBe(true)
  })

  it('sends the user home when the area range cannot be loaded', async () => {
    fetchMock.mockImplementation(serverFor(ADMIN, { areaRangeStatus: 500 }))
    await startSession('tok_new_session_token_000000003')
    expect(navigate).toHaveBeenCalledWith('/home', undefined)
    expect(useAuthStore.getState().user?.username).toBe('admin')
  })

  it('logs out: clears token, user, area range, cart and warning, and goes home', async () => {
    fetchMock.mockImplementation(serverFor({ ...ADMIN, lastModifyTime: '2020-01-01T00:00:00Z' }))
    await startSession('tok_new_session_token_000000004')
    await logout()
    const state = useAuthStore.getState()
    expect(state).toMatchObject({ token: null, user: null, areaRanges: [], cartCount: 0, isPasswordWarning: false })
    expect(store.has('token')).toBe(false)
    expect(navigate).toHaveBeenLastCalledWith('/home', {})
    expect(notifier.error).not.toHaveBeenCalled()
  })

  it('shows 等处异常 when logout fails on the server but still clears locally', async () => {
    fetchMock.mockImplementation(serverFor(ADMIN))
    await startSession('tok_new_session_token_000000005')
    fetchMock.mockImplementation(async () => status(500, '服务器内部错误，请稍后重试'))
    await logout()
    expect(notifier.error).toHaveBeenCalledWith('等处异常')
    expect(useAuthStore.getState().user).toBeNull()
    expect(store.has('token')).toBe(false)
  })

  it('expires the session once when several calls answer 401', async () => {
    fetchMock.mockImplementation(serverFor(ADMIN))
    await startSession('tok_new_session_token_000000006')
    navigate.mockClear()
    fetchMock.mockImplementation(async () => status(401, '登录已过期，请重新登录！'))
    const { fetchCartCount } = await import('../api/fetch-cart-count')
    const { fetchUserInfo } = await import('../api/fetch-user-info')
    await Promise.allSettled([fetchCartCount(), fetchUserInfo(), fetchCartCount()])
    await vi.waitFor(() => expect(useAuthStore.getState().user).toBeNull())
    expect(notifier.warning).toHaveBeenCalledTimes(1)
    expect(notifier.warning).toHaveBeenCalledWith('登录已过期，请重新登录！')
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith('/home', {})
    expect(store.has('token')).toBe(false)
  })

  it('keeps an automatic login on an account-only answer and opens the login dialog; it asks for no cart', async () => {
    const kiosk: UserInfo = { ...ADMIN, id: 9, username: 'svc_code1', permissions: [], isServiceAccount: true }
    fetchMock.mockImplementation(serverFor(kiosk))
    await startSession('tok_automatic_login_session_0001', { checkPassword: false })
    expect(fetchMock.mock.calls.map(([url]) => String(url)).some((url) => url.startsWith('/api/ordercart'))).toBe(false)
    expect(useAuthStore.getState().cartCount).toBe(0)
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ code: API_CODE.accountRequired, message: '请登录账号后使用购物车', data: null }), { status: 401 }),
    )
    const { fetchUserInfo } = await import('../api/fetch-user-info')
    await expect(fetchUserInfo()).rejects.toMatchObject({ status: 401, code: API_CODE.accountRequired })
    await vi.waitFor(() => expect(useAuthStore.getState().isLoginOpen).toBe(true))
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok_automatic_login_session_0001', pendingTarget: null })
    expect(useAuthStore.getState().user?.username).toBe('svc_code1')
    expect(navigate).not.toHaveBeenCalled()
    expect(notifier.warning).not.toHaveBeenCalled()
    useAuthStore.setState({ isLoginOpen: false })
  })

  it('ignores a 401 for a call made without a session', async () => {
    fetchMock.mockImplementation(async () => status(401, '请先登录'))
    const { fetchCartCount } = await import('../api/fetch-cart-count')
    await expect(fetchCartCount()).rejects.toMatchObject({ status: 401 })
    expect(notifier.warning).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('clears a stored token whose user cannot be loaded and goes home', async () => {
    store.set('token', 'tok_stale_token_from_yesterday_01')
    useAuthStore.setState({ token: 'tok_stale_token_from_yesterday_01', status: 'loading' })
    fetchMock.mockImplementation(async () => status(500, '服务器内部错误，请稍后重试'))
    await restoreSession()
    expect(store.has('token')).toBe(false)
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, status: 'anonymous' })
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true })
  })
})
