import { expect, test } from '@playwright/test'
import { watchPage } from './support'

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

  test('is sent home from an unknown path and sees the 建设中 page of unbuilt screens', async ({ page }) => {
    await page.goto('/chinese/no/such/page')
    await expect(page).toHaveURL(/\/chinese\/home$/)
    await page.goto('/chinese/statistics/push')
    await expect(page.getByTestId('page-building')).toContainText('推送统计')
  })

  test('counts the site visit', async ({ page, request }) => {
    const before = (await (await request.get('/api/statistics/transaction/counts')).json()).data.ALL ?? 0
    await page.goto('/chinese/home')
    await expect
      .poll(async () => (await (await request.get('/api/statistics/transaction/counts')).json()).data.ALL ?? 0)
      .toBeGreaterThan(before)
  })
})
