import { readFileSync } from 'node:fs'
import { chooseOption, expect, loginThroughPopup, sql, test, untilDrawn, watchPage } from './support'

const SHOTS = process.env.E2E_SHOTS_DIR

/**
 * Orbit prediction as a person uses it: /orbitalPredict asks for login, then GF-1 and Landsat over
 * Beijing for the next three days; the passes in Beijing time on the RESULT tab, one chosen and
 * highlighted on the map, the calendar, the CSV and iCalendar exports; clear goes back to SELECT and
 * the kept prediction opens again from the history.
 */
test('a user predicts the passes over Beijing, sees them on the map and in the calendar, exports and reopens them', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 1000 })
  const watched = watchPage(page)

  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'user', 'User@2026', () => page.goto('/chinese/orbitalPredict'))
  await expect(page).toHaveURL(/\/chinese\/orbitalPredict$/)
  await expect(page.getByTestId('orbit-screen')).toBeVisible()
  await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()

  // satellites from the catalogue tree: 高分一号 and Landsat
  await page.getByTestId('orbit-satellites').click()
  for (const name of ['高分一号卫星', '陆地卫星（Landsat）', '资源三号'])
    await page.locator('.ant-select-tree-treenode').filter({ hasText: name }).locator('.ant-select-tree-checkbox').click()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('orbit-elements')).toContainText('Landsat 9')
  // ZY-3's facts give no swath: named before the start as one that cannot be predicted
  await expect(page.getByTestId('orbit-no-swath')).toContainText('无法预测（缺少幅宽资料）：ZY-3')

  // the area: Beijing from the shared region picker
  await chooseOption(page.getByTestId('region-province'), '北京市')
  await expect(page.getByTestId('orbit-start')).toHaveText('开始预测')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/orbit-select.png` })
  await page.getByTestId('orbit-start').click()

  // RESULT: passes in Beijing time
  const rows = page.getByTestId('orbit-passes').locator('tr.ant-table-row')
  await expect(rows.first()).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('orbit-pass-count')).toContainText('共')
  // Landsat 7's elements are over a year old: named, not predicted
  await expect(page.getByTestId('orbit-not-predicted-stale')).toContainText('Landsat 7')
  // and ZY-3, for lack of swath, named in the result too
  await expect(page.getByTestId('orbit-not-predicted-noSwath')).toContainText('无法预测（缺少幅宽资料）：ZY-3 02')
  await expect(rows.first().locator('td').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  await rows.first().click()
  await expect(rows.first()).toHaveClass(/ant-table-row-selected/)
  // the chosen pass's scenes: the swath cut into frames over Beijing, each with its centre time
  const frames = page.getByTestId('orbit-frames')
  await expect(frames).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('orbit-frame-count')).toHaveText(/^所选过境可拍摄的景：[1-9]\d*景$/)
  const frameRows = frames.locator('tr.ant-table-row')
  const firstTime = await frameRows.first().locator('td').nth(1).innerText()
  expect(firstTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  // within the pass (a frame's centre lies at most one frame, under 30 s, outside the pass's reach)
  const passStart = await rows.first().locator('td').nth(2).innerText()
  const passEnd = await rows.first().locator('td').nth(3).innerText()
  const seconds = (hms: string) => hms.split(':').reduce((a, b) => a * 60 + Number(b), 0)
  expect(seconds(firstTime.slice(11))).toBeGreaterThanOrEqual(seconds(passStart.slice(11)) - 30)
  expect(seconds(firstTime.slice(11))).toBeLessThanOrEqual(seconds(passEnd) + 30)
  // the satellite's archived scenes of Beijing: the image search, already run, one click away
  await expect(page.getByTestId('orbit-frames-archive')).toHaveAttribute(
    'href',
    /^\/chinese\/normal\?mode=region&region=110000&sat=[A-Z0-9-]+.*&run=1/,
  )
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/orbit-result.png` })

  // exports: CSV with the Chinese header, iCalendar with one event per pass
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orbit-export-csv').click()])
  const csvText = readFileSync((await csv.path()) as string, 'utf8')
  expect(csvText).toContain('卫星,传感器,开始时间,结束时间')
  const [ics] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orbit-export-ics').click()])
  const icsText = readFileSync((await ics.path()) as string, 'utf8')
  const passCount = Number((await page.getByTestId('orbit-pass-count').innerText()).match(/\d+/)?.[0])
  expect(icsText.match(/BEGIN:VEVENT/g)?.length).toBe(passCount)
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orbit-export-xlsx').click()])
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK')

  // the calendar: days × satellites
  await page.getByRole('tab', { name: '成像日历' }).click()
  await expect(page.getByTestId('orbit-calendar')).toContainText('GF-1')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/orbit-calendar.png` })

  // clear → SELECT; the kept prediction opens again
  await page.getByTestId('orbit-clear').click()
  await expect(page.getByTestId('orbit-select')).toBeVisible()
  await page.getByTestId('orbit-history').getByRole('button', { name: '打开' }).first().click()
  await expect(page.getByTestId('orbit-passes').locator('tr.ant-table-row').first()).toBeVisible()
  await expect(page.getByTestId('orbit-pass-count')).toHaveText(`共${passCount}次过境`)

  // the 3D page: our own globe on the bundled imagery, first view timed
  const opened = Date.now()
  await page.getByTestId('orbit-open-3d').click()
  await expect(page).toHaveURL(/\/chinese\/orbit3d$/)
  await expect(page.getByTestId('globe-view')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 })
  console.log(`3D first view: ${Date.now() - opened} ms`)
  await expect(page.getByTestId('globe-time')).toContainText('时间')
  // the series by their names, no slug in parentheses
  const series = page.getByTestId('globe-satellites')
  await expect(series).toContainText('高分一号卫星')
  await expect(series).toContainText('陆地卫星（Landsat）')
  await expect(series).not.toContainText(/（[a-z0-9]+）/)
  // the clock starts in the prediction's window (it begins at the next full hour, after now)
  const [kept] = await sql<{ window_start: Date; window_end: Date }>(
    'select window_start, window_end from orbit_prediction order by id desc limit 1',
  )
  if (!kept) throw new Error('no kept prediction')
  const shownTime = (await page.getByTestId('globe-time').innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)?.[0]
  const clock = Date.parse(`${shownTime?.replace(' ', 'T')}+08:00`)
  expect(clock).toBeGreaterThanOrEqual(kept.window_start.getTime())
  expect(clock).toBeLessThanOrEqual(kept.window_end.getTime())
  if (SHOTS) {
    // the globe shows all the imagery of its view
    await untilDrawn(page)
    await page.screenshot({ path: `${SHOTS}/orbit-3d.png` })
  }

  expect(watched.errors).toEqual([])
  expect(watched.external).toEqual([])
})

test('an administrator uploads orbit elements: a bad checksum is named by its line and nothing changes', async ({ page }) => {
  test.setTimeout(120_000)
  const [before] = await sql<{ line1: string; line2: string }>('select line1, line2 from satellite_tle where norad_id = 39150')
  if (!before) throw new Error('GF-1 has no elements')
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'admin', 'Admin@2026', () => page.goto('/chinese/orbitalPredict'))
  await expect(page.getByTestId('orbit-tle-upload')).toBeVisible()
  const bad = `${before.line2.slice(0, 68)}${(Number(before.line2[68]) + 1) % 10}`
  await page.getByTestId('orbit-tle-text').fill(`GAOFEN-1\n${before.line1}\n${bad}`)
  await page
    .getByTestId('orbit-tle-upload')
    .getByRole('button', { name: /上\s?传/ })
    .click()
  await expect(page.getByTestId('orbit-tle-error')).toHaveText('第3行：校验和错误')
  const [after] = await sql<{ line2: string }>('select line2 from satellite_tle where norad_id = 39150')
  expect(after?.line2).toBe(before.line2)
})
