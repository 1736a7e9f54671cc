import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './test/test-context'

let ctx: TestContext
let root: string

// a built web in miniature: index.html, the manifest, and a renderer that echoes what it was given
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rs-render-'))
  const dist = path.join(root, 'dist')
  mkdirSync(path.join(dist, '.vite'), { recursive: true })
  mkdirSync(path.join(root, 'dist-ssr'))
  // the renderer is an ES module, as apps/web (type: module) builds it
  writeFileSync(path.join(root, 'package.json'), '{"type":"module"}')
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>门户</title><script type="module" crossorigin src="/chinese/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/chinese/assets/vendor-1.js"><link rel="stylesheet" crossorigin href="/chinese/assets/index-1.css"></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/routes/chinese-satellite.tsx': {
        file: 'assets/chinese-satellite-1.js',
        css: ['assets/satellite-1.css'],
        imports: ['_shared.js'],
      },
      '_shared.js': { file: 'assets/shared-1.js' },
    }),
  )
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function renderPage(url, state) {
      if (url.endsWith('/home')) throw new Error('renderer broke')
      const keys = state.queries.map((q) => q.queryKey.join('.')).join(',')
      return { html: '<main>rendered ' + url + ' with ' + keys + '</main>', styles: '<style>.antd{}</style>' }
    }`,
  )
  ctx = await createTestContext({ WEB_DIST: dist })
})
afterAll(async () => {
  await ctx?.close()
  rmSync(root, { recursive: true, force: true })
})

/**
 * Asks for a page until the server's background render has it (a request waits for the render only
 * briefly and gets the page the browser renders meanwhile, plain index.html), for at most a minute.
 */
async function renderedPage(url: string) {
  let res = await ctx.app.inject({ method: 'GET', url })
  const started = Date.now()
  while (!res.body.includes('data-prerendered') && Date.now() - started < 60_000) {
    expect(res.body).toContain('<div id="root"></div>')
    await new Promise((resolve) => setTimeout(resolve, 100))
    res = await ctx.app.inject({ method: 'GET', url })
  }
  return res
}

describe('pages the server renders for visitors', () => {
  it('sends a satellite page rendered, with its primed answers, antd rules before the portal CSS and the screen preloaded', async () => {
    // the render runs in the background thread; a request waits for it only briefly and gets the
    // page the browser renders meanwhile, so the first answers may be plain index.html
    const res = await renderedPage('/chinese/satellite/chinese/gf1')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain(
      '<div id="root" data-prerendered="zh-CN"><main>rendered /chinese/satellite/chinese/gf1 with site.config,site.default-menu,satellite.detail.gf1</main></div>',
    )
    expect(res.body).toContain('<html lang="zh-CN">')
    expect(res.body.indexOf('<style>.antd{}</style>')).toBeLessThan(res.body.indexOf('index-1.css'))
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/chinese/assets/satellite-1.css">')
    // the code comes after the first paint: inert links that boot.js turns into a module script and preloads
    expect(res.body).toContain('<link rel="rs-modulepreload" href="/chinese/assets/shared-1.js">')
    expect(res.body).toContain('<link rel="rs-modulepreload" href="/chinese/assets/vendor-1.js">')
    expect(res.body).toContain('<link rel="rs-module" href="/chinese/assets/index-1.js">')
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/)
    const state = JSON.parse(/<script type="application\/json" id="rs-query-state">(.*?)<\/script>/.exec(res.body)?.[1] ?? 'null')
    const detail = state.queries.find((q: { queryKey: string[] }) => q.queryKey.join('.') === 'satellite.detail.gf1')
    expect(detail.state.status).toBe('success')
    expect(detail.state.data.nameZh).toBeTruthy()
  })

  it('primes the image query with the satellite catalogue its filter draws', async () => {
    const res = await renderedPage('/chinese/normal')
    expect(res.body).toContain('rendered /chinese/normal with site.config,site.default-menu,satellite.catalogue,satellite.sensors</main>')
    const state = JSON.parse(/<script type="application\/json" id="rs-query-state">(.*?)<\/script>/.exec(res.body)?.[1] ?? 'null')
    const catalogue = state.queries.find((q: { queryKey: string[] }) => q.queryKey.join('.') === 'satellite.catalogue')
    expect(catalogue.state.data.length).toBeGreaterThan(20)
  })

  it('renders a page asked with ?lang=en in English, kept apart from the Chinese one', async () => {
    const res = await renderedPage('/chinese/satellite/chinese/gf1?lang=en')
    expect(res.body).toContain('<html lang="en-US">')
    // the web's renderer is given the address with its language, so it renders in English
    expect(res.body).toContain(
      '<div id="root" data-prerendered="en-US"><main>rendered /chinese/satellite/chinese/gf1?lang=en with site.config,site.default-menu,satellite.detail.gf1</main></div>',
    )
    // the Chinese page of the same path is still the Chinese one (the cache is keyed by language)
    const zh = await ctx.app.inject({ method: 'GET', url: '/chinese/satellite/chinese/gf1' })
    expect(zh.body).toContain('<html lang="zh-CN">')
    expect(zh.body).toContain('data-prerendered="zh-CN"><main>rendered /chinese/satellite/chinese/gf1 with')
  })

  it('sends plain index.html for an address with a query, a page it does not render, and when the renderer fails', async () => {
    for (const url of [
      '/chinese/normal?code=1',
      '/chinese/normal?lang=en&code=1',
      '/chinese/normal?lang=fr',
      '/chinese/personal',
      '/chinese/home',
      '/chinese/no/such/page',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
      expect(res.body, url).toContain('<script type="module" crossorigin src="/chinese/assets/index-1.js"></script>')
    }
    // a failing render (this renderer throws for /home) is tried again and answered plainly each time
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300))
      const res = await ctx.app.inject({ method: 'GET', url: '/chinese/home' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root"></div>')
    }
  })
})
