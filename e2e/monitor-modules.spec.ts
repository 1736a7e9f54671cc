import type { Browser, Locator, Page, TestInfo } from '@playwright/test'
import { legendColor, MONITOR_MODULES, type MonitorModeKey, type MonitorModuleDecl, tZh } from '@rs/shared'
import { contextOptions, expect, sql, storedLogin, test, waitForInteractiveLoads } from './support'

/**
 * Every monitoring module in every mode its declaration offers, for the three kinds of user of the
 * issue: a visitor, a province user (内蒙古, 150000) and a ministry user (the whole country). The
 * spec walks MONITOR_MODULES, so a ninth module is covered by its declaration alone. Figures on
 * screen are compared with counts taken from the database, not with what the API answered.
 */

const PROVINCE = '150000'
const PROVINCE_NAME = '内蒙古自治区'
/** The mode panels of the screen, by mode. */
const PANEL: Record<MonitorModeKey, string> = {
  statistics: 'monitor-statistics',
  detail: 'monitor-detail',
  grid: 'monitor-grid',
  sequence: 'monitor-sequence',
  trend: 'monitor-trend',
}

/** A number as the tables show it (grouped with commas, '—' for none). */
const shown = (text: string): number | null => {
  const clean = text.replace(/[,\s]/g, '')
  return clean === '—' || clean === '' ? null : Number(clean)
}

async function batchesOf(module: MonitorModuleDecl): Promise<string[]> {
  const rows = await sql<{ batch: string }>('select batch from monitor_batch where module = $1 order by batch', [module.key])
  return rows.map((r) => r.batch)
}

/** Spots of a module in a batch (or all batches), in a province (or everywhere). */
async function countSpots(module: MonitorModuleDecl, options: { batch?: string; province?: string } = {}): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as n from monitor_spot where module = $1
       and ($2::text is null or batch = $2) and ($3::text is null or province_code = $3)`,
    [module.key, options.batch ?? null, options.province ?? null],
  )
  return row?.n ?? 0
}

async function openModule(page: Page, module: MonitorModuleDecl) {
  await page.goto(`/chinese/${module.route}`)
  const screen = page.getByTestId('monitor-screen')
  await expect(screen).toHaveAttribute('data-module', module.key)
  await expect(screen).toContainText(tZh(module.titleKey))
  // the tabs are the declaration's modes, in its order
  await expect(page.getByTestId('mode-tabs').locator('.ant-segmented-item')).toHaveText(module.modes.map((m) => tZh(`monitor.mode.${m}`)))
}

async function clickMode(page: Page, mode: MonitorModeKey) {
  await page
    .getByTestId('mode-tabs')
    .getByText(tZh(`monitor.mode.${mode}`), { exact: true })
    .click()
}

/** Statistics (the first mode, anyone): the latest batch per province equals the database's count; the legend has its ten classes. */
async function checkStatistics(page: Page, module: MonitorModuleDecl) {
  const latest = (await batchesOf(module)).at(-1)
  expect(latest, `${module.key} has batches`).toBeDefined()
  const perProvince = await sql<{ name: string; n: number }>(
    `select r.name, count(*)::int as n from monitor_spot s join region r on r.code = s.province_code
       where s.module = $1 and s.batch = $2 group by r.name`,
    [module.key, latest],
  )
  expect(perProvince.length, `${module.key}: provinces with spots`).toBeGreaterThan(1)
  const panel = page.getByTestId(PANEL.statistics)
  const table = panel.getByTestId('statistics-table')
  const total = perProvince.reduce((sum, p) => sum + p.n, 0)
  await expect(table.locator('.ant-table-summary td').nth(1)).toHaveText(total.toLocaleString('zh-CN'))
  const rows = await tableCells(table)
  const onScreen = new Map(rows.map(([name, num]) => [(name ?? '').trim(), shown(num ?? '')]))
  for (const p of perProvince) expect([p.name, onScreen.get(p.name)]).toEqual([p.name, p.n])
  for (const [name, num] of onScreen) if (!perProvince.some((p) => p.name === name)) expect([name, num ?? 0]).toEqual([name, 0])
  // the largest region is marked, and it is the database's largest
  const largest = Math.max(...perProvince.map((p) => p.n))
  await expect(panel.getByTestId('largest-region')).toContainText(largest.toLocaleString('zh-CN'))
  // the legend: 全部, ten classes up to at least the largest value, 无数据
  const legend = panel.getByTestId('map-legend')
  await expect(legend.locator('.ant-checkbox')).toHaveCount(12)
  const ranges = (await legend.innerText()).match(/\d+\.\d\d – \d+\.\d\d/g) ?? []
  expect(ranges).toHaveLength(10)
  expect(Number(ranges[9]?.split(' – ')[1])).toBeGreaterThanOrEqual(largest)
}

/** The rows' texts of a table, one array of cell texts per row (without the tags a cell may carry, such as 最大值). */
function tableCells(table: Locator) {
  return table.locator('tbody tr.ant-table-row').evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => {
        const copy = td.cloneNode(true) as HTMLElement
        for (const tag of Array.from(copy.querySelectorAll('.ant-tag'))) tag.remove()
        return copy.textContent ?? ''
      }),
    ),
  )
}

/** Detail: the list's total is the database's count in the caller's range; returns the province names the first page shows. */
async function checkDetail(page: Page, module: MonitorModuleDecl, province: string | null) {
  const list = page.waitForResponse((r) => r.url().includes('/api/monitor/spot/list') && r.request().method() === 'GET')
  await clickMode(page, 'detail')
  await expect(page).toHaveURL(/mode=detail/)
  const answer = await list
  expect(answer.status()).toBe(200)
  const items = ((await answer.json()).data.items ?? []) as Array<{ xzqdm: string }>
  expect(items.length).toBeGreaterThan(0)
  if (province) for (const item of items) expect(item.xzqdm).toMatch(/^15\d{4}$/)
  const panel = page.getByTestId(PANEL.detail)
  const table = panel.getByTestId('spot-table')
  const expected = await countSpots(module, { province: province ?? undefined })
  await expect(panel.locator('.ant-pagination-total-text')).toHaveText(String(expected))
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(20, expected))
  const regions = (await tableCells(table)).map((cells) => cells[2] ?? '')
  if (province) {
    await expect(page.getByTestId('detail-scope')).toContainText(province)
    for (const r of regions) expect(r.startsWith(PROVINCE_NAME), r).toBe(true)
  } else {
    await expect(page.getByTestId('detail-scope')).toHaveText(tZh('monitor.screen.scopeAll'))
  }
  // a spot's card: its code lies in the range
  await table.locator('tbody tr.ant-table-row').first().click()
  const fields = page.getByTestId('spot-fields')
  await expect(fields).toContainText(tZh('monitor.screen.xzqdm'))
  const code = (
    await fields
      .locator('tr', { hasText: tZh('monitor.screen.xzqdm') })
      .locator('td')
      .innerText()
  ).trim()
  expect(code).toMatch(province ? /^15\d{4}$/ : /^\d{6}$/)
  return new Set(regions.map((r) => r.split(' ')[0]))
}

/** Grid: the latest batch's spots in the range, counted in cells at the module's level. */
async function checkGrid(page: Page, module: MonitorModuleDecl, province: string | null) {
  await clickMode(page, 'grid')
  await expect(page).toHaveURL(/mode=grid/)
  const latest = (await batchesOf(module)).at(-1)
  const expected = await countSpots(module, { batch: latest, province: province ?? undefined })
  expect(expected).toBeGreaterThan(0)
  const panel = page.getByTestId(PANEL.grid)
  await expect(panel.getByTestId('grid-level')).toContainText(`${module.gridLevel} 级`)
  await expect(panel.getByTestId('grid-summary')).toContainText(`合计 ${expected.toLocaleString('zh-CN')} 个图斑`)
  const cells = await tableCells(panel.getByTestId('grid-table'))
  expect(cells.length).toBeGreaterThan(0)
  let sum = 0
  for (const row of cells) {
    sum += shown(row[2] ?? '') ?? 0
    if (!province) continue
    const [lon, lat] = (row[1] ?? '').split(',').map(Number)
    // 内蒙古 lies within 97–127°E, 37–54°N
    expect(lon).toBeGreaterThan(97)
    expect(lon).toBeLessThan(127)
    expect(lat).toBeGreaterThan(37)
    expect(lat).toBeLessThan(54)
  }
  // the densest cells hold some of the spots, never more than all
  expect(sum).toBeGreaterThan(0)
  expect(sum).toBeLessThanOrEqual(expected)
}

/** Sequence: the last (up to) five batches as cards, each with the database's count in the range. */
async function checkSequence(page: Page, module: MonitorModuleDecl, province: string | null) {
  await clickMode(page, 'sequence')
  await expect(page).toHaveURL(/mode=sequence/)
  const last = (await batchesOf(module)).slice(-5)
  const cards = page.getByTestId(PANEL.sequence).getByTestId('sequence-card')
  // the whole country's sequence reads every spot of five batches: slower than the other modes on a loaded machine
  await expect(cards).toHaveCount(last.length, { timeout: 30_000 })
  for (const [i, batch] of last.entries()) {
    const card = cards.nth(i)
    await expect(card.locator('.ant-card-head-title')).toHaveText(batch)
    const expected = await countSpots(module, { batch, province: province ?? undefined })
    await expect(card.locator('.ant-statistic-content-value').first()).toHaveText(expected.toLocaleString('en-US'))
  }
  await expect(page.getByTestId('sequence-table').locator('tbody tr.ant-table-row')).toHaveCount(last.length)
}

/** Trend: per batch the country's spots (trend is the public statistics over time), as a chart and a table. */
async function checkTrend(page: Page, module: MonitorModuleDecl) {
  await clickMode(page, 'trend')
  await expect(page).toHaveURL(/mode=trend/)
  const batches = await batchesOf(module)
  const expected = await Promise.all(batches.map((batch) => countSpots(module, { batch })))
  const panel = page.getByTestId(PANEL.trend)
  const table = panel.getByTestId('trend-table')
  await expect(table.locator('.ant-table-summary td')).toHaveText([
    tZh('monitor.screen.total'),
    ...expected.map((n) => n.toLocaleString('zh-CN')),
  ])
  await expect(table.getByRole('row', { name: new RegExp(PROVINCE_NAME) }).first()).toBeVisible()
  // the chart: one bar per batch in the module's colour (and its legend mark), the batches on the axis
  const chart = panel.getByTestId('trend-chart').locator('svg')
  await expect(chart).toBeVisible()
  for (const batch of batches) await expect(chart).toContainText(batch)
  const bar = legendColor(1, 1, module.palette)
  expect(await chart.locator(`path[fill="${bar}"]`).count()).toBeGreaterThanOrEqual(expected.filter((n) => n > 0).length)
}

const otherModes = (module: MonitorModuleDecl) => module.modes.filter((m) => m !== 'statistics')

/** A logged-in user's page of the module (from a stored login), its statistics checked first. */
async function openLoggedIn(browser: Browser, testInfo: TestInfo, state: string, module: MonitorModuleDecl) {
  const context = await browser.newContext({ ...contextOptions(testInfo), storageState: state })
  const page = waitForInteractiveLoads(await context.newPage())
  await openModule(page, module)
  await expect(page.getByTestId('header-logout')).toBeVisible()
  await checkStatistics(page, module)
  return { context, page }
}

test.describe('every monitoring module, every mode: a visitor', () => {
  for (const module of MONITOR_MODULES) {
    test(`${module.key}: statistics shows data; ${otherModes(module).join(', ') || 'no other mode'} queue the login`, async ({ page }) => {
      await openModule(page, module)
      await expect(page.getByTestId('header-login')).toBeVisible()
      await checkStatistics(page, module)
      for (const mode of otherModes(module)) {
        await clickMode(page, mode)
        await expect(page.getByTestId('login-modal')).toBeVisible()
        await expect(page.getByTestId(PANEL[mode])).toHaveCount(0)
        await expect(page).not.toHaveURL(/mode=/)
        await page.keyboard.press('Escape')
        await expect(page.getByTestId('login-modal')).toBeHidden()
        await expect(page.getByTestId(PANEL.statistics)).toBeVisible()
      }
    })
  }
})

test.describe('every monitoring module, every mode: a province user (内蒙古)', () => {
  let state = ''
  test.beforeAll(async ({ browser }, testInfo) => {
    // the demo province user, as the README gives it, holds every module's code
    const held = await sql<{ code: string }>(
      "select p.code from user_permission p join app_user u on u.id = p.user_id where u.username = 'neimenggu'",
    )
    expect(MONITOR_MODULES.map((m) => m.permission).filter((code) => !held.some((h) => h.code === code))).toEqual([])
    state = await storedLogin(browser, testInfo, 'neimenggu', 'Nmg@2026')
  })

  for (const module of MONITOR_MODULES) {
    test(`${module.key}: ${module.modes.join(', ')} show the province's data`, async ({ browser }, testInfo) => {
      const { context, page } = await openLoggedIn(browser, testInfo, state, module)
      for (const mode of otherModes(module)) {
        if (mode === 'detail') {
          const provinces = await checkDetail(page, module, PROVINCE)
          expect([...provinces]).toEqual([PROVINCE_NAME])
        }
        if (mode === 'grid') {
          await checkGrid(page, module, PROVINCE)
          await expect(page.getByTestId('mode-scope')).toContainText(PROVINCE)
        }
        if (mode === 'sequence') {
          await checkSequence(page, module, PROVINCE)
          await expect(page.getByTestId('mode-scope')).toContainText(PROVINCE)
        }
        if (mode === 'trend') await checkTrend(page, module)
      }
      await context.close()
    })
  }
})

test.describe('every monitoring module, every mode: a ministry user (全国)', () => {
  let state = ''
  test.beforeAll(async ({ browser }, testInfo) => {
    state = await storedLogin(browser, testInfo, 'ministry', 'Ministry@2026')
  })

  for (const module of MONITOR_MODULES) {
    test(`${module.key}: ${module.modes.join(', ')} show the whole country`, async ({ browser }, testInfo) => {
      const { context, page } = await openLoggedIn(browser, testInfo, state, module)
      for (const mode of otherModes(module)) {
        if (mode === 'detail') {
          const provinces = await checkDetail(page, module, null)
          if (provinces.size < 2) {
            // the first page is one batch's lowest ids: the last page shows other provinces
            await page.getByTestId('monitor-detail').locator('.ant-pagination-item').last().click()
            for (const cells of await tableCells(page.getByTestId('spot-table'))) provinces.add((cells[2] ?? '').split(' ')[0] ?? '')
          }
          expect(provinces.size, [...provinces].join()).toBeGreaterThan(1)
        }
        if (mode === 'grid') await checkGrid(page, module, null)
        if (mode === 'sequence') await checkSequence(page, module, null)
        if (mode === 'trend') await checkTrend(page, module)
      }
      await context.close()
    })
  }
})
