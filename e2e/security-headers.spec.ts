import type { Page } from '@playwright/test'
import { expect, test, watchPage } from './support'

/** Pages whose parts load everything the CSP must allow: OpenLayers, antd styles, chart SVGs, satellite.js, image exports. */
const PAGES = [
  { path: '/chinese/home', ready: (page: Page) => expect(page.getByTestId('main-nav')).toBeVisible() },
  { path: '/chinese/normal', ready: (page: Page) => expect(page.locator('.ol-viewport canvas').first()).toBeVisible() },
  { path: '/chinese/satellite/chinese/gf1', ready: (page: Page) => expect(page.locator('.ol-viewport canvas').first()).toBeVisible() },
  {
    path: '/chinese/satellite/analysis/general-statistic',
    ready: async (page: Page) => {
      const chart = page.getByTestId('figure-chart-byCategory')
      await expect.poll(() => chart.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
    },
  },
]

/** Records CSP violations the page reports, from the first script on. */
async function watchCsp(page: Page) {
  const console: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  return {
    console,
    events: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  }
}

test.describe('security headers', () => {
  for (const { path, ready } of PAGES) {
    test(`${path} works under the Content-Security-Policy, with no violation`, async ({ page }) => {
      const watch = watchPage(page)
      const csp = await watchCsp(page)
      const response = await page.goto(path)
      const headers = response?.headers() ?? {}
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(headers['content-security-policy']).toContain("default-src 'self'")
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['strict-transport-security']).toBeUndefined()
      await ready(page)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: test.info().outputPath('page.png'), fullPage: false })
      expect(csp.console).toEqual([])
      expect(await csp.events()).toEqual([])
      expect(watch.errors).toEqual([])
    })
  }

  test('a chart exported as PNG (SVG drawn on a canvas through a blob: address) raises no violation', async ({ page }) => {
    const csp = await watchCsp(page)
    await page.goto('/chinese/satellite/analysis/general-statistic')
    const figure = page.getByTestId('figure-byCategory')
    await expect(figure.getByTestId('figure-chart-byCategory')).toBeVisible()
    await figure.getByTestId('figure-export-byCategory').click()
    const png = page.getByTestId('figure-export-png-byCategory')
    if (await png.count()) {
      const [download] = await Promise.all([page.waitForEvent('download'), png.click()])
      expect(download.suggestedFilename()).toMatch(/\.png$/)
    }
    expect(csp.console).toEqual([])
    expect(await csp.events()).toEqual([])
  })

  test('the API documentation (Swagger UI) opens under the policy', async ({ page }) => {
    const csp = await watchCsp(page)
    await page.goto('/api/docs')
    await expect(page.locator('.swagger-ui .info')).toBeVisible()
    expect(csp.console).toEqual([])
    expect(await csp.events()).toEqual([])
  })

  test('API answers and map services carry the headers too', async ({ request }) => {
    const api = await request.get('/api/health')
    expect(api.headers()['x-content-type-options']).toBe('nosniff')
    expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    const wms = await request.get('/map/wms?SERVICE=WMS&REQUEST=GetCapabilities')
    expect(wms.headers()['x-content-type-options']).toBe('nosniff')
    expect(wms.headers()['cross-origin-resource-policy']).toBe('cross-origin')
    // no PUBLIC_BASE_URL here: capabilities link to the address the server listens on
    expect(await wms.text()).toMatch(/xlink:href="http:\/\/127\.0\.0\.1:\d+\/map\/wms/)
  })
})
