import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './test/test-context'

let ctx: TestContext
let dist: string

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'rs-spa-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><title>门户</title></html>')
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
  ctx = await createTestContext({ WEB_DIST: dist })
})
afterAll(async () => {
  await ctx?.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('the built pages under /chinese/', () => {
  it('serves the page for every address under /chinese/ (history fallback), cookies passed by inject included', async () => {
    for (const url of ['/chinese/home', '/chinese/no/such/page']) {
      const res = await ctx.app.inject({ method: 'GET', url, cookies: { seen: '1' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<title>门户</title>')
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('serves hashed assets for a year and a missing asset as a 404 envelope', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/chinese/assets/app-1234.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)')
    expect(asset.headers['cache-control']).toContain('immutable')
    const missing = await ctx.app.inject({ method: 'GET', url: '/chinese/assets/missing.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe(404)
  })

  it('sends page addresses outside /chinese/ to the home page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/satellite/gf1' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/chinese/home')
  })

  it('keeps the English of an address it sends to the home page, and only that', async () => {
    for (const [url, home] of [
      ['/?lang=en', '/chinese/home?lang=en'],
      ['/chinese?lang=en-US', '/chinese/home?lang=en'],
      ['/satellite/gf1?x=1&lang=en', '/chinese/home?lang=en'],
      ['/satellite/gf1?lang=zh', '/chinese/home'],
      ['/?lang=fr', '/chinese/home'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(302)
      expect(res.headers.location, url).toBe(home)
    }
  })
})
