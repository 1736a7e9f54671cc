import { readFile } from 'node:fs/promises'
import type { Locator } from '@playwright/test'
import { expect, openFromMenu, test, watchPage } from './support'

/** Rows of the UCS Earth-observation file the portal counts (1 May 2023 edition). */
const UCS_SATELLITES = 1292

/** Waits until a chart image (the SVG the server draws) has loaded and has a size. */
async function expectChartLoaded(chart: Locator) {
  await expect(chart).toBeVisible()
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0)
}

test.describe('satellite analysis', () => {
  test('a visitor opens 动态分析, sees a chart and its table, and downloads the table as CSV and the chart as PNG', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')
    await openFromMenu(page, '卫星动态', '动态分析', /\/chinese\/satellite\/analysis\/general-statistic$/)

    const analysis = page.getByTestId('analysis-page')
    await expect(analysis.getByRole('heading', { level: 2 })).toContainText('总体统计')
    await expect(page.getByTestId('analysis-attribution')).toContainText('UCS')
    await expect(page.getByTestId('analysis-attribution')).toContainText('2023-05-01')

    const figure = page.getByTestId('figure-byCategory')
    const chart = figure.getByTestId('figure-chart-byCategory')
    await expectChartLoaded(chart)
    await expect(chart).toHaveAttribute('src', '/api/satellite/analysis/chart?page=general-statistic&figure=byCategory')
    await expect(chart).toHaveAttribute('alt', /按类别/)
    await expect(page.locator('canvas')).toHaveCount(0)
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

    // the PNG draws the same SVG into a canvas: an untainted canvas gives a real PNG
    await figure.getByTestId('figure-export-byCategory').click()
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-export-png-byCategory').click()])
    expect(png.suggestedFilename()).toMatch(/^全球在轨对地观测卫星总体统计-.+-2023-05-01\.png$/)
    const bytes = await readFile(await png.path())
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    // width and height (IHDR) at twice the chart's 576 px-or-more width, and taller than the chart alone
    expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(2 * 560)
    expect(bytes.readUInt32BE(20)).toBeGreaterThan(2 * 340)

    // the other pages are one click away
    await page.getByTestId('analysis-nav').getByText('国家分析').click()
    await expect(page).toHaveURL(/\/analysis\/country-analysis$/)
    await expect(analysis.getByRole('heading', { level: 2 })).toContainText('国家')
    await expectChartLoaded(page.locator('img[data-testid^="figure-chart-"]').first())

    await page.screenshot({ path: 'test-results/screens/analysis.png', fullPage: true })
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('发展规划 names its missions in Chinese and its sources by publisher and title, with no curation notes', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/satellite/analysis/development-plan')
    const analysis = page.getByTestId('analysis-page')
    await expect(analysis.getByRole('heading', { level: 2 })).toContainText('发展规划')
    const table = page.getByTestId('figure-plannedMissions').getByRole('table')
    await expect(table.getByRole('row').filter({ hasText: '风云三号F星' })).toContainText('新华网（英文版）：')
    await expect(table.getByRole('columnheader')).not.toContainText(['备注'])

    const references = page.getByTestId('analysis-references')
    await expect(references.getByRole('link')).toHaveCount(4)
    await expect(references.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/english\.news\.cn\//)
    await expect(references.getByRole('link').first()).toHaveAttribute('target', '_blank')
    await expect(references).toContainText('中国日报网：')

    // the maintainers' notes of planned-missions.csv and the English names never show
    const text = (await analysis.textContent()) ?? ''
    for (const internal of ['GCAT', 'UCS 5-1-2023', 'Not in the UCS', 'not checked', 'unnamed in source', 'Fengyun-3F', 'latam.space'])
      expect(text, internal).not.toContain(internal)
    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
