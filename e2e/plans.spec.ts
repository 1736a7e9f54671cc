import type { Browser, Locator, Page } from '@playwright/test'
import { readSheet } from 'read-excel-file/node'
import { chooseOption, confirmPopup, expect, loginThroughPopup, sql, test, untilSettled, waitForInteractiveLoads } from './support'

/** A year far ahead, so that no demo year meets it; its deadline in the future. */
const YEAR = 2040
/** The purchase year checked against: the demo archive's year. */
const PURCHASE_YEAR = 2026
const RETURN_REASON = '与呼和浩特市的规划重叠，请调整范围'

/** A protected page opens the login popup by itself: the person logs in there and lands on it. */
async function openAs(page: Page, username: string, password: string, path: string) {
  await page.goto('/chinese/home')
  await loginThroughPopup(page, username, password, () => page.goto(path))
  await expect(page.getByTestId('login-modal')).toBeHidden()
}

async function newPage(browser: Browser): Promise<Page> {
  return waitForInteractiveLoads(await (await browser.newContext()).newPage())
}

/** A square of typed coordinates (longitude,latitude per line). */
const ring = (w: number, s: number, e: number, n: number) => `${w},${s}\n${e},${s}\n${e},${n}\n${w},${n}`

/** The number a table cell shows (digits grouped by thousands). */
const numberIn = async (cell: Locator) => Number(((await cell.textContent()) ?? '').replace(/,/g, ''))

const itemRow = (page: Page, name: string) => page.getByTestId('plan-items').locator('tr.ant-table-row').filter({ hasText: name })

test.describe('procurement plans', () => {
  test.beforeAll(async () => {
    // a second unit, 呼和浩特市, whose plan the province's item overlaps (its password is the province user's)
    await sql(`insert into app_user (username, password_hash, real_name, organization, password_changed_at)
      select 'e2e_hohhot', password_hash, '呼和浩特市用户', '呼和浩特市自然资源局', now() from app_user where username = 'neimenggu'
      on conflict do nothing`)
    await sql(`insert into user_permission (user_id, code) select id, c from app_user, unnest(array['MOD_088', 'MOD_088_DISPLAY', 'MOD_087_DISPLAY']) c
      where username = 'e2e_hohhot' on conflict do nothing`)
    await sql(`insert into area_range (user_id, type, region_id, status, is_delete)
      select id, 'regionId', '150100', 0, 0 from app_user where username = 'e2e_hohhot' and not exists
        (select 1 from area_range a where a.user_id = app_user.id)`)
  })

  test('a province fills and submits its plan, the ministry returns an item, the province revises it, the ministry publishes and the summary sheet exports the same totals', async ({
    page,
    browser,
  }) => {
    test.setTimeout(360_000)

    // the ministry opens the year, unless it is open already
    const ministry = page
    await openAs(ministry, 'ministry', 'Ministry@2026', '/chinese/ministryProvince/planPublish')
    await expect(ministry.getByRole('heading', { level: 1, name: '规划发布' })).toBeVisible()
    if ((await sql('select 1 from plan_year where year = $1', [YEAR])).length === 0) {
      await ministry.getByTestId('year-open').click()
      await ministry.getByTestId('year-open-year').fill(String(YEAR))
      await ministry.getByTestId('year-open-purchase').fill(String(PURCHASE_YEAR))
      await ministry.getByTestId('year-open-deadline').fill(`${YEAR}-03-31`)
      await ministry.getByTestId('year-open-deadline').press('Enter')
      await ministry.getByTestId('year-open-requested').fill('请填报优于 2 米影像获取需求（端到端测试）')
      await ministry.getByTestId('year-open-ok').click()
      await expect(ministry.getByText(`已开启 ${YEAR} 年度`)).toBeVisible()
    }
    await expect(ministry.getByTestId('plan-years').locator('tr', { hasText: `${YEAR}-03-31` })).toContainText('填报中')

    // 呼和浩特市 plans its centre first (through the API, in its own session)
    const city = await newPage(browser)
    await openAs(city, 'e2e_hohhot', 'Nmg@2026', '/chinese/ministryProvince/planFill')
    await expect(city.getByTestId('plan-fill')).toBeVisible()
    const cityPlan = await city.evaluate(async (year) => {
      const call = async (path: string, body: unknown) => {
        const r = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: localStorage.getItem('token') ?? '' },
          body: JSON.stringify(body),
        })
        return ((await r.json()) as { data: { id: number } }).data
      }
      const plan = await call('/api/plan-collaborative/plans', { year, unitRegion: '150100' })
      const box = [
        [111.6, 40.78],
        [111.82, 40.78],
        [111.82, 40.9],
        [111.6, 40.9],
        [111.6, 40.78],
      ]
      await call('/api/plan-collaborative/items/save', {
        planId: plan.id,
        name: '呼和浩特中心城区',
        area: { mode: 'draw', geometry: { type: 'Polygon', coordinates: [box] } },
        resolution: 'm2',
        months: 'qb',
        ownerUnit: '呼和浩特市自然资源局',
        budget: 45,
      })
      return plan.id
    }, YEAR)
    expect(cityPlan).toBeGreaterThan(0)

    // 内蒙古 starts its plan for the year
    const unit = await newPage(browser)
    await openAs(unit, 'neimenggu', 'Nmg@2026', '/chinese/ministryProvince/planFill')
    await expect(unit.getByRole('heading', { level: 1, name: '规划填报' })).toBeVisible()
    await chooseOption(unit.getByTestId('plan-year'), `${YEAR} 年（填报中）`)
    await expect(unit.getByTestId('plan-year-info')).toContainText(String(PURCHASE_YEAR))
    await unit.getByTestId('plan-start').click()
    await expect(unit.getByTestId('plan-state')).toHaveText('填报中')

    // item 1: a county by the region picker (limited to the unit)
    await unit.getByTestId('plan-add-item').click()
    const drawer = unit.getByTestId('plan-item-drawer')
    await expect(drawer).toBeVisible()
    await untilSettled(unit)
    await drawer.getByTestId('plan-item-name').fill('新城区全域')
    await chooseOption(drawer.getByTestId('region-city'), '呼和浩特市')
    await chooseOption(drawer.getByTestId('region-county'), '新城区')
    await drawer.getByTestId('plan-area-add').click()
    await expect(drawer.getByTestId('plan-area-regions')).toContainText('新城区')
    await chooseOption(drawer.getByTestId('plan-item-resolution'), '1–2米')
    await drawer.getByTestId('plan-item-budget').fill('120')
    await drawer.getByTestId('plan-item-owner').fill('内蒙古自治区自然资源厅')
    await expect(drawer.getByTestId('check-held')).toContainText(`${PURCHASE_YEAR} 年已有覆盖`, { timeout: 30_000 })
    await expect(drawer.getByTestId('check-area')).toContainText('面积')
    await drawer.getByTestId('plan-item-save').click()
    await expect(unit.getByText('已保存“新城区全域”')).toBeVisible()
    await expect(drawer).toBeHidden()
    await expect(itemRow(unit, '新城区全域')).toContainText('行政区：新城区')

    // item 2: a polygon typed as coordinates, across 呼和浩特市's item: the check names the overlap
    await unit.getByTestId('plan-add-item').click()
    await expect(drawer).toBeVisible()
    await untilSettled(unit)
    await drawer.getByTestId('plan-item-name').fill('呼和浩特东部')
    await drawer.getByTestId('plan-area-mode').getByText('绘制多边形').click()
    await drawer.getByTestId('plan-area-coordinates').fill(ring(111.7, 40.82, 111.95, 40.98))
    await drawer.getByTestId('plan-area-use-coordinates').click()
    await chooseOption(drawer.getByTestId('plan-item-resolution'), '1–2米')
    await drawer.getByTestId('plan-item-months-mode').getByText('按月份').click()
    for (const month of ['5月', '6月']) await drawer.getByTestId('plan-item-months').getByText(month, { exact: true }).click()
    await drawer.getByTestId('plan-item-budget').fill('80.5')
    await expect(drawer.getByTestId('check-overlaps')).toContainText('呼和浩特市“呼和浩特中心城区”', { timeout: 30_000 })
    await expect(drawer.getByTestId('check-held')).toContainText(/已有覆盖 \d+(\.\d)?%/)
    await drawer.getByTestId('plan-item-save').click()
    await expect(drawer).toBeHidden()
    const crossing = itemRow(unit, '呼和浩特东部')
    await expect(crossing).toContainText('5–6月')
    expect(await numberIn(crossing.getByTestId('item-overlap'))).toBeGreaterThan(0)
    expect(await numberIn(itemRow(unit, '新城区全域').getByTestId('item-held'))).toBeGreaterThanOrEqual(0)
    await expect(unit.getByTestId('plan-totals')).toContainText('合计 2 条')

    await unit.getByTestId('plan-submit').click()
    await confirmPopup(unit)
    await expect(unit.getByTestId('plan-state')).toHaveText('待审核')
    await expect(unit.getByTestId('plan-add-item')).toHaveCount(0)

    // the ministry returns the crossing item with a reason and accepts the other
    const [plan] = await sql<{ id: number }>("select id from plan where year = $1 and unit_region = '150000' and live", [YEAR])
    await ministry.reload()
    await ministry.getByTestId(`plan-open-${plan?.id}`).click()
    const review = ministry.getByTestId('plan-review')
    await expect(review.getByTestId('plan-items')).toBeVisible()
    await untilSettled(ministry)
    await itemRow(ministry, '呼和浩特东部').getByTestId('item-return').click()
    await ministry.getByTestId('item-return-reason').fill(RETURN_REASON)
    await ministry.getByTestId('item-return-ok').click()
    await expect(itemRow(ministry, '呼和浩特东部').getByTestId('item-state')).toHaveText('已退回')
    await itemRow(ministry, '新城区全域').getByTestId('item-accept').click()
    await confirmPopup(ministry)
    await expect(review.getByTestId('plan-state')).toHaveText('退回修改')

    // the province sees the reason, moves the item off 呼和浩特市's and submits again
    await unit.reload()
    await expect(unit.getByTestId('plan-returned')).toContainText(RETURN_REASON)
    await expect(itemRow(unit, '呼和浩特东部').getByTestId('item-reason')).toContainText(RETURN_REASON)
    await expect(itemRow(unit, '新城区全域').getByTestId('plan-item-edit')).toHaveCount(0)
    await itemRow(unit, '呼和浩特东部').getByTestId('plan-item-edit').click()
    await expect(drawer).toBeVisible()
    await untilSettled(unit)
    await expect(drawer.getByTestId('plan-area-drawn')).toHaveText('沿用原区域（绘制）')
    await drawer.getByTestId('plan-area-coordinates').fill(ring(111.86, 40.84, 111.98, 40.96))
    await drawer.getByTestId('plan-area-use-coordinates').click()
    await expect(drawer.getByTestId('check-overlaps')).toContainText('无其他单位的同区规划', { timeout: 30_000 })
    await drawer.getByTestId('plan-item-save').click()
    await expect(drawer).toBeHidden()
    await expect(itemRow(unit, '呼和浩特东部').getByTestId('item-state')).toHaveText('待审核')
    await expect(itemRow(unit, '呼和浩特东部').getByTestId('item-overlap')).toHaveText('0')
    await unit.getByTestId('plan-submit').click()
    await confirmPopup(unit)
    await expect(unit.getByTestId('plan-state')).toHaveText('待审核')

    // the ministry accepts the revised item and publishes the year: one plan goes out, the city's (not reviewed) does not
    await ministry.reload()
    await ministry.getByTestId(`plan-open-${plan?.id}`).click()
    await expect(review.getByTestId('plan-items')).toBeVisible()
    await untilSettled(ministry)
    await itemRow(ministry, '呼和浩特东部').getByTestId('item-accept').click()
    await confirmPopup(ministry)
    await expect(review.getByTestId('plan-state')).toHaveText('审核通过')
    await ministry.keyboard.press('Escape')
    await expect(review).toBeHidden()
    await ministry.getByTestId(`year-publish-${YEAR}`).click()
    await expect(ministry.getByTestId('year-publish-counts')).toContainText('将发布 1 份审核通过的规划')
    await expect(ministry.getByTestId('year-publish-counts')).toContainText('尚有 1 份规划未审核通过')
    await ministry.getByTestId('year-publish-ok').click()
    await expect(ministry.getByText('已发布 1 份规划')).toBeVisible()

    // the province's plan is published: only a new revision changes it
    await unit.reload()
    await expect(unit.getByTestId('plan-state')).toHaveText('已发布')
    await expect(unit.getByTestId('plan-revise')).toBeVisible()
    await expect(unit.getByTestId('plan-submit')).toHaveCount(0)

    // the summary sheet: the published items' area and budget, in the table and in the Excel file
    const [sums] = await sql<{ area: number; budget: number }>(
      `select sum(i.area_km2)::float8 as area, sum(i.budget)::float8 as budget from plan_item i join plan p on p.id = i.plan_id
       where p.year = $1 and p.state = 'published'`,
      [YEAR],
    )
    await ministry.getByRole('tab', { name: '汇总表' }).click()
    await expect(ministry).toHaveURL(/tab=summarySheet/)
    await chooseOption(ministry.getByTestId('summary-year'), String(YEAR))
    const total = ministry.getByTestId('summary-total')
    await expect(total).toContainText('合计')
    await expect(total.locator('td').nth(2)).toHaveText('2')
    const shownArea = await numberIn(total.locator('td').nth(3))
    expect(Math.abs(shownArea - (sums?.area ?? 0))).toBeLessThan(0.01)
    expect(await numberIn(total.locator('td').nth(16))).toBeCloseTo(sums?.budget ?? 0, 2)
    const [download] = await Promise.all([ministry.waitForEvent('download'), ministry.getByTestId('summary-export').click()])
    expect(download.suggestedFilename()).toBe(`汇总表-${YEAR}.xlsx`)
    const rows = await readSheet(await download.path())
    const last = rows[rows.length - 1] as unknown[]
    expect(last[0]).toBe('合计')
    expect(last[3]).toBe(2)
    expect(Math.abs(Number(last[4]) - shownArea)).toBeLessThan(0.01)
    expect(Number(last[17])).toBeCloseTo(sums?.budget ?? 0, 2)
  })
})
