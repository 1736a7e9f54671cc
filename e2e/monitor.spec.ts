import { expect, test } from '@playwright/test'
import { loginThroughPopup, sql, watchPage } from './support'

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens'

test.describe('monitoring modules', () => {
  test('a province user sees the statistics of the country, drills into the province and lists only its spots', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.goto('/chinese/monitor/pvland'))
    await expect(page).toHaveURL(/\/chinese\/monitor\/pvland$/)
    const screen = page.getByTestId('monitor-screen')
    await expect(screen).toContainText('光伏用地监测')
    await expect(page.getByTestId('illustrative-tag')).toHaveText('示意')
    await expect(page.getByTestId('illustrative-note')).toContainText('Global Power Plant Database')

    // statistics: every province listed, the largest marked, the map coloured
    const table = page.getByTestId('statistics-table')
    await expect(table.getByRole('row', { name: /内蒙古自治区/ })).toBeVisible()
    await expect(page.getByTestId('largest-region')).toContainText('最多')
    await expect(page.getByTestId('map-legend')).toBeVisible()
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-country.png`, fullPage: true })

    // drill down to Inner Mongolia, then back up
    await table.getByRole('row', { name: /内蒙古自治区/ }).click()
    await expect(page).toHaveURL(/region=150000/)
    await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
    await expect(table.getByRole('row', { name: /呼和浩特市/ })).toBeVisible()
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-province.png`, fullPage: true })

    // detail: the scope rule keeps the province; every listed spot lies in it
    await page.getByTestId('mode-tabs').getByText('详情').click()
    await expect(page).toHaveURL(/mode=detail/)
    await expect(page.getByTestId('detail-scope')).toContainText('150000')
    const spots = page.getByTestId('spot-table')
    await expect(spots.locator('tbody tr.ant-table-row').first()).toBeVisible()
    const regions = await spots.locator('tbody tr.ant-table-row td:nth-child(3)').allTextContents()
    expect(regions.length).toBeGreaterThan(0)
    expect(regions.length).toBeLessThanOrEqual(20)
    for (const r of regions) expect(r).toMatch(/^内蒙古自治区/)
    await spots.locator('tbody tr.ant-table-row').first().click()
    const drawer = page.getByTestId('spot-fields')
    await expect(drawer).toContainText('电站名称（GPPD）')
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-detail.png`, fullPage: true })

    // straight to the API: a spot outside the province is refused
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const [beijing] = await sql<{ id: number }>("select id from monitor_spot where module = 'pvland' and province_code = '110000' limit 1")
    const outside = await page.request.get(`/api/monitor/spot/detail?module=pvland&id=${beijing?.id}`, { headers: { token: token ?? '' } })
    expect(outside.status()).toBe(403)
    expect((await outside.json()).message).toBe('无查看信息权限，请联系管理员')
    const steel = await page.request.get('/api/monitor/spot/list?module=steelplant', { headers: { token: token ?? '' } })
    expect(steel.status()).toBe(403)
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('a ministry user with the whole country sees steel plants everywhere, with the change types', async ({ page }) => {
    const [user] = await sql<{ id: number }>("select id from app_user where username = 'user'")
    await sql("insert into user_permission (user_id, code) values ($1, 'MOD_060') on conflict do nothing", [user?.id])
    await sql("insert into area_range (user_id, type, region_id, status, is_delete) values ($1, 'regionId', '100000', 0, 0)", [user?.id])
    try {
      await page.goto('/chinese/home')
      await loginThroughPopup(page, 'user', 'User@2026')
      await expect(page.getByTestId('header-logout')).toBeVisible()
      await page.goto('/chinese/monitor/steelplant')
      await expect(page.getByTestId('monitor-screen')).toContainText('钢铁厂监测')
      // the steel module offers statistics and detail only
      await expect(page.getByTestId('mode-tabs').locator('.ant-segmented-item')).toHaveCount(2)
      await expect(page.getByTestId('statistics-table').getByRole('row', { name: /河北省/ })).toBeVisible()
      await page.getByTestId('mode-tabs').getByText('详情').click()
      await expect(page.getByTestId('detail-scope')).toHaveText('权限范围：全国')
      await page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first().click()
      await expect(page.getByTestId('spot-fields')).toContainText('厂区编号')
      await page.waitForTimeout(1500)
      await page.screenshot({ path: `${SHOTS}/monitor-steelplant-detail.png`, fullPage: true })
      const provinces = await sql<{ n: number }>(
        "select count(distinct province_code)::int as n from monitor_spot where module = 'steelplant'",
      )
      const token = await page.evaluate(() => localStorage.getItem('token'))
      const list = await page.request.get('/api/monitor/spot/list?module=steelplant&pageSize=100', { headers: { token: token ?? '' } })
      const body = await list.json()
      expect(list.status()).toBe(200)
      expect(new Set(body.data.items.map((s: { xzqdm: string }) => s.xzqdm.slice(0, 2))).size).toBeGreaterThan(1)
      expect(provinces[0]?.n).toBeGreaterThan(5)
    } finally {
      await sql("delete from user_permission where user_id = $1 and code = 'MOD_060'", [user?.id])
      await sql("delete from area_range where user_id = $1 and region_id = '100000'", [user?.id])
    }
  })

  test('statistics are public to an anonymous caller; detail asks for login', async ({ request }) => {
    const stats = await request.get('/api/monitor/statistics?module=windmill')
    expect(stats.status()).toBe(200)
    const body = await stats.json()
    expect(body.data.illustrative).toBe(true)
    expect(body.data.rows.find((r: { code: string }) => r.code === '150000').num).toBeGreaterThan(0)
    const list = await request.get('/api/monitor/spot/list?module=windmill')
    expect(list.status()).toBe(401)
  })
})

test.describe('monitoring modules drawn from their declarations', () => {
  for (const [path, title, measure] of [
    ['road', '道路监测', '长度'],
    ['windmill', '风电监测', null],
    ['surfaceDeform', '地表形变监测', null],
  ] as const) {
    test(`${title}: statistics with its own measure`, async ({ page }) => {
      const [user] = await sql<{ id: number }>("select id from app_user where username = 'user'")
      const code = { road: 'MOD_057', windmill: 'MOD_059', surfaceDeform: 'MOD_076' }[path]
      await sql('insert into user_permission (user_id, code) values ($1, $2) on conflict do nothing', [user?.id, code])
      await sql("insert into area_range (user_id, type, region_id, status, is_delete) values ($1, 'regionId', '130000', 0, 0)", [user?.id])
      try {
        await page.goto('/chinese/home')
        await loginThroughPopup(page, 'user', 'User@2026')
        await expect(page.getByTestId('header-logout')).toBeVisible()
        await page.goto(`/chinese/monitor/${path}`)
        await expect(page.getByTestId('monitor-screen')).toContainText(title)
        const table = page.getByTestId('statistics-table')
        await expect(table.getByRole('row', { name: /河北省/ })).toBeVisible()
        if (measure) await expect(table).toContainText(measure)
        else await expect(table).not.toContainText('面积')
        await page.waitForTimeout(1500)
        await page.screenshot({ path: `${SHOTS}/monitor-${path}-country.png`, fullPage: true })
        await page.getByTestId('mode-tabs').getByText('详情').click()
        await expect(page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
        await page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first().click()
        await expect(page.getByTestId('spot-card')).toBeVisible()
        await page.waitForTimeout(1500)
        await page.screenshot({ path: `${SHOTS}/monitor-${path}-detail.png`, fullPage: true })
      } finally {
        await sql('delete from user_permission where user_id = $1 and code = $2', [user?.id, code])
        await sql("delete from area_range where user_id = $1 and region_id = '130000'", [user?.id])
      }
    })
  }
})
