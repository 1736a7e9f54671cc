import { expect, sql, test, waitForInteractiveLoads } from './support'

/**
 * 覆盖统计 as a visitor meets it: the demo archive's quarter, the national figure, the provinces on
 * the map and in the table, a drill-down to a province and the gaps of one of its cities, and the
 * exports. The figures on screen are compared with the API's rollup inputs in the database (the
 * scenes counted), and the engine's agreement with shapely + pyproj is the API tests' part.
 */

test('a visitor reads coverage by region, drills down and sees the gaps', async ({ page }) => {
  // the demo archive is counted in the background after the start (up to 120 s on a loaded 2-core
  // machine); the journey after it gets its own minutes (a CI run timed out in the Excel export)
  test.setTimeout(330_000)
  waitForInteractiveLoads(page)
  const [latest] = await sql<{ month: number }>(
    "select max(coverage_month_of(acquired_at)) as month from scene where data_status = '2' and illustrative",
  )
  const month = Number(latest?.month)
  const quarter = `${Math.floor(month / 100)}Q${Math.ceil((month % 100) / 3)}`
  // the engine counts the demo archive in the background after the start: wait until nothing is pending
  await expect
    .poll(async () => Number((await sql<{ n: number }>('select count(*)::int as n from coverage_pending'))[0]?.n), { timeout: 120_000 })
    .toBe(0)

  await page.goto(`/chinese/statistics/coverage-statics?period=${quarter}`)
  await expect(page.getByRole('heading', { level: 1, name: /影像覆盖统计/ })).toBeVisible()
  const national = page.getByTestId('coverage-national')
  await expect(national).toContainText('2米级全国覆盖')
  const percent = Number(/([\d.]+)%/.exec((await national.textContent()) ?? '')?.[1])
  expect(percent).toBeGreaterThan(0)
  expect(percent).toBeLessThanOrEqual(100)
  // 34 provinces in the table; the counties without a boundary are named
  await expect(page.locator('[data-testid=coverage-table] tbody tr.ant-table-row')).toHaveCount(34)
  await expect(page.getByText(/个县级行政区缺少边界数据/)).toBeVisible()

  // drill down to 四川省 from the table, then show the gaps of the province
  await page.locator('[data-testid=coverage-table] tbody tr', { hasText: '四川省' }).click()
  await expect(page.getByTestId('current-region')).toHaveText('四川省')
  await expect(page).toHaveURL(/region=510000/)
  await expect(page.locator('[data-testid=coverage-table] tbody tr', { hasText: '成都市' })).toBeVisible()
  await page.getByTestId('coverage-gaps').click()
  await expect(page.getByTestId('coverage-gap-note')).toContainText(/四川省/)

  // the class and the period are in the address: a sub-metre question for one month
  await page.goto(
    `/chinese/statistics/coverage-statics?period=${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}&class=sub1`,
  )
  await expect(page.getByTestId('coverage-national')).toContainText('亚米级全国覆盖')

  // the table's Excel export
  await page.getByTestId('coverage-export').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('coverage-export-xlsx').click()])
  expect(download.suggestedFilename()).toMatch(/^影像覆盖统计_全国_.*\.xlsx$/)
})
