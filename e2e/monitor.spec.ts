import { expect, loginThroughPopup, mapRenderMark, sql, test, untilDrawn, untilMapRendered, watchPage } from './support'

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens'

test.describe('monitoring modules', () => {
  test('a province user sees the statistics of the country, drills into the province and lists only its spots', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
    await expect(page.getByTestId('header-logout')).toBeVisible()
    await page.goto('/chinese/monitor/pvland')
    const screen = page.getByTestId('monitor-screen')
    await expect(screen).toContainText('光伏用地监测')
    await expect(page.getByTestId('illustrative-tag')).toHaveText('示意')
    await expect(page.getByTestId('illustrative-note')).toContainText('Global Power Plant Database')

    // statistics: every province listed, the largest marked, the map coloured
    const table = page.getByTestId('statistics-table')
    await expect(table.getByRole('row', { name: /内蒙古自治区/ })).toBeVisible()
    await expect(page.getByTestId('largest-region')).toContainText('最多')
    await expect(page.getByTestId('map-legend')).toBeVisible()
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-country.png`, fullPage: true })

    // drill down to Inner Mongolia, then back up
    let beforeClick = await mapRenderMark(page)
    await table.getByRole('row', { name: /内蒙古自治区/ }).click()
    await expect(page).toHaveURL(/region=150000/)
    await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
    await expect(table.getByRole('row', { name: /呼和浩特市/ })).toBeVisible()
    // the map has flown to the province and coloured its cities
    await untilMapRendered(page, beforeClick)
    await untilDrawn(page)
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
    beforeClick = await mapRenderMark(page)
    await spots.locator('tbody tr.ant-table-row').first().click()
    const drawer = page.getByTestId('spot-fields')
    await expect(drawer).toContainText('电站名称（GPPD）')
    // the map has come to the spot
    await untilMapRendered(page, beforeClick)
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-detail.png`, fullPage: true })

    // straight to the API: a spot outside the province is refused
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const [beijing] = await sql<{ id: number }>("select id from monitor_spot where module = 'pvland' and province_code = '110000' limit 1")
    const outside = await page.request.get(`/api/monitor/spot/detail?module=pvland&id=${beijing?.id}`, { headers: { token: token ?? '' } })
    expect(outside.status()).toBe(403)
    expect((await outside.json()).message).toBe('无查看信息权限，请联系管理员')
    // another module, asked for the whole country: only the province's spots
    const steel = await page.request.get('/api/monitor/spot/list?module=steelplant&pageSize=100', { headers: { token: token ?? '' } })
    expect(steel.status()).toBe(200)
    const steelCodes = ((await steel.json()).data.items as Array<{ xzqdm: string }>).map((s) => s.xzqdm)
    expect(steelCodes.filter((code) => !code.startsWith('15'))).toEqual([])
    const steelOutside = await page.request.get('/api/monitor/spot/list?module=steelplant&xzqdm=130000', {
      headers: { token: token ?? '' },
    })
    expect(steelOutside.status()).toBe(403)
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
      const beforeClick = await mapRenderMark(page)
      await page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first().click()
      await expect(page.getByTestId('spot-fields')).toContainText('厂区编号')
      await untilMapRendered(page, beforeClick)
      await untilDrawn(page)
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
        await untilDrawn(page)
        await page.screenshot({ path: `${SHOTS}/monitor-${path}-country.png`, fullPage: true })
        await page.getByTestId('mode-tabs').getByText('详情').click()
        await expect(page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first()).toBeVisible()
        const beforeClick = await mapRenderMark(page)
        await page.getByTestId('spot-table').locator('tbody tr.ant-table-row').first().click()
        await expect(page.getByTestId('spot-card')).toBeVisible()
        await untilMapRendered(page, beforeClick)
        await untilDrawn(page)
        await page.screenshot({ path: `${SHOTS}/monitor-${path}-detail.png`, fullPage: true })
      } finally {
        await sql('delete from user_permission where user_id = $1 and code = $2', [user?.id, code])
        await sql("delete from area_range where user_id = $1 and region_id = '130000'", [user?.id])
      }
    })
  }
})

test.describe('monitoring modes: grid, sequence, trend', () => {
  test('a visitor opens statistics; trend and grid ask for login, and the trend follows the login and exports', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/monitor/pvland')
    await expect(page.getByTestId('monitor-screen')).toContainText('光伏用地监测')
    await expect(page.getByTestId('header-login')).toBeVisible()
    await expect(page.getByTestId('statistics-table').getByRole('row', { name: /内蒙古自治区/ })).toBeVisible()
    await expect(page.getByTestId('mode-tabs').locator('.ant-segmented-item')).toHaveCount(5)

    // SPEC §6: a visitor has the statistics mode only; the other modes queue the login dialog
    await page.getByTestId('mode-tabs').getByText('格网').click()
    await expect(page.getByTestId('login-modal')).toBeVisible()
    await expect(page.getByTestId('monitor-grid')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('login-modal')).toBeHidden()
    // straight to the API: trend, grid and sequence need login
    for (const mode of ['trend', 'grid', 'sequence']) {
      const answer = await page.request.get(`/api/monitor/${mode}?module=pvland`)
      expect([mode, answer.status(), (await answer.json()).message]).toEqual([mode, 401, '请先登录'])
    }

    // the trend asked for by a visitor opens once the login is done
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.getByTestId('mode-tabs').getByText('趋势').click())
    await expect(page.getByTestId('header-logout')).toBeVisible()
    await expect(page).toHaveURL(/mode=trend/)
    const table = page.getByTestId('trend-table')
    await expect(table.getByRole('row', { name: /内蒙古自治区/ }).first()).toBeVisible()
    await expect(page.getByTestId('trend-chart').locator('svg')).toBeVisible()
    const batches = await sql<{ batch: string }>("select batch from monitor_batch where module = 'pvland' order by batch")
    for (const { batch } of batches) await expect(table.locator('thead')).toContainText(batch)
    // the table's total per batch equals the spots of that batch (trend repeats the public statistics: the whole country)
    const counts = await sql<{ n: number }>(
      "select count(*)::int as n from monitor_spot where module = 'pvland' group by batch order by batch",
    )
    const totals = await table.locator('.ant-table-summary td').allTextContents()
    expect(totals.slice(1).map((v) => Number(v.replace(/,/g, '')))).toEqual(counts.map((c) => c.n))
    // the chart has drawn its option
    await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-render-state', 'complete')
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-trend.png`, fullPage: true })

    await page.getByTestId('trend-export').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trend-export-csv').click()])
    expect(download.suggestedFilename()).toBe('光伏用地监测_全国_趋势.csv')
    const csv = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = []
      for await (const c of stream) chunks.push(c as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    })
    expect(csv).toContain(batches.at(-1)?.batch ?? 'none')
    expect(csv).toContain('内蒙古自治区')
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('a province user opens grid and sequence and sees only the province', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
    await expect(page.getByTestId('header-logout')).toBeVisible()
    await page.goto('/chinese/monitor/pvland')
    const [latest] = await sql<{ batch: string }>("select max(batch) as batch from monitor_batch where module = 'pvland'")
    const [inProvince] = await sql<{ n: number }>(
      "select count(*)::int as n from monitor_spot where module = 'pvland' and batch = $1 and province_code = '150000'",
      [latest?.batch],
    )
    const [everywhere] = await sql<{ n: number }>("select count(*)::int as n from monitor_spot where module = 'pvland' and batch = $1", [
      latest?.batch,
    ])
    expect(everywhere?.n).toBeGreaterThan(inProvince?.n ?? 0)

    // grid: level 13, all types, the province's spots only
    await page.getByTestId('mode-tabs').getByText('格网').click()
    await expect(page).toHaveURL(/mode=grid/)
    await expect(page.getByTestId('mode-scope')).toContainText('150000')
    await expect(page.getByTestId('grid-level')).toContainText('13 级')
    await expect(page.getByTestId('grid-summary')).toContainText(`合计 ${inProvince?.n} 个图斑`)
    const rows = page.getByTestId('grid-table').locator('tbody tr.ant-table-row')
    await expect(rows.first()).toBeVisible()
    for (const centre of await page.getByTestId('grid-table').locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()) {
      const [lon, lat] = centre.split(',').map(Number)
      // 内蒙古 lies within 97–127°E, 37–54°N
      expect(lon).toBeGreaterThan(97)
      expect(lon).toBeLessThan(127)
      expect(lat).toBeGreaterThan(37)
      expect(lat).toBeLessThan(54)
    }
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-grid.png`, fullPage: true })
    // a row zooms to its cell
    const beforeClick = await mapRenderMark(page)
    await rows.first().click()
    await expect(rows.first()).toHaveClass(/ant-table-row-selected/)
    await untilMapRendered(page, beforeClick)
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-grid-cell.png`, fullPage: true })

    // sequence: five batches side by side, the last one the province's count
    await page.getByTestId('mode-tabs').getByText('时序').click()
    await expect(page).toHaveURL(/mode=sequence/)
    const cards = page.getByTestId('sequence-card')
    await expect(cards).toHaveCount(5)
    await expect(cards.last()).toContainText(latest?.batch ?? 'none')
    await expect(cards.last().locator('.ant-statistic-content-value').first()).toHaveText(String(inProvince?.n))
    await expect(page.getByTestId('sequence-table')).toContainText('→')
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-pvland-sequence.png`, fullPage: true })

    // straight to the API: another province is refused, a bad level is a Chinese 400
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const headers = { token: token ?? '' }
    const outside = await page.request.get('/api/monitor/grid?module=pvland&region=110000', { headers })
    expect([outside.status(), (await outside.json()).message]).toEqual([403, '无查看信息权限，请联系管理员'])
    const seqOutside = await page.request.get('/api/monitor/sequence?module=pvland&region=110000', { headers })
    expect(seqOutside.status()).toBe(403)
    const level = await page.request.get('/api/monitor/grid?module=pvland&level=12', { headers })
    expect([level.status(), (await level.json()).message]).toEqual([400, '格网级别只能是 13 或 14'])
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
