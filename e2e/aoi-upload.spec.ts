import { shapefileZip } from '../apps/server/test-support/aoi.fixtures'
import { chooseOption, expect, sql, test, watchPage } from './support'

test.describe('image query area', () => {
  test('a visitor uploads a shapefile that the map shows, and a broken one is refused', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/normal')
    await expect(page.getByTestId('archive-tabs')).toContainText('条件选择')
    await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
    await expect(page.getByTestId('select-mode')).toContainText('行政区')

    // upload mode: a GBK shapefile in Web Mercator, reprojected by the server
    await page.getByTestId('select-mode').getByText('矢量文件').click()
    const before = Number((await sql<{ n: string }>('select count(*) as n from aoi_upload'))[0]?.n)
    const input = page.getByTestId('aoi-upload').locator('input[type=file]')
    await input.setInputFiles({ name: '怀柔范围.zip', mimeType: 'application/zip', buffer: shapefileZip({ srs: 3857, encoding: 'GBK' }) })
    await expect(page.getByTestId('aoi-success')).toContainText('已上传“怀柔范围.zip”：2 个图形')
    await expect(page.getByTestId('selected-area')).toContainText('怀柔范围.zip')
    const rows = await sql<{ file_name: string; area_km2: number }>(
      'select file_name, area_km2 from aoi_upload order by created_at desc limit 1',
    )
    expect(rows[0]?.file_name).toBe('怀柔范围.zip')
    expect(Number((await sql<{ n: string }>('select count(*) as n from aoi_upload'))[0]?.n)).toBe(before + 1)
    await page.screenshot({ path: 'test-results/screens/normal-aoi.png' })

    // a broken file is refused with a Chinese message and nothing stored
    await input.setInputFiles({ name: 'fake.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') })
    await expect(page.getByTestId('aoi-error')).toContainText('不是有效的 zip 压缩包')
    expect(Number((await sql<{ n: string }>('select count(*) as n from aoi_upload'))[0]?.n)).toBe(before + 1)

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })

  test('a visitor picks a province and a city from the region API', async ({ page }) => {
    const watch = watchPage(page)
    await page.goto('/chinese/normal')
    // region mode: the province list comes from the region API
    await chooseOption(page.getByTestId('region-province'), '内蒙古自治区')
    // the chosen region by its name, not its code
    await expect(page.getByTestId('selected-area')).toContainText('内蒙古自治区')
    await chooseOption(page.getByTestId('region-city'), '呼和浩特市')
    await expect(page.getByTestId('selected-area')).toContainText('呼和浩特市')
    await expect(page.getByTestId('selected-area')).not.toContainText('150100')
    await page.screenshot({ path: 'test-results/screens/normal-region.png' })

    expect(watch.errors).toEqual([])
    expect(watch.external).toEqual([])
  })
})
