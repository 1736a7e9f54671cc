import { expect, loginThroughPopup, sql, test, waitForInteractiveLoads } from './support'

/**
 * Two-way sharing as the 内蒙古 user meets it: registering the province's own imagery from a
 * GeoJSON file (a refused file first, with its reasons, then a good one), seeing it listed and
 * counted in the sharing overview; the large screen as a visitor sees it at 1920×1080.
 */

const box = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

test('a province user registers its own imagery and sees it in the sharing overview', async ({ page }) => {
  test.setTimeout(120_000)
  waitForInteractiveLoads(page)
  const name = `e2e 航摄 ${Date.now().toString(36)}`
  // a protected page opens the login popup itself
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.goto('/chinese/overallPlan/provinceFeedback'))
  await expect(page.getByRole('heading', { level: 1, name: '本地数据' })).toBeVisible()

  const feature = (props: Record<string, unknown>, geometry = box(111.55, 40.75, 111.75, 40.9)) => ({
    type: 'Feature',
    geometry,
    properties: props,
  })
  const good = { 名称: name, 类型: '航空', 获取日期: '2025-05-10', 分辨率: 0.2, 相机: 'UltraCam', 权属单位: '内蒙古测绘院' }
  // a file with one row outside the province: refused whole, with the row's reason
  const bad = { type: 'FeatureCollection', features: [feature(good), feature({ ...good, 名称: '北京' }, box(116.3, 39.9, 116.4, 40))] }
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'bad.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(bad)) })
  await page.getByTestId('local-submit').click()
  await expect(page.getByTestId('local-report')).toContainText('第 2 行')
  await expect(page.getByTestId('local-report')).toContainText('权限范围')
  const before = Number((await sql<{ n: number }>('select count(*)::int as n from local_imagery'))[0]?.n)

  await page.locator('input[type=file]').setInputFiles({
    name: 'good.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [feature(good)] })),
  })
  await page.getByTestId('local-submit').click()
  await expect(page.getByTestId('local-report')).toContainText('已登记')
  expect(Number((await sql<{ n: number }>('select count(*)::int as n from local_imagery'))[0]?.n)).toBe(before + 1)
  await expect(page.locator('[data-testid=local-table] tr', { hasText: name })).toBeVisible()

  // the sharing overview counts it under 呼和浩特市
  await page.goto('/chinese/overallPlan/regionPush')
  await expect(page.getByRole('heading', { level: 1, name: '共享概况' })).toBeVisible()
  const huhhot = page.locator('[data-testid=sharing-table] tr', { hasText: '呼和浩特市' })
  await expect(huhhot).toBeVisible()
  const [row] = await sql<{ n: number }>("select count(*)::int as n from local_imagery where county_code like '1501%'")
  await expect(huhhot).toContainText(String(row?.n))
})

test('the large screen shows the platform at a glance at 1920×1080', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  const page = await context.newPage()
  await page.goto('/chinese/cloud?refresh=5')
  await expect(page.getByTestId('cloud-screen')).toBeVisible()
  const [scenes] = await sql<{ n: number }>("select count(*)::int as n from scene where data_status = '2'")
  await expect(page.getByTestId('cloud-scenes')).toContainText((scenes?.n ?? 0).toLocaleString('zh-CN'))
  await expect(page.getByTestId('cloud-coverage')).toContainText('全国覆盖')
  await expect(page.getByTestId('cloud-monitor')).toContainText('个图斑')
  // no scroll: the stage fits the window
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  expect(overflow).toBeLessThanOrEqual(0)
  // the API goes away: the screen keeps its figures and says since when
  await page.route('**/api/**', (route) => route.abort())
  await expect(page.getByTestId('cloud-stale')).toBeVisible({ timeout: 40_000 })
  await expect(page.getByTestId('cloud-scenes')).toContainText((scenes?.n ?? 0).toLocaleString('zh-CN'))
  await context.close()
})
