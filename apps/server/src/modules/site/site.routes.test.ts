import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '../../db/seed'
import { createTestContext, type TestContext } from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

describe('GET /api/menu/default', () => {
  it('shows visitors the always-visible entries only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/menu/default' })
    const names = res.json().data.map((m: { name: string }) => m.name)
    expect(names).toEqual(['Home', 'satellite', 'normal', 'statistics', 'orbitalPredict'])
    const orbit = res.json().data.find((m: { name: string }) => m.name === 'orbitalPredict')
    expect(orbit.children.map((c: { name: string }) => c.name)).toEqual(['orbitalPredictMain', 'orbit3d'])
  })
})

describe('GET /api/config/public', () => {
  it('reports the site settings with the automatic login switch', async () => {
    const data = (await ctx.app.inject({ method: 'GET', url: '/api/config/public' })).json().data
    expect(data.autoLoginEnabled).toBe(true)
    expect(data.footer.icp).toBeTruthy()
  })
})

describe('POST /api/statistics/transaction/increment', () => {
  const post = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/statistics/transaction/increment', payload: payload as object })

  it('counts visits by name, including the site total ALL', async () => {
    expect((await post({ name: 'ALL', label: '全站' })).json().data).toEqual({ name: 'ALL', count: 1 })
    expect((await post({ name: 'ALL' })).json().data).toEqual({ name: 'ALL', count: 2 })
    await post({ name: 'Login', label: '登录' })
    await post({ name: 'landcover', label: '地表覆盖监测' })
    const counts = (await ctx.app.inject({ method: 'GET', url: '/api/statistics/transaction/counts' })).json().data
    expect(counts).toMatchObject({ ALL: 2, Login: 1, landcover: 1 })
  })

  it('rejects unknown page names and missing names without writing', async () => {
    const unknown = await post({ name: 'DROP TABLE page_visit', label: 'x' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toContain('未知的页面名称')
    expect((await post({})).statusCode).toBe(400)
    expect((await post({ name: 'x'.repeat(65) })).statusCode).toBe(400)
    const rows = await ctx.database.db.selectFrom('page_visit').select('name').execute()
    expect(rows.map((r) => r.name).sort()).toEqual(['ALL', 'Login', 'landcover'])
  })
})

describe('error envelope', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 404, data: null })
    expect(res.json().message).toContain('接口不存在')
  })

  it('answers broken JSON with 400 and a Chinese message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/statistics/transaction/increment',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('请求内容不是有效的JSON')
  })

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/statistics/transaction/increment',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'ALL', label: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('请求内容过大')
  })

  it('answers an unsupported content type with a 4xx envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/userinfo/loginv2',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe(415)
  })
})

describe('pages and docs', () => {
  it('redirects the root to the home page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/chinese/home')
  })

  it('sends unknown page addresses to the home page and keeps JSON 404s for the services', async () => {
    for (const url of ['/home', '/normal', '/foo/bar?x=1', '/index']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(302)
      expect(res.headers.location, url).toBe('/chinese/home')
    }
    for (const url of ['/api/nothing', '/api', '/missing.js']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ code: 404 })
    }
    // STAC answers in its own JSON error shape, the map services in theirs (OGC), never with a page
    const stac = await ctx.app.inject({ method: 'GET', url: '/stac/nothing' })
    expect(stac.statusCode).toBe(404)
    expect(stac.json()).toMatchObject({ code: expect.any(String), description: expect.any(String) })
    expect((await ctx.app.inject({ method: 'GET', url: '/map/nothing' })).statusCode).toBe(404)
    const post = await ctx.app.inject({ method: 'POST', url: '/foo', payload: {} })
    expect(post.statusCode).toBe(404)
  })

  it('serves the OpenAPI description of every endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    const spec = res.json()
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/userinfo/loginv2',
        '/api/captcha/image',
        '/api/userinfo/info',
        '/api/userinfo/area-range',
        '/api/ordercart/count',
      ]),
    )
    expect(spec.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'token' })
  })

  it('reports health with the database kind', async () => {
    const data = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().data
    expect(data.status).toBe('ok')
    expect(['pglite', 'postgres']).toContain(data.database)
  })
})

describe('demo seed', () => {
  it('changes nothing when run again', async () => {
    const before = await ctx.database.db
      .selectFrom('area_range')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect((await seedDemo(ctx.database.db)).createdUsers).toEqual([])
    const after = await ctx.database.db
      .selectFrom('area_range')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})
