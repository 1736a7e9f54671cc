import { chooseOption, expect, loginThroughPopup, mapRenderMark, sql, test, untilDrawn, untilMapRendered, watchPage } from './support'

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens'

test.describe('monitoring layers and term data', () => {
  test('a province user opens a spot: its scenes before/after lie on the map; the spot tiles need the token and the range', async ({
    page,
  }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () => page.goto('/chinese/monitor/windmill?mode=detail'))
    await expect(page.getByTestId('monitor-detail')).toBeVisible()
    // the spot with an archive scene after its batch (the demo archive is May–June 2026), in the province
    const [spot] = await sql<{ id: number; batch: string }>(
      `select s.id, s.batch from monitor_spot s where s.module = 'windmill' and s.province_code = '150000'
         and exists (select 1 from scene c where c.footprint && s.geom and ST_Covers(c.footprint, s.geom) and c.data_status = '2')
       order by s.batch desc, s.id limit 1`,
    )
    expect(spot).toBeDefined()
    const rows = page.getByTestId('spot-table').locator('tbody tr.ant-table-row')
    await expect(rows.first()).toBeVisible()
    // open it through the batch filter and the list, as a person does
    await chooseOption(page.getByTestId('detail-batch'), spot?.batch ?? '')
    const terms = page.waitForResponse((r) => r.url().includes('/api/monitor/spot/terms'))
    // the quicklook may load before the scene's text is checked: listen from the click on
    const quicklook = page.waitForResponse((r) => r.url().includes('/api/normalmeta/quicklook'), { timeout: 45_000 })
    const beforeOpen = await mapRenderMark(page)
    await page
      .getByTestId('spot-table')
      .getByRole('cell', { name: String(spot?.id), exact: true })
      .click({ timeout: 20_000 })
      .catch(async () => {
        // not on the first page: page through until it is
        for (let i = 0; i < 20; i++) {
          await page.getByTestId('spot-table').locator('.ant-pagination-next').click()
          const cell = page.getByTestId('spot-table').getByRole('cell', { name: String(spot?.id), exact: true })
          if (await cell.count()) {
            await cell.click()
            return
          }
        }
      })
    expect((await terms).status()).toBe(200)
    await expect(page.getByTestId('spot-terms')).toBeVisible()
    await expect(page.getByTestId('term-scene')).toContainText('云量')
    expect((await quicklook).status()).toBeLessThan(400)
    // the quicklook lies on the map
    await untilMapRendered(page, beforeOpen)
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/monitor-windmill-terms.png`, fullPage: true })

    // the module's vector tiles: the token as a header opens them inside the range, never without it
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
    const hohhot = '/map/tiles/windmill_meta/8/207/96.mvt'
    expect((await page.request.get(hohhot)).status()).toBe(401)
    expect((await page.request.get(hohhot, { headers: { token } })).status()).toBe(200)
    const beijing = '/map/tiles/windmill_meta/10/843/388.mvt'
    expect((await page.request.get(beijing, { headers: { token } })).status()).toBe(403)
    // another module's layer over the whole country: only the province's features come back
    const steel = await page.request.get(
      '/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=steelplant_meta&COUNT=200&OUTPUTFORMAT=application/json',
      { headers: { token } },
    )
    expect(steel.status()).toBe(200)
    const counties = ((await steel.json()).features as Array<{ properties: { county_code: string } }>).map((f) => f.properties.county_code)
    expect(counties.filter((code) => !code.startsWith('15'))).toEqual([])
    expect(
      (await page.request.get('/map/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=steelplant_meta&COUNT=1')).status(),
    ).toBe(401)
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
