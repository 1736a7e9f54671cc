import type { Browser, Page } from '@playwright/test'
import { expect, renderedByServer, test } from './support'

/**
 * A control clicked on a page the server rendered, before the app has taken it over (on a slow
 * phone, seconds), is held by public/boot.js with the control busy and replayed once the page is
 * interactive. The page's JavaScript modules are held back here until after the click.
 */
async function pageWithHeldCode(browser: Browser, baseURL: string | undefined) {
  // a context of its own: no module of an earlier test in the HTTP cache
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' })
  const page = await context.newPage()
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: string[] = []
  await page.route(/\/chinese\/assets\/.+\.js$/, async (route) => {
    held.push(route.request().url())
    await released
    await route.continue()
  })
  return { context, page, release, held }
}

/** Clicks the control before the page is interactive and checks it shows it is busy; answers when it was clicked. */
async function clickBeforeInteractive(page: Page, testId: string): Promise<number> {
  const control = page.getByTestId(testId)
  await expect(control).toBeVisible()
  await expect(control).toBeEnabled()
  await control.click()
  const clickedAt = Date.now()
  await expect(control).toHaveAttribute('aria-busy', 'true')
  await expect(page.locator('html')).toHaveClass(/rs-waiting/)
  expect(await page.evaluate(() => document.documentElement.dataset.interactive)).toBeUndefined()
  return clickedAt
}

test.describe('a control clicked before the page is interactive', () => {
  test('the header’s 登录 opens the login popup once the code has come', async ({ browser, baseURL, request }) => {
    await renderedByServer(request, '/chinese/home')
    const { context, page, release, held } = await pageWithHeldCode(browser, baseURL)
    try {
      await page.goto('/chinese/home', { waitUntil: 'commit' })
      const clickedAt = await clickBeforeInteractive(page, 'header-login')
      // the code is asked for after the first paint and held: the page stays as the server sent it
      await expect.poll(() => held.length).toBeGreaterThan(0)
      // the click is held (the control says it is busy), and nothing has opened yet
      await expect(page.getByTestId('header-login')).toHaveAttribute('aria-busy', 'true')
      await expect(page.getByTestId('login-modal')).toHaveCount(0)
      const releasedAt = Date.now()
      release()
      await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 30_000 })
      const openedAt = Date.now()
      await expect(page.getByTestId('header-login')).not.toHaveAttribute('aria-busy', 'true')
      await expect(page.locator('html')).not.toHaveClass(/rs-waiting/)
      console.log(
        `登录 clicked ${releasedAt - clickedAt} ms before the code was let through; the popup opened ${openedAt - releasedAt} ms after (${openedAt - clickedAt} ms after the click)`,
      )
    } finally {
      await context.close()
    }
  })

  test('/normal’s search button runs the search once the code has come', async ({ browser, baseURL, request }) => {
    await renderedByServer(request, '/chinese/normal')
    const { context, page, release } = await pageWithHeldCode(browser, baseURL)
    try {
      await page.goto('/chinese/normal', { waitUntil: 'commit' })
      const clickedAt = await clickBeforeInteractive(page, 'archive-search')
      // the click is held (the control says it is busy), and the search has not run
      await expect(page.getByTestId('archive-search')).toHaveAttribute('aria-busy', 'true')
      await expect(page).toHaveURL(/\/chinese\/normal$/)
      const releasedAt = Date.now()
      const [query] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/normalmeta/query'), { timeout: 30_000 }),
        Promise.resolve(release()),
      ])
      expect(query.status()).toBe(200)
      await expect(page.getByTestId('result-panel')).toBeVisible()
      await expect(page).toHaveURL(/[?&]run=1/)
      const shownAt = Date.now()
      console.log(
        `search clicked ${releasedAt - clickedAt} ms before the code was let through; the results showed ${shownAt - releasedAt} ms after`,
      )
    } finally {
      await context.close()
    }
  })
})
