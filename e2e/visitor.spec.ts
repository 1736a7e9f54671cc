import { expect, renderedByServer, test, watchPage } from './support'

test.describe('a visitor', () => {
  test('lands on the home page with the public menu, footer and back-to-top', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/chinese\/home$/)
    await expect(page.getByTestId('header-login')).toBeVisible()
    await expect(page.getByTestId('header-register')).toBeVisible()
    await expect(page.getByTestId('header-logout')).toHaveCount(0)

    const nav = page.getByTestId('main-nav')
    for (const title of ['首页', '卫星动态', '影像查询', '统计分析', '轨道预测']) await expect(nav).toContainText(title)
    await expect(nav).not.toContainText('应用服务')
    await expect(nav).not.toContainText('统筹共享')

    await expect(page.getByTestId('site-footer')).toContainText('推荐使用')
    // the footer's QR code is drawn once the reader comes near it
    await page.getByTestId('site-footer').scrollIntoViewIfNeeded()
    await expect(page.locator('.site-footer__qr svg')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(page.getByTestId('home-visits')).toContainText(/\d/)

    await expect(page.getByTestId('back-to-top')).toHaveCount(0)
    await page.mouse.wheel(0, 1200)
    await expect(page.getByTestId('back-to-top')).toBeVisible()
    await page.getByTestId('back-to-top').click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.screenshot({ path: 'test-results/screens/home-visitor.png', fullPage: true })
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('is sent home from an unknown path and opens the statistics screens', async ({ page }) => {
    await page.goto('/chinese/no/such/page')
    await expect(page).toHaveURL(/\/chinese\/home$/)
    await page.goto('/chinese/statistics/push')
    await expect(page.getByRole('heading', { level: 1, name: '推送统计' })).toBeVisible()
    await expect(page.getByTestId('page-building')).toHaveCount(0)
  })

  test('on a slow phone, scrolls the rendered home before it is interactive, stays and follows a footer link', async ({
    context,
    request,
  }) => {
    // a CPU six times slower: the page shows long before React takes it over (hydration); a page of
    // its own, as the browser context is reused by the next test and the slowness dies with the page
    await renderedByServer(request, '/chinese/home')
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await page.goto('/chinese/home', { waitUntil: 'commit' })
    const link = page.getByTestId('footer-feedback')
    await link.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(0)
    // once React has the page (the visit counter is its first request), the reader is where they were
    // (give or take the few pixels the page's height settles by at the bottom)
    await page.waitForResponse((r) => r.url().includes('/api/statistics/transaction/'))
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40)
    await link.click()
    await expect(page).toHaveURL(/\/chinese\/feedback$/)
    await expect(page.getByTestId('feedback-form')).toBeVisible()
    await page.close()
  })

  test('gets the home, /normal and a satellite page rendered by the server, and the browser takes them over without a mismatch', async ({
    page,
    request,
  }) => {
    const watch = watchPage(page)
    const hydration: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) hydration.push(m.text())
    })
    for (const [path, text] of [
      ['/chinese/home', '卫星'],
      ['/chinese/normal', '影像查询'],
      ['/chinese/satellite/chinese/gf1', '高分一号'],
    ] as const) {
      const html = await renderedByServer(request, path)
      expect(html).toContain(text)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await expect(page.getByTestId('site-footer')).toBeVisible()
    }
    // taken over: a client-side link works without a page load
    await page.getByTestId('main-nav').getByText('首页', { exact: true }).click()
    await expect(page).toHaveURL(/\/chinese\/home$/)
    expect(hydration).toEqual([])
    expect(watch.errors).toEqual([])
  })

  test('counts the site visit', async ({ page, request }) => {
    const before = (await (await request.get('/api/statistics/transaction/counts')).json()).data.ALL ?? 0
    await page.goto('/chinese/home')
    await expect
      .poll(async () => (await (await request.get('/api/statistics/transaction/counts')).json()).data.ALL ?? 0)
      .toBeGreaterThan(before)
  })
})
