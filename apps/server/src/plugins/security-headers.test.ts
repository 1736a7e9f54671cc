import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicBase } from '../lib/public-base'
import { createTestContext, type TestContext } from '../test/test-context'
import { contentSecurityPolicy } from './security-headers'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_BASE_URL: 'https://rs.example.cn/portal/', HSTS: 'on', TIANDITU_KEY: 'k' })
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

describe('security headers', () => {
  it('are on API answers, pages and map services, with HSTS when the portal says it is served over TLS', async () => {
    for (const url of ['/api/health', '/api/news/list?page=x', '/chinese/home', '/map/wms?SERVICE=WMS&REQUEST=GetCapabilities']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      const h = res.headers
      expect(h['x-content-type-options'], url).toBe('nosniff')
      expect(h['x-frame-options'], url).toBe('DENY')
      expect(h['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(h['strict-transport-security'], url).toBe('max-age=31536000')
      expect(String(h['content-security-policy']), url).toContain("frame-ancestors 'none'")
      expect(String(h['content-security-policy']), url).toContain('https://*.tianditu.gov.cn')
      expect(String(h['content-security-policy']), url).toContain('upgrade-insecure-requests')
    }
  })

  it('leaves a picture its own stricter policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/satellite/typical-images/image?key=gf1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
  })

  it('lets other sites embed map service answers, not API answers', async () => {
    const wms = await ctx.app.inject({ method: 'GET', url: '/map/wms?SERVICE=WMS&REQUEST=GetCapabilities' })
    expect(wms.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('allows Tianditu and upgrades requests only when configured', () => {
    const plain = contentSecurityPolicy({ hsts: false, tianditu: false })
    expect(plain.imgSrc).not.toContain('https://*.tianditu.gov.cn')
    expect(plain.upgradeInsecureRequests).toBeNull()
  })
})

describe('control characters', () => {
  it('get a Chinese 400 naming where they were, from the API and as an exception report from the OGC services', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/region/search?name=%00' })
    expect(api.statusCode).toBe(400)
    expect(api.json().message).toBe('输入内容含有不允许的控制字符（U+0000），位置：查询参数.name')
    const wfs = await ctx.app.inject({ method: 'GET', url: '/map/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=region&FILTER=%00' })
    expect(wfs.statusCode).toBe(400)
    expect(wfs.headers['content-type']).toContain('xml')
    expect(wfs.body).toContain('ExceptionReport')
  })

  it('leave the OpenAPI document buildable with the strict number and text schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(res.json().paths['/api/news/detail'].get.parameters.map((p: { name: string }) => p.name)).toContain('id')
  })
})

describe('OGC capabilities', () => {
  it('link to PUBLIC_BASE_URL, never to the Host header a client sends', async () => {
    for (const service of ['wms', 'wfs', 'wmts']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/map/${service}?SERVICE=${service.toUpperCase()}&REQUEST=GetCapabilities`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      })
      expect(res.statusCode, service).toBe(200)
      expect(res.body, service).not.toContain('evil.example')
      expect(res.body, service).toContain(`https://rs.example.cn/portal/map/${service}`)
    }
  })

  it('link to the listen address, or localhost and the configured port before listening, without PUBLIC_BASE_URL', async () => {
    const app = Fastify({ logger: false })
    expect(publicBase(app, undefined, 3000)).toBe('http://localhost:3000')
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    expect(publicBase(app, undefined, 3000)).toBe(`http://127.0.0.1:${port}`)
    expect(publicBase(app, 'https://a.example', 3000)).toBe('https://a.example')
    await app.close()
  })
})
