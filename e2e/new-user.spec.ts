import type { Page } from '@playwright/test'
import { expect, test, watchPage } from './support'

const SATELLITE_PAGES = ['/chinese/satellite/chinese/gf1', '/chinese/satellite/chinese/jl1', '/chinese/satellite/global/sentinel1']

/** Whether the page is wider than its layout viewport (it would scroll sideways). */
async function overflow(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
}

/** A lower-case Latin word of three letters or more that is no unit: English prose on a Chinese page. */
const ENGLISH_WORD = /(?<!\p{L})(?!(?:nm|km|min|mm|cm)(?!\p{L}))[a-z]{3,}(?!\p{L})/gu

test.describe('what a new user sees', () => {
  test('satellite pages show Chinese only, with unconfirmed values marked 待核实 and the sources as links', async ({ page }) => {
    const watch = watchPage(page)
    for (const url of SATELLITE_PAGES) {
      await page.goto(url)
      const content = page.getByTestId('satellite-page')
      await expect(content.getByTestId('satellite-member-row').first()).toBeVisible()
      // the English name is labelled as such; everything else is Chinese (designations and units aside)
      const text = await content.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement
        for (const en of copy.querySelectorAll('.ant-descriptions-item-content a, .satellite-sources')) en.remove()
        return copy.innerText
      })
      expect(text.match(ENGLISH_WORD) ?? [], url).toEqual([])
      const links = page.getByTestId('satellite-sources').locator('a')
      expect(await links.count(), url).toBeGreaterThan(0)
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^https?:\/\//)
      await page.screenshot({ path: `test-results/screens/chinese-only-${url.split('/').at(-1)}.png`, fullPage: true })
    }
    await expect(page.getByTestId('satellite-unconfirmed')).toContainText('待核实')
    expect(watch.errors).toEqual([])
  })

  test('unknown addresses lead to the home page; the API keeps its JSON 404', async ({ page, request }) => {
    for (const url of ['/no/such/page', '/chinese/no/such/page']) {
      await page.goto(url)
      await expect(page, url).toHaveURL(/\/chinese\/home$/)
      await expect(page.getByTestId('site-footer')).toBeVisible()
    }
    const api = await request.get('/api/no/such')
    expect(api.status()).toBe(404)
    expect((await api.json()).code).toBe(404)
  })

  test('the footer holds no instructions to the operator, and the language switch sets the page language', async ({ page }) => {
    await page.goto('/chinese/home')
    await expect(page.getByTestId('site-footer')).toBeVisible()
    await expect(page.getByTestId('site-footer')).not.toContainText('配置')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await page.getByTestId('header-language').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await page.getByTestId('header-language').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  })

  test('/normal names the chosen region instead of showing its code', async ({ page }) => {
    await page.goto('/chinese/normal')
    await page.getByTestId('region-province').click()
    await page.keyboard.type('北京')
    await page.keyboard.press('Enter')
    const selected = page.getByTestId('selected-area')
    await expect(selected).toContainText('北京市')
    await expect(selected).not.toContainText(/\d{6}/)
  })

  test('at the 1200 px layout width no page scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 })
    const pages = ['/chinese/home', '/chinese/normal', ...SATELLITE_PAGES, '/chinese/satellite/chinese', '/chinese/satellite/global']
    for (const url of [
      ...pages,
      '/chinese/satellite/analysis',
      '/chinese/satellite/image',
      '/chinese/satellite/news',
      '/chinese/statistics/coverage-statics',
      '/chinese/orbitalPredict',
    ]) {
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      const { scroll, client } = await overflow(page)
      expect(scroll, url).toBeLessThanOrEqual(client)
    }
  })
})

test.describe('on a phone (375 × 812)', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  })

  test('the 1200 px layout is scaled to the screen and no page is wider than it', async ({ page }) => {
    for (const url of ['/chinese/home', '/chinese/normal', SATELLITE_PAGES[0] as string]) {
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      await expect(page.locator('meta#viewport')).toHaveAttribute('content', /^width=1200,/)
      const { scroll, client } = await overflow(page)
      expect(client, url).toBe(1200)
      expect(scroll, url).toBeLessThanOrEqual(client)
      await page.screenshot({ path: `test-results/screens/phone-${url.split('/').at(-1)}.png` })
    }
  })
})
