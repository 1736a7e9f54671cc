import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { chooseOption, expect, loginThroughPopup, mapRenderMark, sql, test, untilDrawn, untilMapRendered, watchPage } from './support'

/**
 * The cart and an order as people use them: a province user searches /normal, adds scenes to the
 * cart (checked results and one from the drawer), orders them; the demo reviewer approves; the
 * owner downloads the package with the extraction code. Twelve scenes over Beijing in April 2020
 * (a month the demo archive does not use) are written through SQL.
 */

async function seedScenes() {
  await sql(`DELETE FROM scene WHERE source = 'e2e-order'`)
  await sql(
    `INSERT INTO scene (id, satellite, sensor, slug, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row",
       direction, off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, source)
     SELECT 'E2O_' || lpad(i::text, 3, '0'), 'GF2', 'PMS1', 'gf2', timestamptz '2020-04-01 02:00Z' + i * interval '13 hours',
       (i * 17) % 100, 0.8, 'L1A', 30000 + i, 100 + i, 50, 'descending', 0, 40, 'GF2_PMS1_E2O' || lpad(i::text, 3, '0') || '.tar.gz', '2', g,
       ST_Area(g::geography) / 1e6, true, 'e2e-order'
     FROM (SELECT i, ST_Multi(ST_MakeEnvelope(116 + (i % 4) * 0.2, 39.7 + (i / 4) * 0.2, 116.15 + (i % 4) * 0.2, 39.85 + (i / 4) * 0.2, 4326)) AS g
           FROM generate_series(0, 11) AS i) AS x`,
  )
}

const rows = (page: Page) => page.getByTestId('result-table').locator('tr.ant-table-row')

/** Logs out, then starts again from a fresh home page (leaving a personal page opens the login popup by itself). */
async function logout(page: Page) {
  await page.getByTestId('header-logout').click()
  await expect(page.getByTestId('header-login')).toBeVisible()
  await page.goto('/chinese/home')
  await expect(page.getByTestId('header-login')).toBeVisible()
}

test('a user orders scenes from the image query, a reviewer approves, the owner downloads with the code and resumes it from the middle', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const watched = watchPage(page)
  await seedScenes()
  await sql(`DELETE FROM cart_item WHERE user_id = (SELECT id FROM app_user WHERE username = 'neimenggu')`)

  await page.goto('/chinese/normal?from=2020-04-01&to=2020-04-30')
  await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
  await expect(page.getByTestId('header-logout')).toBeVisible()
  await expect(page.getByTestId('map-canvas').locator('canvas').first()).toBeVisible()
  await chooseOption(page.getByTestId('region-province'), '北京市')
  await page.getByTestId('archive-search').click()
  await expect(rows(page).first()).toBeVisible()

  // the checked results, then one more from the drawer; the header count follows
  await rows(page).nth(0).locator('.ant-checkbox-input').check()
  await rows(page).nth(1).locator('.ant-checkbox-input').check()
  await page.getByTestId('result-cart-checked').click()
  await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', '购物车 2')
  await rows(page).nth(2).locator('td').nth(3).click()
  await page.getByTestId('drawer-cart').click()
  await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', '购物车 3')
  // a duplicate is merged
  await page.getByTestId('drawer-cart').click()
  await expect(page.locator('.ant-message')).toContainText('新增0景')

  // the shopping page (the drawer closed, it lies over the header): select all, submit with project, purpose and the terms
  await page.getByTestId('scene-drawer').locator('.ant-drawer-close').click()
  await expect(page.getByTestId('scene-drawer')).toBeHidden()
  await page.getByTestId('header-cart').click()
  await expect(page).toHaveURL(/\/personal\/personalCenter\/shopping/)
  const cart = page.getByTestId('cart-table')
  await expect(cart.locator('tr.ant-table-row')).toHaveCount(3)
  await expect(cart).toContainText('GF2')
  await untilDrawn(page)
  await page.screenshot({ path: 'test-results/screens/orders-shopping.png' })
  await cart.locator('thead .ant-checkbox-input').check()
  await page.getByTestId('cart-submit').click()
  await page.getByTestId('order-project').fill('2020年北京春季影像')
  await page.getByTestId('order-purpose').fill('城市扩张监测')
  await page.getByTestId('order-terms').check()
  await page.getByTestId('order-form-ok').click()
  await expect(page).toHaveURL(/\/personal\/personalCenter\/myOrder/)
  await expect(page.getByTestId('order-table').getByTestId('order-status').first()).toHaveText('待审核')
  await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', '购物车')
  const [order] = await sql<{ id: number }>(
    `SELECT o.id FROM scene_order o JOIN app_user u ON u.id = o.user_id WHERE u.username = 'neimenggu' ORDER BY o.id DESC LIMIT 1`,
  )
  await untilDrawn(page)
  await page.screenshot({ path: 'test-results/screens/orders-my-orders.png' })
  await logout(page)

  // the reviewer approves
  await loginThroughPopup(page, 'reviewer', 'Review@2026')
  await expect(page.getByTestId('header-logout')).toBeVisible()
  await page.goto('/chinese/personal/personalCenter/myOrder')
  await page.getByRole('tab', { name: '订单审核' }).click()
  const review = page.getByTestId('order-list-review')
  await expect(review.locator(`tr[data-row-key="${order?.id}"]`)).toBeVisible()
  await review.locator(`tr[data-row-key="${order?.id}"]`).getByTestId('order-approve').click()
  await expect(review.locator(`tr[data-row-key="${order?.id}"]`).getByTestId('order-status')).toHaveText(/生产中|可下载/)
  await logout(page)

  // the owner waits for the package and downloads it with the code
  await loginThroughPopup(page, 'neimenggu', 'Nmg@2026')
  await expect(page.getByTestId('header-logout')).toBeVisible()
  await page.goto('/chinese/personal/personalCenter/myOrder')
  const mine = page.getByTestId('order-list-mine')
  await expect(mine.locator(`tr[data-row-key="${order?.id}"]`).getByTestId('order-status')).toHaveText('可下载', { timeout: 60_000 })
  const beforeOpen = await mapRenderMark(page)
  await mine.locator(`tr[data-row-key="${order?.id}"]`).getByTestId('order-open').click()
  const code = (await page.getByTestId('order-extract-code').innerText()).trim()
  expect(code).toMatch(/^[A-Z2-9]{6}$/)
  await expect(page.getByTestId('order-scenes').locator('tr.ant-table-row')).toHaveCount(3)
  // the order's map shows its footprints
  await untilMapRendered(page, beforeOpen)
  await untilDrawn(page)
  await page.screenshot({ path: 'test-results/screens/orders-detail.png' })
  // a wrong code first
  await page.getByTestId('order-code-input').fill('AAAAAA')
  await page.getByTestId('order-download').click()
  await expect(page.locator('.ant-message')).toContainText('提取码错误')
  await page.getByTestId('order-code-input').fill(code.toLowerCase())
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('order-download').click()])
  const file = await download.path()
  const [pkg] = await sql<{ package_sha256: string; status: string }>(`SELECT package_sha256, status FROM scene_order WHERE id = $1`, [
    order?.id,
  ])
  const whole = readFileSync(file)
  expect(createHash('sha256').update(whole).digest('hex')).toBe(pkg?.package_sha256)
  expect(pkg?.status).toBe('completed')
  // a download cut short goes on from the middle: the rest of the same bytes
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const half = Math.floor(whole.length / 2)
  const rest = await page.request.get(`/api/order/download?id=${order?.id}&code=${code}`, {
    headers: { token: token ?? '', range: `bytes=${half}-` },
  })
  expect(rest.status()).toBe(206)
  expect(rest.headers()['content-range']).toBe(`bytes ${half}-${whole.length - 1}/${whole.length}`)
  expect(Buffer.compare(await rest.body(), whole.subarray(half))).toBe(0)
  const audit = await sql<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [`order:${order?.id}`])
  expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['orderSubmit', 'orderApprove', 'orderStatus', 'orderDownload']))
  expect(watched.errors).toEqual([])
  expect(watched.external).toEqual([])
})
