import { expect, openFromMenu, test, watchPage } from './support'

test.describe('satellite pages', () => {
  test('a visitor goes from the menu to GF-1, sees members, sensors and its live position, then a global satellite', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/home')

    await openFromMenu(page, '卫星动态', '国产卫星', /\/chinese\/satellite\/chinese$/)
    await expect(page.getByTestId('satellite-index')).toContainText('国产卫星')
    const gf1Card = page.getByTestId('satellite-card-gf1')
    await expect(gf1Card).toContainText('高分一号卫星')
    await expect(gf1Card).toContainText('国家航天局')
    await gf1Card.click()

    await expect(page).toHaveURL(/\/chinese\/satellite\/chinese\/gf1$/)
    await expect(page.getByTestId('satellite-overview').locator('h1')).toHaveText('高分一号卫星')
    const member = page.getByTestId('satellite-member-row').first()
    await expect(member).toContainText('GF-1 01')
    await expect(member).toContainText('39150')
    await expect(member).toContainText('2013-018A')
    await expect(page.getByTestId('satellite-sensor')).toHaveCount(2)
    await expect(page.getByTestId('satellite-sensors')).toContainText('PMS 全色多光谱相机')
    await expect(page.getByTestId('satellite-tle-epoch')).toContainText(/历元 2026-06-13 21:04 UTC.*距今 \d+ 天/)

    // the map draws, and the position is propagated and updated every second
    await expect(page.getByTestId('satellite-tracker-map').locator('canvas').first()).toBeVisible()
    const position = page.getByTestId('satellite-position').first()
    await expect(position).toContainText(/GF-1 01：经度 -?\d+\.\d{2}，纬度 -?\d+\.\d{2}，高度 \d+ km/)
    const first = await page.getByTestId('satellite-computed-at').textContent()
    await expect(page.getByTestId('satellite-computed-at')).not.toHaveText(first ?? '', { timeout: 5000 })
    await page.screenshot({ path: 'test-results/screens/satellite-gf1.png', fullPage: true })

    // the section navigation leads on; the main menu leads to the global satellites
    await openFromMenu(page, '卫星动态', '国外卫星', /\/chinese\/satellite\/global$/)
    await expect(page.getByTestId('satellite-group-radar')).toContainText('雷达卫星')
    await page.getByTestId('satellite-side-nav').getByRole('link', { name: 'Sentinel-2', exact: true }).click()
    await expect(page).toHaveURL(/\/chinese\/satellite\/global\/sentinel2$/)
    await expect(page.getByTestId('satellite-overview')).toContainText('欧洲')
    await expect(page.getByTestId('satellite-member-row')).toHaveCount(3)
    await expect(page.getByTestId('satellite-position').first()).toContainText(/Sentinel-2[ABC]：经度/)
    await expect(page.getByTestId('satellite-sources').locator('a').first()).toHaveAttribute('target', '_blank')
    await page.screenshot({ path: 'test-results/screens/satellite-sentinel2.png', fullPage: true })

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
