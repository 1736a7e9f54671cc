import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startS3Server } from '../apps/server/test-support/s3-server'
import { chooseOption, expect, loginThroughPopup, sql, test, waitForInteractiveLoads } from './support'

/** The portal's data folder, as playwright.config.ts gives it to the server. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `rs-portal-e2e-${Number(process.env.E2E_PORT ?? 3100)}`)

/**
 * 推送 as an administrator does it: a node for 内蒙古 with its folder, three scenes typed in, the
 * preview, the push; the batch is delivered into the node's folder with the SHA-256 the screen
 * shows; the public push statistics count it.
 */
test('an administrator pushes scenes to a node and the statistics show them', async ({ page }) => {
  test.setTimeout(120_000)
  waitForInteractiveLoads(page)
  const target = `e2e-${Date.now().toString(36)}`
  const rows = await sql<{ id: string }>(
    `select s.id from scene s join region r on r.code = '150000'
     where s.data_status = '2' and s.footprint && r.geom and ST_Intersects(s.footprint, r.geom) order by s.id limit 3`,
  )
  expect(rows.length).toBe(3)

  // a protected page opens the login popup itself
  await page.goto('/chinese/home')
  await loginThroughPopup(page, 'admin', 'Admin@2026', () => page.goto('/chinese/admin/push'))
  await expect(page.getByRole('heading', { level: 1, name: '推送节点与批次' })).toBeVisible()

  // a new node: 内蒙古 (the form's default region), a folder of its own
  await page.getByTestId('push-node-new').click()
  await page.getByTestId('push-node-name').fill(`内蒙古自治区节点 ${target}`)
  await page.getByTestId('push-node-target').fill(target)
  await page.getByTestId('push-node-save').click()
  const nodeRow = page.locator('[data-testid=push-nodes] tr', { hasText: target })
  await expect(nodeRow).toBeVisible()

  // push three scenes typed in, after the preview
  await page.getByTestId('push-new').click()
  await chooseOption(page.getByTestId('push-node'), `内蒙古自治区节点 ${target}`)
  await page.getByTestId('push-scene-ids').fill(rows.map((r) => r.id).join('\n'))
  await page.getByTestId('push-preview').click()
  await expect(page.getByTestId('push-preview-result')).toContainText('共 3 景')
  await page.getByTestId('push-confirm').click()

  // the batch arrives: 已送达, with its file and checksum
  await expect(page.getByTestId('push-confirm')).toBeHidden()
  const [batch] = await sql<{ id: number }>(
    'select max(b.id) as id from push_batch b join push_node n on n.id = b.node_id where n.target = $1',
    [target],
  )
  await expect(page.getByTestId(`push-state-${batch?.id}`)).toHaveText('已送达', { timeout: 60_000 })
  const [row] = await sql<{ delivered_file: string; package_sha256: string }>(
    'select delivered_file, package_sha256 from push_batch where id = $1',
    [batch?.id],
  )
  expect(row?.delivered_file).toBe(`${target}/push-${batch?.id}.zip`)
  const zip = await readFile(path.join(dataDir, 'push', row?.delivered_file ?? ''))
  expect(createHash('sha256').update(zip).digest('hex')).toBe(row?.package_sha256)
  await expect(page.locator('[data-testid=push-batches] tr', { hasText: `${target}/push-${batch?.id}.zip` })).toContainText(
    (row?.package_sha256 ?? '').slice(0, 16),
  )

  // the public statistics: by satellite, the table and its total count the three scenes at least
  await page.goto('/chinese/statistics/push?by=satellite')
  await expect(page.getByRole('heading', { level: 1, name: '推送统计' })).toBeVisible()
  const total = Number(/景数 (\d+)/.exec((await page.getByTestId('push-total').textContent()) ?? '')?.[1])
  expect(total).toBeGreaterThanOrEqual(3)
  await expect(page.locator('[data-testid=push-table] tbody tr.ant-table-row').first()).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByTestId('push-export')
      .click()
      .then(() => page.getByTestId('push-export-csv').click()),
  ])
  expect(download.suggestedFilename()).toMatch(/^推送统计_按卫星_全部时段\.csv$/)
})

/**
 * A node that delivers to an S3-compatible bucket (an s3rver started by the test, as a province's
 * MinIO or OSS would be): filled in the form with its secret, tested with 测试送达, pushed to; the
 * object in the bucket is the package the screen names.
 */
test('an administrator adds a bucket node, tests it and pushes there', async ({ page }) => {
  test.setTimeout(120_000)
  waitForInteractiveLoads(page)
  const s3 = await startS3Server(['rs-e2e-push'])
  try {
    const prefix = `e2e-${Date.now().toString(36)}`
    const [scene] = await sql<{ id: string }>(
      `select s.id from scene s join region r on r.code = '150000'
       where s.data_status = '2' and s.footprint && r.geom and ST_Intersects(s.footprint, r.geom) order by s.id limit 1`,
    )
    await page.goto('/chinese/home')
    await loginThroughPopup(page, 'admin', 'Admin@2026', () => page.goto('/chinese/admin/push'))
    await page.getByTestId('push-node-new').click()
    await page.getByTestId('push-node-name').fill(`对象存储节点 ${prefix}`)
    await page.getByTestId('push-node-kind').getByText('S3 兼容对象存储').click()
    await page.getByTestId('push-node-s3-endpoint').fill(s3.endpoint)
    await page.getByTestId('push-node-s3-bucket').fill('rs-e2e-push')
    await page.getByTestId('push-node-s3-key').fill(s3.accessKeyId)
    await page.getByTestId('push-node-target').fill(prefix)
    // the secret is required for a new bucket
    await page.getByTestId('push-node-save').click()
    await expect(page.getByText('请填写访问密钥', { exact: true })).toBeVisible()
    await page.getByTestId('push-node-s3-secret').fill(s3.secretAccessKey)
    await page.screenshot({ path: 'test-results/screens/push-node-s3.png' })
    await page.getByTestId('push-node-save').click()
    const nodeRow = page.locator('[data-testid=push-nodes] tr', { hasText: prefix })
    await expect(nodeRow).toContainText(`s3://rs-e2e-push/${prefix}`)

    const [node] = await sql<{ id: number }>('select id from push_node where target = $1', [prefix])
    await page.getByTestId(`push-node-probe-${node?.id}`).click()
    await expect(page.getByText(`可以送达 s3://rs-e2e-push/${prefix}`)).toBeVisible()
    await page.screenshot({ path: 'test-results/screens/push-nodes.png' })

    await page.getByTestId('push-new').click()
    await chooseOption(page.getByTestId('push-node'), `对象存储节点 ${prefix}`)
    await page.getByTestId('push-scene-ids').fill(scene?.id ?? '')
    await page.getByTestId('push-preview').click()
    await expect(page.getByTestId('push-preview-result')).toContainText('共 1 景')
    await page.getByTestId('push-confirm').click()
    await expect(page.getByTestId('push-confirm')).toBeHidden()
    const [batch] = await sql<{ id: number }>('select max(id) as id from push_batch where node_id = $1', [node?.id])
    await expect(page.getByTestId(`push-state-${batch?.id}`)).toHaveText('已送达', { timeout: 60_000 })
    const file = `s3://rs-e2e-push/${prefix}/push-${batch?.id}.zip`
    const row = page.locator('[data-testid=push-batches] tr', { hasText: file })
    await expect(row).toBeVisible()
    const [stored] = await sql<{ package_sha256: string }>('select package_sha256 from push_batch where id = $1', [batch?.id])
    const zip = await fetch(`${s3.endpoint}/rs-e2e-push/${prefix}/push-${batch?.id}.zip`)
    expect(zip.status).toBe(200)
    expect(
      createHash('sha256')
        .update(Buffer.from(await zip.arrayBuffer()))
        .digest('hex'),
    ).toBe(stored?.package_sha256)
  } finally {
    await s3.close()
  }
})
