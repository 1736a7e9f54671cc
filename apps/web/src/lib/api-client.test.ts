import { API_CODE } from '@rs/shared'
import { areaRange, login, logout, userInfo } from '@rs/shared/api-paths'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, callApi, errorMessage, setUnauthorizedHandler } from './api-client'

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

const store = new Map<string, string>()
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
}

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    store.clear()
    vi.stubGlobal('localStorage', fakeStorage)
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
    setUnauthorizedHandler(() => {})
  })

  it('returns the envelope data on code 0 and sends the stored token in the token header', async () => {
    store.set('token', 'tok_abcdefghijklmnopqrstuvwxyz')
    fetchMock.mockResolvedValueOnce(answer(200, { code: 0, message: 'success', data: [{ regionId: '150000' }] }))
    await expect(callApi(areaRange, { query: { type: 0 } })).resolves.toEqual([{ regionId: '150000' }])
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/userinfo/area-range?type=0')
    expect(init?.headers).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuvwxyz' })
    expect(init?.signal).toBeUndefined()
  })

  it('sends no token header without a stored token, and a JSON body for POST', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 0, message: 'ok', data: null }))
    await callApi(logout)
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.method).toBe('POST')
    expect(init?.headers).not.toHaveProperty('token')
    expect(init?.body).toBe('{}')
  })

  it('rejects a nonzero code with the server message and the code (login code 2)', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 2, message: '由于系统升级，请点击“确认”修改密码后登录！', data: { token: null } }))
    const error = await callApi(login, { body: { username: 'legacy', password: 'x', captcha: 'ab12', token: 'a'.repeat(32) } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 200, code: 2, message: '由于系统升级，请点击“确认”修改密码后登录！' })
  })

  it('rejects an HTTP error with the status as code and the Chinese message', async () => {
    fetchMock.mockResolvedValueOnce(answer(423, { code: 423, message: '登录失败次数过多，账号已锁定，请15分钟后再试', data: null }))
    const error = await callApi(userInfo).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 423, code: 423, isSilent: false })
    expect(errorMessage(error)).toBe('登录失败次数过多，账号已锁定，请15分钟后再试')
  })

  it('rejects 404 and 504 without a message', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { code: 404, message: '接口不存在：/api/x', data: null }))
    fetchMock.mockResolvedValueOnce(new Response('Gateway Timeout', { status: 504 }))
    for (let i = 0; i < 2; i++) {
      const error = (await callApi(userInfo).catch((e: unknown) => e)) as ApiError
      expect(error.isSilent).toBe(true)
      expect(error.message).toBe('')
    }
  })

  it('reports a 401 with the token the request carried, every time, and rejects', async () => {
    store.set('token', 'tok_sent_with_the_request_0001')
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    fetchMock.mockImplementation(async () => answer(401, { code: 401, message: '登录已过期，请重新登录！', data: null }))
    await expect(callApi(userInfo)).rejects.toMatchObject({ status: 401 })
    await expect(callApi(userInfo)).rejects.toMatchObject({ status: 401 })
    expect(handler).toHaveBeenCalledTimes(2)
    expect(handler).toHaveBeenCalledWith('tok_sent_with_the_request_0001', 'expired')
  })

  it('tells an automatic login asked for an account (code accountRequired) from an expiry', async () => {
    store.set('token', 'tok_of_an_automatic_login_0001')
    const handler = vi.fn()
    setUnauthorizedHandler(handler)
    fetchMock.mockResolvedValueOnce(answer(401, { code: API_CODE.accountRequired, message: '请登录账号后使用购物车', data: null }))
    await expect(callApi(userInfo)).rejects.toMatchObject({
      status: 401,
      code: API_CODE.accountRequired,
      message: '请登录账号后使用购物车',
    })
    expect(handler).toHaveBeenCalledWith('tok_of_an_automatic_login_0001', 'accountRequired')
  })

  it('turns a network failure into a readable error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(callApi(userInfo)).rejects.toMatchObject({ status: 0, message: '网络异常，请检查网络连接后重试' })
  })

  it('rejects an answer that is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }))
    await expect(callApi(userInfo)).rejects.toMatchObject({ message: '未知的错误，请联系管理员或重新尝试' })
  })
})

describe('errorMessage', () => {
  it('falls back to the SPEC message for unknown non-Error failures', () => {
    expect(errorMessage('boom')).toBe('未知的错误，请联系管理员或重新尝试')
    expect(errorMessage(undefined)).toBe('未知的错误，请联系管理员或重新尝试')
  })
})
