import { API_CODE, defineRoute, Id, PERMISSION, RegionCode, tZh } from '@rs/shared'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AuditEvent } from '../lib/audit'
import { ApiError } from '../lib/errors'
import { bindRoute } from '../lib/route'
import { regionScopeOf, requireRegionScope, type SessionUser } from '../lib/session'
import { authPlugin } from './auth'
import { registerErrorHandling } from './errors'
import { inputGuardPlugin } from './input-guard'

// tokens are looked up by hash; the fake resolver knows two users by the hash of their token
const USERS: Record<string, SessionUser> = {
  plain: { sessionId: 1, userId: 1, username: 'plain', isServiceAccount: false, permissions: [], regionIds: [] },
  pv: {
    sessionId: 2,
    userId: 2,
    username: 'pv',
    isServiceAccount: false,
    permissions: [PERMISSION.pvland],
    regionIds: ['150000', '320100'],
  },
  pvNoArea: { sessionId: 3, userId: 3, username: 'pvNoArea', isServiceAccount: false, permissions: [PERMISSION.pvland], regionIds: [] },
  // an automatic login (?code=1): the built-in service account every visitor of the link shares
  kiosk: { sessionId: 4, userId: 4, username: 'svc_code1', isServiceAccount: true, permissions: [], regionIds: [] },
}
const token = (name: string) => `${name}-token-000000000000000000000`
const lookups: string[] = []
const audited: AuditEvent[] = []

const echo = z.object({ user: z.string().nullable() })
const routes = {
  open: defineRoute({ method: 'GET', path: '/t/open', summary: '', tags: [], auth: 'public', data: echo }),
  login: defineRoute({ method: 'GET', path: '/t/login', summary: '', tags: [], auth: 'login', data: echo }),
  account: defineRoute({ method: 'GET', path: '/t/account', summary: '', tags: [], auth: 'account', data: echo }),
  // a service's own check: a 403 thrown by the handler
  denied: defineRoute({ method: 'GET', path: '/t/denied', summary: '', tags: [], auth: 'public', data: echo }),
  remove: defineRoute({
    method: 'POST',
    path: '/t/remove',
    summary: '',
    tags: [],
    auth: { permission: PERMISSION.pvland },
    body: z.object({ id: Id }),
    data: echo,
  }),
  area: defineRoute({
    method: 'GET',
    path: '/t/area',
    summary: '',
    tags: [],
    auth: { permission: PERMISSION.pvland, areaScope: { regionField: 'regionCode' } },
    query: z.object({ regionCode: RegionCode }),
    data: echo,
  }),
  anyArea: defineRoute({
    method: 'GET',
    path: '/t/any-area',
    summary: '',
    tags: [],
    auth: { permission: PERMISSION.pvland, areaScope: true },
    data: echo,
  }),
}

const app = Fastify({ logger: false })
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await app.register(inputGuardPlugin)
  await app.register(authPlugin, {
    resolve: async (hash) => {
      lookups.push(hash)
      const { hashSessionToken } = await import('../lib/session')
      return Object.entries(USERS).find(([name]) => hashSessionToken(token(name)) === hash)?.[1]
    },
    audit: {
      record: async (event) => {
        audited.push(event)
      },
    },
  })
  for (const route of Object.values(routes)) {
    bindRoute(app, route as typeof routes.open, async ({ user, request }) => {
      await request.session()
      await request.session()
      if (route === routes.denied) throw ApiError.of(403, 'errors.areaRangeForbidden')
      return { user: user?.username ?? null }
    })
  }
  await app.ready()
})
afterAll(() => app.close())

const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(who ? { token: token(who) } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload,
  })

describe('the auth plugin', () => {
  it('looks a session up once per request, however often it is asked', async () => {
    lookups.length = 0
    const res = await call('GET', '/t/login', 'plain')
    expect(res.json().data).toEqual({ user: 'plain' })
    expect(lookups).toHaveLength(1)
  })

  it('answers 401 before a malformed or hostile body is judged, 403 before it for the wrong user', async () => {
    for (const payload of ['{not json', '{"id": true}', '{"id": "\\u0000"}', '[]']) {
      const anonymous = await call('POST', '/t/remove', undefined, payload)
      expect(anonymous.statusCode, payload).toBe(401)
      expect(anonymous.json().message).toBe('请先登录')
      const plain = await call('POST', '/t/remove', 'plain', payload)
      expect(plain.statusCode, payload).toBe(403)
    }
    const expired = await app.inject({ method: 'POST', url: '/t/remove', headers: { token: 'x'.repeat(40) }, payload: '{' })
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toBe('登录已过期，请重新登录！')
  })

  it('judges the body once the caller may call: ids are JSON integers only', async () => {
    for (const payload of ['{"id": true}', '{"id": "1"}', '{"id": 1.5}', '{"id": 0}', '{"id": -1}', '{"id": 1e308}', '{"id": [1]}']) {
      const res = await call('POST', '/t/remove', 'pv', payload)
      expect(res.statusCode, payload).toBe(400)
      expect(res.json().message).toContain('编号应为正整数')
    }
    expect((await call('POST', '/t/remove', 'pv', '{"id": 7}')).statusCode).toBe(200)
  })

  it('checks the area scope: an area range at all, and the region field inside it', async () => {
    expect((await call('GET', '/t/any-area', 'pvNoArea')).statusCode).toBe(403)
    expect((await call('GET', '/t/any-area', 'pvNoArea')).json().message).toBe('未关联用户权限范围，请联系管理员')
    expect((await call('GET', '/t/any-area', 'pv')).statusCode).toBe(200)
    expect((await call('GET', '/t/area?regionCode=150102', 'pv')).statusCode).toBe(200)
    expect((await call('GET', '/t/area?regionCode=320115', 'pv')).statusCode).toBe(200)
    expect((await call('GET', '/t/area?regionCode=320200', 'pv')).statusCode).toBe(403)
    expect((await call('GET', '/t/area?regionCode=110000', 'pv')).statusCode).toBe(403)
    expect((await call('GET', '/t/area?regionCode=11', 'pv')).statusCode).toBe(400)
    expect((await call('GET', '/t/area?regionCode=110000')).statusCode).toBe(401)
  })

  it("refuses an automatic login on an 'account' route with 401 and its own code, and lets an account in", async () => {
    const kiosk = await call('GET', '/t/account', 'kiosk')
    expect(kiosk.statusCode).toBe(401)
    expect(kiosk.json()).toEqual({ code: API_CODE.accountRequired, message: tZh('errors.accountRequired'), data: null })
    expect((await call('GET', '/t/account')).json().code).toBe(401)
    expect((await call('GET', '/t/account', 'plain')).json().data).toEqual({ user: 'plain' })
    // a route for any session still lets the automatic login in
    expect((await call('GET', '/t/login', 'kiosk')).json().data).toEqual({ user: 'svc_code1' })
  })

  it('records each 403 of a logged-in user once (user, route, reason), and no 401', async () => {
    audited.length = 0
    await call('GET', '/t/any-area', 'pvNoArea')
    await call('GET', '/t/area?regionCode=320200', 'pv')
    await call('GET', '/t/denied?secret=1', 'plain')
    expect(audited.map((e) => [e.actor?.username, e.action, e.outcome, e.target, e.detail?.reason])).toEqual([
      ['pvNoArea', 'accessDenied', 'failure', 'GET /t/any-area', tZh('errors.noAreaRange')],
      ['pv', 'accessDenied', 'failure', 'GET /t/area', tZh('errors.noPermission')],
      ['plain', 'accessDenied', 'failure', 'GET /t/denied', tZh('errors.areaRangeForbidden')],
    ])
    audited.length = 0
    // visitors' 401s, an expired token, an automatic login's 401 and a visitor's 403 are not recorded
    await call('GET', '/t/login')
    await call('POST', '/t/remove', undefined, '{"id": 1}')
    await app.inject({ method: 'GET', url: '/t/login', headers: { token: 'x'.repeat(40) } })
    await call('GET', '/t/account', 'kiosk')
    await call('GET', '/t/denied')
    expect(audited).toEqual([])
  })

  it('refuses to bind a route when the plugin is missing', () => {
    const bare = Fastify({ logger: false })
    expect(() => bindRoute(bare, routes.open, async () => ({ user: null }))).toThrow(/plugins\/auth/)
  })
})

describe('region scope', () => {
  it('lets the whole country cover all and a parent region cover its children', () => {
    const country = { regionIds: ['100000'] }
    expect(() => requireRegionScope(country, '650102')).not.toThrow()
    expect(regionScopeOf(country)).toEqual({ all: true })
    const some = { regionIds: ['150000', '320100', '110105'] }
    for (const ok of ['150000', '150100', '150102', '320100', '320115', '110105'])
      expect(() => requireRegionScope(some, ok), ok).not.toThrow()
    for (const no of ['100000', '320000', '320200', '110000', '110100', '110106', 'abc', '15'])
      expect(() => requireRegionScope(some, no), no).toThrow()
    expect(regionScopeOf({ regionIds: [] })).toEqual({ all: false, regionIds: [] })
  })
})
