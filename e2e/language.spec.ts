import { expect, renderedByServer, test } from './support'

/**
 * The language is part of the address (apps/web/src/lib/i18n/address.ts): English pages carry
 * ?lang=en, Chinese ones nothing; the server renders ?lang=en in English and the browser takes that
 * page over as it is.
 */
test.describe('the language in the address', () => {
  test('opens ?lang=en in English, keeps it across links, switches in place and keeps the choice on reload', async ({ page, request }) => {
    // five page loads on a shared 2-core machine
    test.setTimeout(120_000)
    const hydration: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) hydration.push(`${page.url()} ${m.text()}`)
    })
    // the server's page: English, <html lang="en-US">
    const html = await renderedByServer(request, '/chinese/home?lang=en')
    expect(html).toContain('<html lang="en-US">')
    expect(html).toContain('data-prerendered="en-US"')
    expect(html).toContain('>Log in<')

    await page.goto('/chinese/home?lang=en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.getByTestId('header-login')).toHaveText('Log in')
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('en-US')
    // the links of the page carry the language, and following one keeps it
    const normalLink = page.getByTestId('main-nav').locator('a[href^="/chinese/normal"]').first()
    await expect(normalLink).toHaveAttribute('href', '/chinese/normal?lang=en')
    await normalLink.click()
    await expect(page).toHaveURL(/\/chinese\/normal\?lang=en$/)
    await expect(page.getByTestId('header-login')).toHaveText('Log in')

    // back to Chinese in place: the parameter goes, nothing reloads
    await page.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await page.getByTestId('header-language').click()
    await expect(page).toHaveURL(/\/chinese\/normal$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByTestId('header-login')).toHaveText(/登\s?录/)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    await page.reload()
    await expect(page).toHaveURL(/\/chinese\/normal$/)
    await expect(page.getByTestId('header-login')).toHaveText(/登\s?录/)

    // English again, and a reload keeps it
    await page.getByTestId('header-language').click()
    await expect(page).toHaveURL(/\/chinese\/normal\?lang=en$/)
    await expect(page.getByTestId('header-login')).toHaveText('Log in')
    await page.reload()
    await expect(page).toHaveURL(/\/chinese\/normal\?lang=en$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.getByTestId('header-login')).toHaveText('Log in')
    expect(hydration).toEqual([])
  })

  test('opens an English address shared into a fresh browser in English, and keeps that choice', async ({ browser, baseURL }) => {
    // the English address shared with someone else (a fresh browser, Chinese by default) opens in English
    const other = await browser.newContext({ baseURL, locale: 'zh-CN' })
    try {
      const shared = await other.newPage()
      await shared.goto('/chinese/normal?lang=en')
      await shared.waitForFunction(() => document.documentElement.dataset.interactive === 'true', null, { timeout: 30_000 })
      await expect(shared.locator('html')).toHaveAttribute('lang', 'en-US')
      await expect(shared.getByTestId('header-login')).toHaveText('Log in')
      // and it is their choice now: an address without the parameter opens in English and gets it
      await shared.goto('/chinese/home')
      await expect(shared).toHaveURL(/\/chinese\/home\?lang=en$/)
      await expect(shared.getByTestId('header-login')).toHaveText('Log in')
    } finally {
      await other.close()
    }
  })
})
