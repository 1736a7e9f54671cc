import type { Page } from '@playwright/test'
import { contextOptions, expect, storedLogin, test, waitForInteractiveLoads } from './support'

/** Presses Tab until the focus is on what `selector` finds (at most `most` times); fails when it never is. */
async function tabTo(page: Page, selector: string, most = 40): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return
  }
  throw new Error(`${most} Tabs did not reach ${selector}`)
}

/**
 * The portal by keyboard alone (issue 25, WCAG 2.1.1, 2.4.1, 2.4.3): a skip link first, the login
 * dialog keeping the focus inside while open and giving it back when closed, and an area chosen
 * in the region picker by typing.
 */
test.describe('the keyboard', () => {
  test('the first Tab shows the skip link, which moves the focus to the screen', async ({ page }) => {
    await page.goto('/chinese/home')
    await page.keyboard.press('Tab')
    const skip = page.getByTestId('skip-link')
    await expect(skip).toBeFocused()
    await expect(skip).toHaveText('跳到主要内容')
    // on screen once focused (it waits above the page until then)
    expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
    await page.keyboard.press('Enter')
    await expect(page.locator('#main-content')).toBeFocused()
    // the next Tab goes into the screen, past the header and the menu
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true)
  })

  test('the login dialog keeps the focus inside while open and gives it back to its button on Escape', async ({ page }) => {
    await page.goto('/chinese/home?lang=en')
    const login = page.getByTestId('header-login')
    await login.focus()
    await page.keyboard.press('Enter')
    const modal = page.getByTestId('login-modal')
    await expect(modal).toBeVisible()
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true)
    // antd's lock brings the focus back whenever it lands outside the dialog; past the dialog's last
    // control the browser's own toolbar has it for one Tab (the document's body is active), as on a desktop
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab')
      const where = await page.evaluate(() =>
        document.activeElement?.closest('.ant-modal') || document.activeElement === document.body
          ? 'inside'
          : (document.activeElement?.outerHTML.slice(0, 160) ?? 'none'),
      )
      expect(where, `after ${i + 1} Tabs`).toBe('inside')
    }
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(login).toBeFocused()
  })

  test('an area is chosen in the region picker by typing, without the map', async ({ page }) => {
    await page.goto('/chinese/normal')
    const province = page.getByTestId('region-province')
    await province.getByRole('combobox').focus()
    await page.keyboard.type('内蒙')
    await page.keyboard.press('Enter')
    await expect(province).toContainText('内蒙古自治区')
    await expect(page.getByTestId('region-city')).not.toHaveClass(/ant-select-disabled/)
  })

  test('imagery is searched by keyboard alone: the extent mode, the extent typed in degrees, the search', async ({ page }) => {
    await page.goto('/chinese/normal')
    await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
    await page.getByTestId('skip-link').focus()
    await tabTo(page, '[data-testid="select-mode"] input:checked')
    // the mode switch is one radio group: the arrow keys move along it
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('typed-extent')).toBeVisible()
    await tabTo(page, '#typed-extent-minLon')
    for (const [value, last] of [
      ['115.5', false],
      ['39.5', false],
      ['117', false],
      ['41', true],
    ] as const) {
      await page.keyboard.type(value)
      if (!last) await tabTo(page, '.typed-extent input', 3)
    }
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('extent-value')).toContainText('115.5000 ~ 117.0000')
    await expect(page.getByTestId('selected-area')).toContainText('当前视图范围')
    await tabTo(page, '[data-testid="archive-search"]')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('result-panel')).toBeVisible()
  })

  test('passes are predicted by keyboard alone: satellites by typing, the region by typing, the start', async ({ browser }, testInfo) => {
    test.setTimeout(120_000)
    const state = await storedLogin(browser, testInfo, 'user', 'User@2026')
    const context = await browser.newContext({ ...contextOptions(testInfo), storageState: state })
    const page = waitForInteractiveLoads(await context.newPage())
    try {
      await page.goto('/chinese/orbitalPredict')
      await expect(page.getByTestId('orbit-screen')).toBeVisible()
      await page.getByTestId('skip-link').focus()
      // the satellite tree: typing filters it, the arrow keys move, Enter checks
      await tabTo(page, '[data-testid="orbit-satellites"] input')
      await page.keyboard.type('高分一号卫星')
      await page.keyboard.press('Enter')
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('orbit-elements')).toContainText('GF-1')
      await tabTo(page, '[data-testid="region-province"] input')
      await page.keyboard.type('北京')
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('region-province')).toContainText('北京市')
      await tabTo(page, '[data-testid="orbit-start"]')
      await page.keyboard.press('Enter')
      const rows = page.getByTestId('orbit-passes').locator('tr.ant-table-row')
      await expect(rows.first()).toBeVisible({ timeout: 60_000 })
      await expect(page.getByTestId('orbit-pass-count')).toContainText('共')
    } finally {
      await context.close()
    }
  })

  test('a monitoring module is read by keyboard alone: its statistics, a province opened from its row, and back', async ({ page }) => {
    await page.goto('/chinese/monitor/pvland')
    const table = page.getByTestId('statistics-table')
    await expect(table.getByRole('row', { name: /内蒙古自治区/ })).toBeVisible()
    await page.getByTestId('skip-link').focus()
    // a row that opens its region is a tab stop; Enter opens it
    await tabTo(page, '[data-testid="statistics-table"] tr.figure-table__row--open', 80)
    for (let i = 0; i < 40; i++) {
      if (await page.evaluate(() => document.activeElement?.textContent?.includes('内蒙古自治区'))) break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/region=150000/)
    await expect(page.getByTestId('current-region')).toHaveText('内蒙古自治区')
    await expect(table.getByRole('row', { name: /呼和浩特市/ })).toBeVisible()
    await tabTo(page, '[data-testid="drill-up"]', 80)
    await page.keyboard.press('Enter')
    await expect(page).not.toHaveURL(/region=150000/)
  })
})
