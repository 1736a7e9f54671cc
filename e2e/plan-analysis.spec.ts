import { createHash, randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { box, tilted } from '../apps/server/test-support/aoi.fixtures'
import {
  expect,
  loginThroughPopup,
  mapRenderMark,
  sql,
  test,
  untilDrawn,
  untilMapRendered,
  waitForInteractiveLoads,
  watchPage,
} from './support'

/**
 * 统筹分析 as the ministry and a province meet it. Two plan years far ahead (2051, and 2050 to
 * compare with) are filled through the API by 内蒙古 (the province), 呼和浩特市 (a city unit whose
 * item crosses the province's) and 北京 (another province); then the ministry reads the analysis:
 * the regions and totals as the API answers them, a drill-down, the overlapping pair and its area,
 * the two years side by side with the swipe (mouse and keyboard), the question kept across a
 * reload; and the province user sees only its own range.
 */

const PLAN_YEAR = 2051
const COMPARE_YEAR = 2050
const PURCHASE_YEAR = 2026

/** A session of a user as the login would make it (the browser logs in through the popup; the set-up calls need only a token). */
async function sessionOf(username: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const hash = createHash('sha256').update(token).digest('hex')
  const rows = await sql(
    `insert into user_session (token_hash, user_id, last_seen_at, expires_at)
     select $1, id, now(), now() + interval '1 day' from app_user where username = $2 returning id`,
    [hash, username],
  )
  if (rows.length !== 1) throw new Error(`no user ${username}`)
  return token
}

/** A unit's account: the plan-filling code over one region (the administrators' screen is admin.spec's). */
async function unitUser(username: string, region: string, organization: string): Promise<void> {
  const [found] = await sql<{ id: number }>('select id from app_user where username = $1', [username])
  const id =
    found?.id ??
    (
      await sql<{ id: number }>(
        `insert into app_user (username, password_hash, real_name, organization, email, password_changed_at)
         values ($1, 'not-a-login', $2, $2, $3, now()) returning id`,
        [username, organization, `${username}@example.com`],
      )
    )[0]?.id
  await sql(`insert into user_permission (user_id, code) values ($1, 'MOD_088') on conflict do nothing`, [id])
  await sql(`delete from area_range where user_id = $1`, [id])
  await sql(`insert into area_range (user_id, type, region_id, status, is_delete) values ($1, 'regionId', $2, 0, 0)`, [id, region])
}

async function call<T>(request: APIRequestContext, token: string, url: string, body?: unknown): Promise<T> {
  const res =
    body === undefined ? await request.get(url, { headers: { token } }) : await request.post(url, { headers: { token }, data: body })
  const json = (await res.json()) as { code: number; message: string; data: T }
  if (!res.ok() || json.code !== 0) throw new Error(`${url}: ${res.status()} ${json.message}`)
  return json.data
}

interface Totals {
  items: number
  plannedKm2: number
  heldKm2: number
  newNeedKm2: number
  overlapKm2: number
  budget: number
}
interface Analysis {
  rows: Array<Totals & { code: string; name: string }>
  total: Totals
  overlaps: Array<{ a: { itemName: string; unitName: string }; b: { itemName: string; unitName: string }; areaKm2: number }>
  overlapTotal: { pairs: number; areaKm2: number }
  compare: { year: number; total: Totals } | null
}

/** A number as the tables show it: thousands separators, at most two decimals. */
const shown = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 })
const heldShare = (t: Totals) => (t.plannedKm2 > 0 ? Math.round((t.heldKm2 / t.plannedKm2) * 10_000) / 100 : 0)

/** A screenshot of the whole page from its top (a scrolled page stitches the sticky header into the middle). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await untilDrawn(page)
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true })
}

/** The regions table's total row, cell by cell. */
async function totalRow(page: Page): Promise<string[]> {
  const cells = page.locator('[data-testid=analysis-table-regions] .ant-table-summary').first().locator('td')
  return cells.allTextContents()
}
const expectedTotal = (t: Totals) => [
  '合计',
  shown(t.items),
  shown(t.plannedKm2),
  shown(t.heldKm2),
  shown(heldShare(t)),
  shown(t.newNeedKm2),
  shown(t.overlapKm2),
  shown(t.budget),
]

const regionRows = (page: Page) => page.locator('[data-testid=analysis-table-regions] tbody tr.ant-table-row')

const item = (name: string, geometry: ReturnType<typeof box>, extra: Record<string, unknown> = {}) => ({
  name,
  area: { mode: 'draw', geometry },
  resolution: 'm2',
  months: 'qb',
  cjlx: 'sc',
  purpose: '国土变更调查',
  ownerUnit: '自然资源主管部门',
  budget: 120.5,
  ...extra,
})

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000)
  // the engine counts the demo archive after the start; an item's held share is read from it
  await expect
    .poll(async () => Number((await sql<{ n: number }>('select count(*)::int as n from coverage_pending'))[0]?.n), { timeout: 240_000 })
    .toBe(0)
  const [done] = await sql<{ n: number }>('select count(*)::int as n from plan where year = $1', [PLAN_YEAR])
  if ((done?.n ?? 0) > 0) return
  await unitUser('e2e_plan_city', '150100', '呼和浩特市自然资源局')
  await unitUser('e2e_plan_bj', '110000', '北京市规划和自然资源委员会')
  const ministry = await sessionOf('ministry')
  const province = await sessionOf('neimenggu')
  const city = await sessionOf('e2e_plan_city')
  const beijing = await sessionOf('e2e_plan_bj')
  for (const year of [COMPARE_YEAR, PLAN_YEAR])
    await call(request, ministry, '/api/plan-collaborative/years', { year, deadline: `${year}-03-31`, purchaseYear: PURCHASE_YEAR })
  const plan = async (token: string, year: number, unitRegion: string) =>
    (await call<{ id: number }>(request, token, '/api/plan-collaborative/plans', { year, unitRegion })).id
  const save = (token: string, planId: number, body: unknown) =>
    call(request, token, '/api/plan-collaborative/items/save', { planId, ...(body as object) })

  // 2051: the province around 呼和浩特 and in 包头, the city across the province's item, 北京 on its own
  const nmg = await plan(province, PLAN_YEAR, '150000')
  await save(province, nmg, item('呼和浩特周边', tilted(111.72, 40.86, 0.15, 0.1, 15)))
  await save(province, nmg, item('包头西部', box(109.6, 40.55, 109.85, 40.7), { resolution: 'sub1', budget: 60 }))
  await call(request, province, '/api/plan-collaborative/plans/submit', { id: nmg })
  const huhhot = await plan(city, PLAN_YEAR, '150100')
  await save(city, huhhot, item('呼和浩特城区', box(111.65, 40.8, 111.9, 40.95), { budget: 80 }))
  const bj = await plan(beijing, PLAN_YEAR, '110000')
  await save(beijing, bj, item('北京城区', box(116.25, 39.8, 116.5, 40.0), { budget: 50 }))
  // 2050: the province alone, a larger area around 呼和浩特
  const nmgBefore = await plan(province, COMPARE_YEAR, '150000')
  await save(province, nmgBefore, item('呼和浩特2050', box(111.45, 40.7, 111.85, 40.95), { budget: 150 }))
})

test('the ministry reads the overall analysis: regions, totals, overlaps, two years with the swipe, the question kept', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  waitForInteractiveLoads(page)
  const watch = watchPage(page)
  const address = `/chinese/overallPlan/overallAnalysis?planYear=${PLAN_YEAR}&unitType=all`
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'ministry', 'Ministry@2026', () => page.goto(address))
  await expect(page.getByRole('heading', { level: 1, name: '统筹分析' })).toBeVisible()
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string
  const ask = (query: string) =>
    call<Analysis>(request, token, `/api/plan-collaborative/analysis?planYear=${PLAN_YEAR}&purchaseYear=${PURCHASE_YEAR}&cjlx=sc&${query}`)

  // the whole country: 内蒙古 and 北京, the totals as the API answers them; the year's own purchase year
  const country = await ask('regionId=100000')
  expect(country.rows.map((r) => r.name).sort()).toEqual(['内蒙古自治区', '北京市'])
  await expect(page.getByTestId('analysis-heading')).toHaveText(`全国 · ${PLAN_YEAR}年规划 · 对照${PURCHASE_YEAR}年已有影像`)
  await expect(regionRows(page)).toHaveCount(2)
  await expect.poll(() => totalRow(page)).toEqual(expectedTotal(country.total))

  // drill down to 内蒙古 from the table: its cities
  await regionRows(page).filter({ hasText: '内蒙古自治区' }).click()
  await expect(page).toHaveURL(/regionId=150000/)
  await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
  const province = await ask('regionId=150000')
  await expect(regionRows(page)).toHaveCount(province.rows.length)
  await expect(regionRows(page).filter({ hasText: '呼和浩特市' })).toBeVisible()
  await expect.poll(() => totalRow(page)).toEqual(expectedTotal(province.total))
  // 明细: the items that lie in 呼和浩特市, the province's and the city's
  await page.getByTestId('detail-150100').click()
  await expect(page).toHaveURL(/detail=150100/)
  const detail = page.locator('[data-testid=analysis-table-detail] tbody tr.ant-table-row')
  await expect(detail).toHaveCount(2)
  await expect(detail.filter({ hasText: '呼和浩特周边' })).toContainText('内蒙古自治区')
  await expect(detail.filter({ hasText: '呼和浩特城区' })).toContainText('呼和浩特市')
  await screenshot(page, 'plan-analysis-regions')
  await page.getByTestId('detail-close').click()
  await expect(page.getByTestId('row-detail')).toHaveCount(0)

  // 规划重叠: the province's and the city's items overlap once, with the API's area
  await page.getByTestId('analysis-option').getByText('规划重叠').click()
  await expect(page).toHaveURL(/analysisOption=2/)
  expect(province.overlapTotal.pairs).toBe(1)
  const pair = province.overlaps[0] as Analysis['overlaps'][number]
  await expect(page.getByTestId('overlap-total')).toHaveText(`不同单位规划重叠 1 对，合计 ${shown(province.overlapTotal.areaKm2)} km²`)
  const pairRow = page.locator('[data-testid=analysis-table-overlaps] tbody tr.ant-table-row')
  await expect(pairRow).toHaveCount(1)
  await expect(pairRow).toContainText(`${pair.a.unitName}：${pair.a.itemName}`)
  await expect(pairRow).toContainText(`${pair.b.unitName}：${pair.b.itemName}`)
  await expect(pairRow).toContainText(shown(pair.areaKm2))
  // a click on the pair moves the map to it
  await untilMapRendered(page)
  const before = await mapRenderMark(page)
  await pairRow.click()
  await untilMapRendered(page, before)
  await screenshot(page, 'plan-analysis-overlaps')

  // 年度对比: the compare columns and the swipe over the map
  await page.getByTestId('analysis-option').getByText('区域汇总').click()
  await page.getByTestId('year-option').getByText('年度对比').click()
  await expect(page).toHaveURL(/yearOption=2/)
  const compared = await ask(`regionId=150000&yearOption=2&compareYear=${COMPARE_YEAR}`)
  expect(compared.compare?.year).toBe(COMPARE_YEAR)
  const table = page.getByTestId('analysis-table-regions')
  await expect(table.getByText(`${COMPARE_YEAR}年规划面积（km²）`).first()).toBeVisible()
  await expect.poll(async () => (await totalRow(page)).slice(8, 9)).toEqual([shown(compared.compare?.total.plannedKm2 ?? -1)])
  const handle = page.getByTestId('swipe-handle')
  await expect(handle).toHaveAttribute('aria-valuenow', '50')
  const map = page.getByTestId('analysis-map')
  const clipX = async () => Number(await map.getAttribute('data-swipe-x'))
  const width = (await map.boundingBox())?.width ?? 0
  await expect.poll(clipX).toBeCloseTo(width / 2, -1)
  // by mouse: drag the handle 150 px to the left
  await handle.scrollIntoViewIfNeeded()
  const at = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number }
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2)
  await page.mouse.down()
  await page.mouse.move(at.x + at.width / 2 - 150, at.y + at.height / 2, { steps: 6 })
  await page.mouse.up()
  await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBeLessThan(40)
  await expect.poll(clipX).toBeLessThan(width / 2 - 100)
  // by keyboard: focused, the arrows move it a step, End to the right edge
  await handle.focus()
  const dragged = Number(await handle.getAttribute('aria-valuenow'))
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(dragged + 1, 0)
  await page.keyboard.press('End')
  await expect(handle).toHaveAttribute('aria-valuenow', '100')
  await expect.poll(clipX).toBeCloseTo(width, -1)
  await page.keyboard.press('Home')
  for (let i = 0; i < 45; i++) await page.keyboard.press('ArrowRight')
  await expect(handle).toHaveAttribute('aria-valuenow', '45')
  await screenshot(page, 'plan-analysis-compare')

  // the question survives a reload
  const url = page.url()
  await page.reload()
  expect(page.url()).toBe(url)
  await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
  await expect(page.getByTestId('swipe-handle')).toBeVisible()
  await expect(page.getByTestId('year-option').locator('.ant-segmented-item-selected')).toHaveText('年度对比')
  await expect
    .poll(() => totalRow(page))
    .toEqual([
      ...expectedTotal(compared.total),
      shown(compared.compare?.total.plannedKm2 ?? -1),
      shown(compared.compare?.total.newNeedKm2 ?? -1),
      expect.any(String),
    ])

  // the regions table exports to CSV with the same totals
  await page.getByTestId('analysis-export-regions').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-export-csv-regions').click()])
  expect(download.suggestedFilename()).toBe(`统筹分析_内蒙古自治区_${PLAN_YEAR}年.csv`)
  expect(watch.errors).toEqual([])
  expect(watch.external).toEqual([])
})

test('a province user sees only its own range', async ({ page, request }) => {
  test.setTimeout(120_000)
  waitForInteractiveLoads(page)
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'neimenggu', 'Nmg@2026', () =>
    page.goto(`/chinese/overallPlan/overallAnalysis?planYear=${PLAN_YEAR}&unitType=all`),
  )
  await expect(page.getByRole('heading', { level: 1, name: '统筹分析' })).toBeVisible()
  // its home region, no way up to the country
  await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
  await expect(page.getByTestId('drill-up')).toHaveCount(0)
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string
  const own = await call<Analysis>(
    request,
    token,
    `/api/plan-collaborative/analysis?planYear=${PLAN_YEAR}&purchaseYear=${PURCHASE_YEAR}&cjlx=sc&regionId=150000`,
  )
  await expect(regionRows(page)).toHaveCount(own.rows.length)
  await expect.poll(() => totalRow(page)).toEqual(expectedTotal(own.total))
  await expect(page.getByTestId('analysis-table-regions')).not.toContainText('北京')
  // the whole country, asked in the address, is refused with the server's words
  await page.goto(`/chinese/overallPlan/overallAnalysis?planYear=${PLAN_YEAR}&unitType=all&regionId=100000`)
  await expect(page.getByTestId('analysis-error')).toBeVisible()
  await expect(page.getByTestId('analysis-table-regions')).toHaveCount(0)
})
