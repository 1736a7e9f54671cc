import { chooseOption, expect, loginThroughPopup, mapRenderMark, test, untilDrawn, untilMapRendered, watchPage } from './support'

/**
 * Many passes over one county: 吉林一号 (78 satellites), SkySat and WorldView over 呼和浩特市新城区
 * for the next three days (optical: only those in daylight, the form's default sun minimum). The
 * result map stays readable: the passes are grouped into numbered markers (fewer groups than passes,
 * parting as the map zooms in), the tracks not chosen are faint, and a pass chosen in the list is
 * drawn with its swath. Screenshots in test-results/screens/ (orbit-crowd*.png).
 */
test('many passes over a county stay legible on the result map', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 1000 })
  const watched = watchPage(page)
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'user', 'User@2026', () => page.goto('/chinese/orbitalPredict'))
  await expect(page.getByTestId('orbit-screen')).toBeVisible()

  await page.getByTestId('orbit-satellites').click()
  for (const name of ['吉林一号卫星星座', 'SkySat卫星星座', 'WorldView卫星系列'])
    await page.locator('.ant-select-tree-treenode').filter({ hasText: name }).locator('.ant-select-tree-checkbox').click()
  await page.keyboard.press('Escape')
  // optical satellites: the form proposes the default minimum sun elevation
  await expect(page.getByTestId('orbit-min-sun')).toHaveValue('10')
  await chooseOption(page.getByTestId('region-province'), '内蒙古自治区')
  await chooseOption(page.getByTestId('region-city'), '呼和浩特市')
  await chooseOption(page.getByTestId('region-county'), '新城区')
  await page.getByTestId('orbit-start').click()

  const rows = page.getByTestId('orbit-passes').locator('tr.ant-table-row')
  await expect(rows.first()).toBeVisible({ timeout: 90_000 })
  const passCount = Number((await page.getByTestId('orbit-pass-count').innerText()).match(/\d+/)?.[0])
  console.log(`passes over 新城区: ${passCount}`)
  expect(passCount).toBeGreaterThan(50)
  await expect(page.getByTestId('orbit-map-crowded')).toBeVisible()
  await untilMapRendered(page)
  await untilDrawn(page)
  const shot = async (name: string) => {
    // the map and the list's head in one picture (clicks scroll their element into view)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `test-results/screens/orbit-crowd${name}${process.env.SCREEN_SUFFIX ?? ''}.png` })
  }
  await shot('')
  // the markers are grouped: far fewer groups than passes at the result's first view
  const groups = async () => Number(await page.getByTestId('orbit-screen').getAttribute('data-pass-groups'))
  const first = await groups()
  console.log(`marker groups at the first view: ${first} for ${passCount} passes`)
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThanOrEqual(Math.ceil(passCount / 4))

  // closer in (the map's zoom button, three steps), the groups part
  for (let i = 0; i < 3; i++) {
    const mark = await mapRenderMark(page)
    await page.locator('.ol-zoom-in').filter({ visible: true }).last().click()
    await untilMapRendered(page, mark)
  }
  await expect.poll(groups).toBeGreaterThan(first)
  console.log(`marker groups zoomed in: ${await groups()}`)
  await untilDrawn(page)
  await shot('-zoomed')

  // a pass chosen in the list: highlighted there, its swath and frames on the map
  await rows.nth(2).click()
  await expect(rows.nth(2)).toHaveClass(/ant-table-row-selected/)
  await expect(page.getByTestId('orbit-frames')).toBeVisible({ timeout: 15_000 })
  await untilDrawn(page)
  await shot('-chosen')

  expect(watched.errors).toEqual([])
  expect(watched.external).toEqual([])
})
