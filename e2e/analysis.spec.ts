import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { watchPage } from './support'

/** Rows of the UCS Earth-observation file the portal counts (1 May 2023 edition). */
const UCS_SATELLITES = 1292

test.describe('satellite analysis', () => {
  test('a visitor opens 动态分析, sees a chart and its table, and downloads the table as CSV', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await page.getByTestId('main-nav').getByText('卫星动态').hover()
    await page.locator('.main-nav__popup').getByText('动态分析').click()
    await expect(page).toHaveURL(/\/chinese\/satellite\/analysis\/general-statistic$/)

    const analysis = page.getByTestId('analysis-page')
    await expect(analysis.getByRole('heading', { level: 2 })).toContainText('总体统计')
    await expect(page.getByTestId('analysis-attribution')).toContainText('UCS')
    await expect(page.getByTestId('analysis-attribution')).toContainText('2023-05-01')

    const figure = page.getByTestId('figure-byCategory')
    await expect(figure.getByTestId('figure-chart-byCategory').locator('canvas')).toBeVisible()
    const table = figure.getByRole('table')
    await expect(table.getByRole('columnheader').first()).toHaveText('类别')
    const numberCells = table.locator('tbody td').filter({ hasText: /^\d[\d,.]*$/ })
    await expect(numberCells.first()).toBeVisible()
    await expect(table.getByRole('row').filter({ hasText: '光学成像' })).toContainText('569')

    await figure.getByTestId('figure-export-byCategory').click()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-export-csv-byCategory').click()])
    expect(download.suggestedFilename()).toMatch(/^全球在轨对地观测卫星总体统计-.+-2023-05-01\.csv$/)
    const text = await readFile(await download.path(), 'utf8')
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const lines = text.slice(1).split('\r\n')
    expect(lines[0]).toBe('类别,类型,卫星数（颗）,占比（%）')
    const rows = lines.slice(1, lines.indexOf(''))
    expect(rows.reduce((sum, line) => sum + Number(line.split(',')[2]), 0)).toBe(UCS_SATELLITES)
    expect(text).toContain('数据截至：2023-05-01')

    // the other pages are one click away
    await page.getByTestId('analysis-nav').getByText('国家分析').click()
    await expect(page).toHaveURL(/\/analysis\/country-analysis$/)
    await expect(analysis.getByRole('heading', { level: 2 })).toContainText('国家')
    await expect(page.locator('[data-testid^="figure-chart-"] canvas').first()).toBeVisible()

    await page.screenshot({ path: 'test-results/screens/analysis.png', fullPage: true })
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
