import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { chooseOption, expect, mapRenderMark, sql, test, untilDrawn, untilMapRendered, untilSettled, watchPage } from './support'

/**
 * The image query (/normal) as a person uses it. A fixture of 45 scenes over Beijing in March 2020
 * (a month the generated demo archive does not use) is written through SQL, so every figure the
 * screen shows can be checked against the database itself.
 */

const MONTH = { from: '2020-03-01', to: '2020-03-31' }
const SATS = [
  ['GF1', 'PMS1', 2, 'gf1'],
  ['GF2', 'PMS1', 0.8, 'gf2'],
  ['ZY3-2', 'MUX', 5.8, 'zy3'],
] as const

async function seedScenes() {
  await sql(`DELETE FROM scene WHERE source = 'e2e'`)
  // a 9 × 5 grid of 0.15° boxes 0.2° apart over Beijing: no two footprints overlap
  await sql(
    `INSERT INTO scene (id, satellite, sensor, slug, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row",
       direction, off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, source)
     SELECT 'E2E_' || lpad(i::text, 3, '0'), sat, sensor, slug, timestamptz '2020-03-01 02:00Z' + i * interval '13 hours',
       (i * 37) % 100, res, CASE WHEN i % 2 = 0 THEN 'L1A' ELSE 'L2A' END, 20000 + i, 100 + i % 9, 50 + i / 9,
       'descending', 0, 40, sat || '_' || sensor || '_E2E' || lpad(i::text, 3, '0') || '.tar.gz', '2', g,
       ST_Area(g::geography) / 1e6, false, 'e2e'
     FROM (
       SELECT i, ($1::text[])[i % 3 + 1] AS sat, ($2::text[])[i % 3 + 1] AS sensor, ($3::real[])[i % 3 + 1] AS res,
         ($4::text[])[i % 3 + 1] AS slug,
         ST_Multi(ST_MakeEnvelope(115.6 + (i % 9) * 0.2, 39.5 + (i / 9) * 0.25, 115.75 + (i % 9) * 0.2, 39.65 + (i / 9) * 0.25, 4326)) AS g
       FROM generate_series(0, 44) AS i
     ) AS x`,
    [SATS.map((s) => s[0]), SATS.map((s) => s[1]), SATS.map((s) => s[2]), SATS.map((s) => s[3])],
  )
}

/** The fixture scenes over Beijing (110000) as the database counts them. */
async function expectedInBeijing(): Promise<{ id: string; cloud: number; file: string }[]> {
  return (
    await sql<{ id: string; cloud: number; file: string }>(
      `SELECT s.id, s.cloud_percent AS cloud, s.file_name AS file FROM scene s, region r
       WHERE r.code = '110000' AND s.source = 'e2e' AND ST_Intersects(s.footprint, r.geom) ORDER BY s.acquired_at DESC, s.id DESC`,
    )
  ).map((r) => ({ ...r, cloud: Number(r.cloud) }))
}

const rows = (page: Page) => page.getByTestId('result-table').locator('tr.ant-table-row')
const rowIds = async (page: Page) => (await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')))) as string[]

/** Opens the screen for March 2020, picks 北京市 and searches; answers the first page's time in ms. */
async function searchBeijing(page: Page): Promise<number> {
  await page.goto(`/chinese/normal?from=${MONTH.from}&to=${MONTH.to}`)
  await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
  await chooseOption(page.getByTestId('region-province'), '北京市')
  await expect(page.getByTestId('selected-area')).toContainText('北京市')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/normalmeta/query')),
    page.getByTestId('archive-search').click(),
  ])
  await expect(page.getByTestId('result-panel')).toBeVisible()
  await expect(rows(page).first()).toBeVisible()
  const measured = await page.waitForFunction(() => performance.getEntriesByName('archive:first-page')[0]?.duration)
  const timing = response.request().timing()
  const steps = await page.evaluate(() => {
    const measure = performance.getEntriesByName('archive:first-page')[0]
    const request = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/api/normalmeta/query'))
      .at(-1) as PerformanceResourceTiming | undefined
    if (!measure || !request) return null
    return { sent: request.startTime - measure.startTime, answered: request.responseEnd - measure.startTime, shown: measure.duration }
  })
  console.log(
    `query answered in ${(timing.responseEnd - timing.requestStart).toFixed(0)} ms (request to last byte); after the click: sent ${steps?.sent.toFixed(0)} ms, answered ${steps?.answered.toFixed(0)} ms, first page shown ${steps?.shown.toFixed(0)} ms`,
  )
  return Number(await measured.jsonValue())
}

/** The pointer readout's longitude and latitude, with the pointer at a share of the map's width and height. */
async function lonLatAt(page: Page, x: number, y: number): Promise<[number, number]> {
  const readout = page.getByTestId('map-pointer')
  // leave the map first, so the readout idles and then shows this point, not the last one
  await page.mouse.move(2, 2)
  await expect(readout).toHaveText('移动鼠标查看经纬度')
  const box = await page.getByTestId('map-canvas').boundingBox()
  if (!box) throw new Error('no map')
  await page.mouse.move(box.x + box.width * x, box.y + box.height * y)
  await expect(readout).toContainText('经度')
  const [lon, lat] = ((await readout.innerText()).match(/-?\d+\.\d+/g) ?? []).map(Number)
  return [lon as number, lat as number]
}

/**
 * The map's visible box [west, south, east, north] in degrees, as a person reads it with the pointer:
 * two points inside the map (clear of its controls), extended to its edges (Web Mercator: longitude
 * and the Mercator ordinate are linear across the screen).
 */
async function visibleBBox(page: Page): Promise<[number, number, number, number]> {
  const merc = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))
  const lat = (y: number) => (Math.atan(Math.exp(y)) * 360) / Math.PI - 90
  const [lon1, lat1] = await lonLatAt(page, 0.3, 0.3)
  const [lon2, lat2] = await lonLatAt(page, 0.7, 0.7)
  const perX = (lon2 - lon1) / 0.4
  const perY = (merc(lat2) - merc(lat1)) / 0.4
  return [lon1 - 0.3 * perX, lat(merc(lat1) + 0.7 * perY), lon1 + 0.7 * perX, lat(merc(lat1) - 0.3 * perY)]
}

test.describe('image query', () => {
  test.beforeAll(seedScenes)

  test('a visitor searches a province, pages, sorts, checks, sees the union area, hovers and opens a scene', async ({ page }) => {
    const watch = watchPage(page)
    const expected = await expectedInBeijing()
    expect(expected.length).toBeGreaterThan(20)
    await page.goto(`/chinese/normal?from=${MONTH.from}&to=${MONTH.to}`)
    await expect(page.getByTestId('filter-panel')).toBeVisible()
    await expect(page.getByTestId('satellite-filter')).toContainText('光学卫星')
    await page.screenshot({ path: 'test-results/screens/archive-select.png' })

    const firstPageMs = await searchBeijing(page)
    console.log(`first page visible ${firstPageMs.toFixed(0)} ms after the search started`)
    await expect(page).toHaveURL(/tab=2/)
    await expect(page).toHaveURL(/run=1/)
    await expect(page.getByTestId('result-total')).toHaveText(`共 ${expected.length} 景`)
    expect(await rowIds(page)).toEqual(expected.slice(0, 20).map((r) => r.id))
    // local time: the first fixture scene is 2020-03-01 02:00 UTC = 10:00 Beijing time
    await expect(page.getByTestId('result-table')).toContainText('2020-03-')

    // page 2, then 50 a page
    await page.getByTestId('result-list').locator('.ant-pagination-item-2').click()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(() => rowIds(page)).toEqual(expected.slice(20, 40).map((r) => r.id))
    await chooseOption(page.getByTestId('result-list').locator('.ant-pagination-options .ant-select'), '50')
    await expect(page).toHaveURL(/size=50/)
    await expect.poll(() => rowIds(page)).toHaveLength(expected.length)

    // sort by cloud, lowest first
    await chooseOption(page.getByTestId('result-sort'), '云量 升序')
    await expect(page).toHaveURL(/sort=cloud-asc/)
    const byCloud = [...expected].sort((a, b) => a.cloud - b.cloud || (a.id < b.id ? -1 : 1))
    await expect.poll(async () => (await rowIds(page))[0]).toBe(byCloud[0]?.id)

    // the page's union area, then two checked scenes' union area, against PostGIS on the ellipsoid
    const pageUnion = await sql<{ km2: number }>(
      `SELECT ST_Area(ST_Union(footprint)::geography) / 1e6 AS km2 FROM scene WHERE id = ANY($1::text[])`,
      [await rowIds(page)],
    )
    const shownPage = Number(
      (await page.getByTestId('result-union').innerText()).match(/本页影像覆盖面积：([\d,.]+)/)?.[1]?.replace(/,/g, ''),
    )
    expect(Math.abs(shownPage - Number(pageUnion[0]?.km2)) / Number(pageUnion[0]?.km2)).toBeLessThan(0.005)
    const [a, b] = (await rowIds(page)).slice(0, 2) as [string, string]
    await rows(page).nth(0).locator('.ant-checkbox-input').check()
    await rows(page).nth(1).locator('.ant-checkbox-input').check()
    await expect(page.getByTestId('result-checked')).toHaveText('已选 2 景')
    const union = await sql<{ km2: number }>(
      `SELECT ST_Area(ST_Union(footprint)::geography) / 1e6 AS km2 FROM scene WHERE id IN ($1, $2)`,
      [a, b],
    )
    await expect(page.getByTestId('result-union')).toContainText('所选影像覆盖面积')
    const shown = Number((await page.getByTestId('result-union').innerText()).match(/所选影像覆盖面积：([\d,.]+)/)?.[1]?.replace(/,/g, ''))
    expect(Math.abs(shown - Number(union[0]?.km2)) / Number(union[0]?.km2)).toBeLessThan(0.005)

    // hover in the list marks the row; a click opens the drawer and lays the quicklook on the map
    await rows(page).nth(2).hover()
    await expect(rows(page).nth(2)).toHaveClass(/archive-row--hovered/)
    const opened = (await rowIds(page))[2] as string
    const beforeOpen = await mapRenderMark(page)
    await rows(page).nth(2).locator('td').nth(3).click()
    const drawer = page.getByTestId('scene-drawer')
    await expect(drawer).toBeVisible()
    await expect(page.getByTestId('scene-fields')).toContainText(opened)
    await expect(page.getByTestId('scene-fields')).toContainText('北京时间')
    await expect(page.getByTestId('scene-fields')).toContainText('降轨')
    // the map has come to the scene and laid its quicklook, the drawer has slid in
    await untilMapRendered(page, beforeOpen)
    await untilDrawn(page)
    await page.screenshot({ path: 'test-results/screens/archive-drawer.png' })
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    // the map came to the opened scene: its footprint is under the map's centre, and hovering it marks its row
    await page.mouse.move(10, 10)
    const box = await page.getByTestId('map-canvas').boundingBox()
    if (!box) throw new Error('no map')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect(page.getByTestId('result-table').locator(`tr[data-row-key="${opened}"]`)).toHaveClass(/archive-row--hovered/)
    await page.screenshot({ path: 'test-results/screens/archive-result.png' })

    // reload: the same search, page, sort and tab come back
    const url = page.url()
    const before = await rowIds(page)
    await page.reload()
    await expect(rows(page).first()).toBeVisible()
    expect(page.url()).toBe(url)
    await expect.poll(() => rowIds(page)).toEqual(before)
    await expect(page.getByTestId('archive-tabs').locator('.ant-tabs-tab-active')).toContainText('查询结果')

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('coverage of the results, the fewest-scenes cover checked in one click, and each export downloads a file', async ({ page }) => {
    const watch = watchPage(page)
    const expected = await expectedInBeijing()
    await searchBeijing(page)

    await page.getByTestId('archive-tabs').getByText('覆盖分析').click()
    await expect(page).toHaveURL(/tab=3/)
    await expect(page.getByTestId('coverage-panel')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('coverage-percent')).toContainText('%')
    await expect(page.getByTestId('coverage-regions')).toContainText(/分(省|市|县)统计/)
    // the covered area against PostGIS: the union of the matching footprints inside Beijing, on the ellipsoid
    const covered = await sql<{ km2: number }>(
      `SELECT ST_Area(ST_Intersection(ST_Union(s.footprint), r.geom)::geography) / 1e6 AS km2 FROM scene s, region r
       WHERE r.code = '110000' AND s.source = 'e2e' AND ST_Intersects(s.footprint, r.geom) GROUP BY r.geom`,
    )
    const shownCovered = Number((await page.getByTestId('coverage-covered').innerText()).replace(/[^\d.]/g, ''))
    expect(Math.abs(shownCovered - Number(covered[0]?.km2)) / Number(covered[0]?.km2)).toBeLessThan(0.005)
    const coverText = await page.getByTestId('coverage-cover').innerText()
    const coverCount = Number(coverText.match(/(\d+) 景/)?.[1])
    expect(coverCount).toBeGreaterThan(0)
    expect(coverCount).toBeLessThanOrEqual(expected.length)
    await untilDrawn(page)
    await page.screenshot({ path: 'test-results/screens/archive-coverage.png' })
    await page.getByTestId('coverage-check-cover').click()
    await page.getByTestId('archive-tabs').getByText('查询结果').click()
    await expect(page.getByTestId('result-checked')).toHaveText(`已选 ${coverCount} 景`)

    // exports of the checked scenes: each format is a file with the server's name
    const checked = coverCount
    for (const [format, ending] of [
      ['csv', '.csv'],
      ['xlsx', '.xlsx'],
      ['geojson', '.geojson'],
      ['shp', '.zip'],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()])
      expect(download.suggestedFilename().endsWith(ending), download.suggestedFilename()).toBe(true)
      const path = await download.path()
      const bytes = readFileSync(path)
      expect(bytes.length).toBeGreaterThan(100)
      if (format === 'geojson') expect((JSON.parse(bytes.toString('utf8')) as { features: unknown[] }).features).toHaveLength(checked)
      if (format === 'csv') expect(bytes.toString('utf8').trim().split(/\r?\n/)).toHaveLength(checked + 1)
      if (format === 'shp')
        for (const part of ['.shp', '.shx', '.dbf', '.prj', '.cpg']) expect(bytes.includes(Buffer.from(part))).toBe(true)
    }

    // all matching when nothing is checked
    await page.getByTestId('result-clear-checked').click()
    await expect(page.getByTestId('export-scope')).toContainText('最多 10,000 景')
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-geojson').click()])
    expect((JSON.parse(readFileSync(await all.path()).toString('utf8')) as { features: unknown[] }).features).toHaveLength(expected.length)

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('the coverage tab brings the whole area back into view after a scene was opened, and notes its gaps as information', async ({
    page,
  }) => {
    const watch = watchPage(page)
    const [beijing] = await sql<{ w: number; s: number; e: number; n: number }>(
      `SELECT ST_XMin(geom) AS w, ST_YMin(geom) AS s, ST_XMax(geom) AS e, ST_YMax(geom) AS n FROM region WHERE code = '110000'`,
    )
    if (!beijing) throw new Error('no Beijing')
    await searchBeijing(page)

    // a scene opened from the list takes the map to it: Beijing is then far wider than the view
    const beforeOpen = await mapRenderMark(page)
    await rows(page).nth(0).locator('td').nth(3).click()
    await expect(page.getByTestId('scene-drawer')).toBeVisible()
    await untilMapRendered(page, beforeOpen)
    await untilSettled(page)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('scene-drawer')).toBeHidden()
    const onScene = await visibleBBox(page)
    expect(onScene[2] - onScene[0]).toBeLessThan((beijing.e - beijing.w) / 2)

    // the coverage tab answers, and the map shows all of Beijing, not much more
    const beforeCoverage = await mapRenderMark(page)
    await page.getByTestId('archive-tabs').getByText('覆盖分析').click()
    await expect(page.getByTestId('coverage-panel')).toBeVisible({ timeout: 20_000 })
    await untilMapRendered(page, beforeCoverage)
    // read again while the map may still be moving there
    await expect(async () => {
      const [w, s, e, n] = await visibleBBox(page)
      const slack = 0.01
      expect(w).toBeLessThan(beijing.w + slack)
      expect(s).toBeLessThan(beijing.s + slack)
      expect(e).toBeGreaterThan(beijing.e - slack)
      expect(n).toBeGreaterThan(beijing.n - slack)
      expect(Math.min(e - w, n - s)).toBeLessThan(3 * Math.max(beijing.e - beijing.w, beijing.n - beijing.s))
    }).toPass({ timeout: 15_000 })

    // the fixture leaves parts of Beijing uncovered: a note about the red parts, not an error
    const gaps = page.getByTestId('coverage-gaps')
    await expect(gaps).toContainText('未覆盖区域已在地图上以红色标出')
    await expect(gaps).toHaveClass(/ant-alert-info/)
    await expect(page.locator('.ant-alert-error')).toHaveCount(0)
    await untilDrawn(page)
    await page.screenshot({ path: 'test-results/screens/archive-coverage-fit.png' })

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('a FILE list of file names: the match report, then the search finds exactly the matched scenes', async ({ page }) => {
    const watch = watchPage(page)
    const files = (await sql<{ file_name: string }>(`SELECT file_name FROM scene WHERE source = 'e2e' ORDER BY id LIMIT 3`)).map(
      (r) => r.file_name,
    )
    await page.goto(`/chinese/normal?from=${MONTH.from}&to=${MONTH.to}`)
    await page.getByTestId('select-mode').getByText('文件清单').click()
    await expect(page.getByTestId('file-list-upload')).toBeVisible()
    const text = [...files, 'NO_SUCH_SCENE_E2E.tar.gz', files[0]].join('\n')
    await page
      .getByTestId('file-list-upload')
      .locator('input[type=file]')
      .setInputFiles({
        name: '清单.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(text, 'utf8'),
      })
    await expect(page.getByTestId('file-report')).toContainText('共 5 行，匹配 3 行，未匹配 2 行')
    await expect(page.getByTestId('file-unmatched')).toContainText('未找到对应影像')
    await expect(page.getByTestId('file-unmatched')).toContainText('重复的行')
    await expect(page).toHaveURL(/mode=file/)
    await page.screenshot({ path: 'test-results/screens/archive-file.png' })
    await page.getByTestId('archive-search').click()
    await expect(page.getByTestId('result-total')).toHaveText('共 3 景')
    expect((await rowIds(page)).sort()).toEqual(
      (await sql<{ id: string }>(`SELECT id FROM scene WHERE file_name = ANY($1::text[]) ORDER BY id`, [files])).map((r) => r.id),
    )

    // a list has no area: the coverage tab says so as a note, asks the server nothing and shows no error
    const coverageCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/normalmeta/coverage')) coverageCalls.push(r.url())
    })
    await page.getByTestId('archive-tabs').getByText('覆盖分析').click()
    await expect(page.getByTestId('coverage-file-list')).toHaveClass(/ant-alert-info/)
    await expect(page.getByTestId('coverage-file-list')).toContainText('文件清单')
    await expect(page.locator('.ant-alert-error, .ant-message-error')).toHaveCount(0)
    expect(coverageCalls).toEqual([])

    // a list over its line cap is refused in Chinese, and nothing is stored
    const before = Number((await sql<{ n: string }>('SELECT count(*) AS n FROM scene_list'))[0]?.n)
    await page.getByTestId('archive-tabs').getByText('条件选择').click()
    await page
      .getByTestId('file-list-upload')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'too-long.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(Array.from({ length: 5001 }, (_, i) => `X${i}.tar.gz`).join('\n')),
      })
    await expect(page.getByTestId('file-error')).toContainText(/[\u4e00-\u9fff]/)
    expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM scene_list'))[0]?.n)).toBe(before)

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('a reversed date range is refused with the server’s Chinese message, and an empty result says so', async ({ page }) => {
    await page.goto('/chinese/normal?mode=region&region=110000&from=2020-03-31&to=2020-03-01&run=1&tab=2')
    await expect(page.getByTestId('result-error')).toContainText('开始日期不能晚于结束日期')
    await expect(page.locator('.ant-message')).toContainText('开始日期不能晚于结束日期')
    await page.goto('/chinese/normal?mode=region&region=110000&from=1990-01-01&to=1990-01-02&run=1&tab=2')
    await expect(page.getByTestId('result-empty')).toContainText('没有符合条件的影像')

    // SPEC §4: another region clears the results (the address keeps the new area, without run)
    await page.getByTestId('archive-tabs').getByText('条件选择').click()
    await chooseOption(page.getByTestId('region-province'), '天津市')
    await expect(page).toHaveURL(/region=120000/)
    await expect(page).not.toHaveURL(/run=1/)
    await page.getByTestId('archive-tabs').getByText('查询结果').click()
    await expect(page.getByTestId('result-not-run')).toBeVisible()

    // the date picker speaks Chinese: months and weekdays by their Chinese names, the week from Monday
    await page.getByTestId('archive-tabs').getByRole('tab', { name: '条件选择' }).click()
    await page.getByTestId('filter-dates').first().click()
    const calendar = page.locator('.ant-picker-dropdown:visible')
    await expect(calendar.locator('.ant-picker-header-view').first()).toContainText('月')
    await expect(calendar.locator('.ant-picker-content thead th').first()).toHaveText('一')
  })

  test('a drawn rectangle is searched and comes back from the address', async ({ page }) => {
    await page.goto(`/chinese/normal?from=${MONTH.from}&to=${MONTH.to}`)
    await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
    await page.getByTestId('draw-rectangle').click()
    await expect(page.getByTestId('select-mode').locator('.ant-radio-button-wrapper-checked')).toContainText('绘制')
    const box = await page.getByTestId('map-canvas').boundingBox()
    if (!box) throw new Error('no map')
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 8 })
    await page.mouse.up()
    await expect(page).toHaveURL(/mode=draw&draw=/)
    await page.getByTestId('archive-search').click()
    await expect(page.getByTestId('result-total')).toContainText('景')
    const url = page.url()
    const total = await page.getByTestId('result-total').innerText()
    await page.reload()
    await expect(page.getByTestId('result-total')).toHaveText(total)
    expect(page.url()).toBe(url)
    await page.getByTestId('archive-tabs').getByText('条件选择').click()
    await expect(page.getByTestId('selected-area')).toContainText('已绘制的图形')
    await expect(page.getByTestId('select-mode').locator('.ant-radio-button-wrapper-checked')).toContainText('绘制')
  })

  test('the generated demo archive: 内蒙古 matches more than 500 scenes, and all its footprints come as vector tiles', async ({ page }) => {
    const watch = watchPage(page)
    // the demo archive loaded at start (ARCHIVE_DEMO): its matching scenes in 内蒙古自治区 as the database counts them
    const demo = await sql<{ n: string; first: string[] }>(
      `SELECT count(*) AS n, (array_agg(s.id ORDER BY s.acquired_at DESC, s.id DESC))[1:20] AS first FROM scene s, region r
       WHERE r.code = '150000' AND s.source = 'generated' AND s.data_status = '2' AND ST_Intersects(s.footprint, r.geom)`,
    )
    const demoCount = Number(demo[0]?.n)
    expect(demoCount, 'the demo archive is loaded and covers Inner Mongolia').toBeGreaterThan(500)
    const all = Number(
      (
        await sql<{ n: string }>(
          `SELECT count(*) AS n FROM scene s, region r WHERE r.code = '150000' AND s.data_status = '2' AND ST_Intersects(s.footprint, r.geom)`,
        )
      )[0]?.n,
    )

    await page.goto('/chinese/normal')
    await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
    await chooseOption(page.getByTestId('region-province'), '内蒙古自治区')
    await expect(page.getByTestId('selected-area')).toContainText('内蒙古自治区')
    const tileAnswer = page.waitForResponse((r) => r.url().endsWith('/api/normalmeta/tiles'))
    const firstTile = page.waitForResponse((r) => r.url().includes('/map/tiles/scene/'))
    await page.getByTestId('archive-search').click()
    await expect(rows(page).first()).toBeVisible()
    // under ARCHIVE_LIMITS.exactCountLimit the total is counted, not estimated
    await expect(page.getByTestId('result-total')).toHaveText(`共 ${all.toLocaleString('zh-CN')} 景`)
    // newest first: the page is the generated scenes' newest (the e2e fixture lies in 2020)
    expect(await rowIds(page)).toEqual(demo[0]?.first)

    // past 500 matches the map asks for the tiles of all of them and draws them under the page's footprints
    const answer = (await (await tileAnswer).json()) as { data: { tiles: string; layer: string } }
    expect(answer.data.layer).toBe('scene')
    const tile = await firstTile
    expect(tile.status()).toBe(200)
    expect(tile.url()).toContain(answer.data.tiles.split('?')[1] ?? 'no token')
    expect(tile.headers()['content-type']).toContain('application/vnd.mapbox-vector-tile')
    // every tile the map asked for loads; the view of Inner Mongolia holds footprints, so some tile is not empty
    await expect
      .poll(async () => {
        const tiles = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/map/tiles/scene/'))
            .map((e) => (e as PerformanceResourceTiming).encodedBodySize),
        )
        return tiles.some((bytes) => bytes > 1000)
      })
      .toBe(true)

    // 落图 off hides the page's footprints and the tiles: no footprint blue is left on the map
    const bluePixels = () =>
      page.getByTestId('map-canvas').evaluate((root) => {
        let n = 0
        for (const canvas of root.querySelectorAll('canvas')) {
          const ctx = (canvas as HTMLCanvasElement).getContext('2d')
          if (!ctx || canvas.width === 0) continue
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
          for (let i = 0; i < data.length; i += 4)
            if ((data[i + 3] ?? 0) > 60 && (data[i + 2] ?? 0) > 150 && (data[i + 2] ?? 0) - (data[i] ?? 0) > 80) n++
        }
        return n
      })
    await expect.poll(bluePixels).toBeGreaterThan(2000)
    await untilDrawn(page)
    await page.screenshot({ path: 'test-results/screens/archive-demo-tiles.png' })
    await page.getByTestId('result-footprints').click()
    await expect.poll(bluePixels).toBeLessThan(50)
    await page.getByTestId('result-footprints').click()
    await expect.poll(bluePixels).toBeGreaterThan(2000)

    // a generated scene opens with its illustrative quicklook, labelled 示意, laid on the map
    const beforeOpen = await mapRenderMark(page)
    await rows(page).nth(0).locator('td').nth(3).click()
    await expect(page.getByTestId('scene-drawer')).toBeVisible()
    await expect(page.getByTestId('scene-fields')).toContainText(demo[0]?.first[0] ?? 'no scene')
    await expect(page.getByTestId('scene-drawer')).toContainText('示意')
    await untilMapRendered(page, beforeOpen)
    await untilDrawn(page)
    await page.screenshot({ path: 'test-results/screens/archive-demo-drawer.png' })

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    })
    test('the result tab fits the 1200 px layout', async ({ page }) => {
      await page.goto(`/chinese/normal?mode=region&region=110000&from=${MONTH.from}&to=${MONTH.to}&run=1&tab=2`)
      await expect(rows(page).first()).toBeVisible()
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }))
      expect(client).toBe(1200)
      expect(scroll).toBeLessThanOrEqual(client)
      await page.screenshot({ path: 'test-results/screens/archive-phone.png' })
      // each tab as a phone shows it: the drawer with the quicklook, the coverage with its gaps, the filters
      const beforeOpen = await mapRenderMark(page)
      await rows(page).nth(0).locator('td').nth(3).click()
      await expect(page.getByTestId('scene-drawer')).toBeVisible()
      await untilMapRendered(page, beforeOpen)
      await untilDrawn(page)
      await page.screenshot({ path: 'test-results/screens/archive-phone-drawer.png' })
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('scene-drawer')).toBeHidden()
      await page.getByTestId('archive-tabs').getByText('覆盖分析').click()
      await expect(page.getByTestId('coverage-percent')).toContainText('%', { timeout: 20_000 })
      await untilDrawn(page)
      await page.screenshot({ path: 'test-results/screens/archive-phone-coverage.png' })
      await page.getByTestId('archive-tabs').getByText('条件选择').click()
      await expect(page.getByTestId('filter-panel')).toBeVisible()
      await page.screenshot({ path: 'test-results/screens/archive-phone-select.png' })
    })
  })
})
