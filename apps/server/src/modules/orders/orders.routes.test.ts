import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { API_CODE, ORDER_LIMITS, PERMISSION, tZh } from '@rs/shared'
import { unzipSync } from 'fflate'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BuiltUser, buildScene, buildUser } from '../../../test-support/factories'
import { sceneRecords } from '../../../test-support/scene-records'
import { type PackageInput, writePackage } from '../../capabilities/packages'
import { TaskBusyError, TaskTimeoutError } from '../../lib/workers/pool'
import { type Gate, newGate, openGate, POOL_TASKS, taken } from '../../test/pool-tasks'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'
import { ordersRepository } from './orders.repository'
import { createOrdersService, type QuicklookSource } from './orders.service'

let ctx: TestContext
let dataDir: string
const tokens: Record<string, string> = {}
const sceneIds: string[] = []
let reviewerUser: BuiltUser

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rs-orders-'))
  // one request thread, as on a 2-core server: six anonymous uploads fill it
  ctx = await createTestContext({ DATA_DIR: dataDir, ORDER_SWEEP_MINUTES: '0', ORDER_DOWNLOADS_PER_MINUTE: '1000', WORKER_THREADS: '1' })
  const reviewer = await buildUser(ctx.database.db, { permissions: [PERMISSION.orderReview], email: 'order-reviewer@example.com' })
  reviewerUser = reviewer
  tokens.reviewer = await loginAs(ctx, reviewer.username, reviewer.password)
  tokens.owner = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  tokens.other = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  for (let i = 0; i < 4; i++)
    sceneIds.push((await buildScene(ctx.database.db, { cloudPercent: 10 * i, bbox: [116 + i, 39.5, 116.5 + i, 40] })).id)
  // one imported scene without a drawn quicklook
  sceneIds.push((await buildScene(ctx.database.db, { illustrative: false })).id)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  await rm(dataDir, { recursive: true, force: true })
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const post = (url: string, who: string | undefined, body: Json) => call('POST', url, who, body)
const get = (url: string, who?: string) => call('GET', url, who)
const count = async (table: 'scene_order' | 'scene_order_item' | 'cart_item') =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(ctx.database.db)).rows[0]?.n)
const submit = (ids: string[], who = 'owner') =>
  post('/api/order/submit', who, { sceneIds: ids, purpose: '耕地变化监测', project: '2026年度变更调查', acceptTerms: true })

async function until(id: number, status: string, who = 'owner') {
  // within the test's 60 s: a package waits for its thread to start on a loaded machine
  for (const deadline = Date.now() + 50_000; Date.now() < deadline; ) {
    const detail = (await get(`/api/order/detail?id=${id}`, who)).body.data
    if (detail.status === status) return detail
    if (detail.status === 'failed') throw new Error(`order ${id} failed instead of becoming ${status}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`order ${id} never became ${status}`)
}

describe('the cart', () => {
  it('needs login', async () => {
    expect((await get('/api/ordercart/list')).status).toBe(401)
    expect((await post('/api/ordercart/add', undefined, { sceneIds: [sceneIds[0]] })).status).toBe(401)
  })

  it('adds scenes, merges duplicates and counts them in the header count', async () => {
    const first = await post('/api/ordercart/add', 'owner', { sceneIds: [sceneIds[0], sceneIds[0], sceneIds[1]] })
    expect(first.body.data).toEqual({ added: 2, count: 2 })
    const again = await post('/api/ordercart/add', 'owner', { sceneIds })
    expect(again.body.data).toEqual({ added: 3, count: 5 })
    expect((await get('/api/ordercart/count', 'owner')).body.data).toBe(5)
    const list = (await get('/api/ordercart/list', 'owner')).body.data
    expect(list.max).toBe(ORDER_LIMITS.cartMax)
    expect(list.items).toHaveLength(5)
    expect(list.items[0]).toMatchObject({ available: true, satellite: 'GF1', sensor: 'PMS1' })
  })

  it('refuses unknown scenes with a Chinese 404 and adds none of the call', async () => {
    const res = await post('/api/ordercart/add', 'other', { sceneIds: [sceneIds[0], 'NO_SUCH_SCENE'] })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe(tZh('order.errors.scenesUnknown', { ids: 'NO_SUCH_SCENE' }))
    expect((await get('/api/ordercart/count', 'other')).body.data).toBe(0)
  })

  it(`refuses a cart over its cap of ${ORDER_LIMITS.cartMax}, adding nothing`, async () => {
    const user = await buildUser(ctx.database.db)
    const token = await loginAs(ctx, user.username, user.password)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, footprint, area_km2, source)
      SELECT 'CAP_' || n, 'GF1', 'PMS1', now(), 5, 2, 'L1A', 'cap_' || n, ST_Multi(ST_MakeEnvelope(100, 30, 100.1, 30.1, 4326)), 100, 'test'
      FROM generate_series(1, ${ORDER_LIMITS.cartMax + 1}) AS n`.execute(ctx.database.db)
    const ids = Array.from({ length: ORDER_LIMITS.cartMax }, (_, i) => `CAP_${i + 1}`)
    expect((await post('/api/ordercart/add', token, { sceneIds: ids })).body.data.count).toBe(ORDER_LIMITS.cartMax)
    const over = await post('/api/ordercart/add', token, { sceneIds: [`CAP_${ORDER_LIMITS.cartMax + 1}`, sceneIds[0] as string] })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(tZh('order.errors.cartFull', { max: ORDER_LIMITS.cartMax, count: ORDER_LIMITS.cartMax, left: 0 }))
    // one already in the cart is merged, not counted against the cap
    expect((await post('/api/ordercart/add', token, { sceneIds: ['CAP_1'] })).body.data).toEqual({ added: 0, count: ORDER_LIMITS.cartMax })
    // an order of all 1,000 in one transaction
    const order = await post('/api/order/submit', token, { sceneIds: ids, purpose: '测试', project: '上限', acceptTerms: true })
    expect(order.body.data).toMatchObject({ status: 'pending', sceneCount: ORDER_LIMITS.cartMax })
    expect((await get('/api/ordercart/count', token)).body.data).toBe(0)
  }, 60_000)

  it('removes scenes', async () => {
    await post('/api/ordercart/add', 'other', { sceneIds: [sceneIds[2]] })
    expect((await post('/api/ordercart/remove', 'other', { sceneIds: [sceneIds[2], sceneIds[3]] })).body.data).toEqual({
      removed: 1,
      count: 0,
    })
  })
})

describe('submitting an order', () => {
  it('needs purpose, project and the accepted terms', async () => {
    const noTerms = await post('/api/order/submit', 'owner', {
      sceneIds: [sceneIds[0]],
      purpose: '用途',
      project: '项目',
      acceptTerms: false,
    })
    expect(noTerms.status).toBe(400)
    expect(noTerms.body.message).toContain(tZh('order.errors.termsRequired'))
    const noPurpose = await post('/api/order/submit', 'owner', {
      sceneIds: [sceneIds[0]],
      purpose: ' ',
      project: '项目',
      acceptTerms: true,
    })
    expect(noPurpose.body.message).toContain(tZh('order.form.purposeRequired'))
  })

  it('refuses scenes not in the cart', async () => {
    const res = await submit([sceneIds[0] as string], 'other')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(tZh('order.errors.notInCart', { ids: sceneIds[0] as string }))
  })

  it('refuses scenes that no longer exist and writes nothing', async () => {
    const gone = await buildScene(ctx.database.db)
    await post('/api/ordercart/add', 'other', { sceneIds: [gone.id, sceneIds[0]] })
    await sql`DELETE FROM scene WHERE id = ${gone.id}`.execute(ctx.database.db)
    const [orders, items] = [await count('scene_order'), await count('scene_order_item')]
    const res = await submit([sceneIds[0] as string, gone.id], 'other')
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(tZh('order.errors.scenesGone', { ids: gone.id }))
    expect([await count('scene_order'), await count('scene_order_item')]).toEqual([orders, items])
    // still in the cart, shown as gone
    const cart = (await get('/api/ordercart/list', 'other')).body.data.items
    expect(cart.find((s: { id: string }) => s.id === gone.id)).toMatchObject({ available: false, satellite: null })
  })
})

describe('an order from submission to download', () => {
  let orderId: number
  let zipBytes: Buffer

  it('submits, leaving the other scenes in the cart', async () => {
    const res = await submit(sceneIds)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'pending', sceneCount: 5, owner: 'neimenggu', progress: 0 })
    orderId = res.body.data.id
    expect((await get('/api/ordercart/count', 'owner')).body.data).toBe(0)
    const list = (await get('/api/order/list?status=pending', 'owner')).body.data
    expect(list.list.map((o: { id: number }) => o.id)).toContain(orderId)
    expect((await get('/api/order/list?status=ready', 'owner')).body.data.total).toBe(0)
  })

  it('shows the detail to its owner and reviewers only, with footprints', async () => {
    const detail = (await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data
    expect(detail.scenes.map((s: { id: string }) => s.id)).toEqual(sceneIds)
    expect(detail.footprints.features).toHaveLength(5)
    expect(detail.extractCode).toBeNull()
    expect(detail.events.sort()).toEqual(['approved', 'cancelled', 'rejected'])
    expect((await get(`/api/order/detail?id=${orderId}`, 'other')).status).toBe(404)
    expect((await get(`/api/order/detail?id=${orderId}`, 'reviewer')).status).toBe(200)
  })

  it('lets only reviewers review, with a reason to reject', async () => {
    const denied = await post('/api/order/review', 'owner', { id: orderId, decision: 'approve' })
    expect(denied.status).toBe(403)
    expect((await get('/api/order/review/list', 'owner')).status).toBe(403)
    const noReason = await post('/api/order/review', 'reviewer', { id: orderId, decision: 'reject', reason: '  ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe(tZh('order.errors.reasonRequired'))
    expect((await get('/api/order/review/list?status=pending', 'reviewer')).body.data.list.map((o: { id: number }) => o.id)).toContain(
      orderId,
    )
  })

  it('approves, produces the package off the event loop and shows the code to the owner', async () => {
    const res = await post('/api/order/review', 'reviewer', { id: orderId, decision: 'approve' })
    expect(res.status).toBe(200)
    expect(['producing', 'ready']).toContain(res.body.data.status)
    const ready = await until(orderId, 'ready')
    expect(ready.progress).toBe(100)
    expect(ready.extractCode).toMatch(/^[A-Z2-9]{6}$/)
    expect(ready.packageBytes).toBeGreaterThan(0)
    expect(new Date(ready.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    expect((await get(`/api/order/detail?id=${orderId}`, 'reviewer')).body.data.extractCode).toBeNull()
    // a second review is not a transition the state machine allows
    const again = await post('/api/order/review', 'reviewer', { id: orderId, decision: 'reject', reason: '重复' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(tZh('order.errors.transition', { state: tZh('order.state.ready'), action: tZh('order.action.reject') }))
  })

  it('keeps the order, its extraction code and its package from automatic-login sessions, which hold no cart or orders', async () => {
    const autoLogin = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code: 1 } })).json().data.token as string
    const [first, second] = [await autoLogin(), await autoLogin()]
    const code = (await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.extractCode
    const refused = (res: { status: number; body: { code: number; message: string } }, what: string) => {
      expect(res.status, what).toBe(401)
      expect(res.body, what).toMatchObject({ code: API_CODE.accountRequired, message: tZh('errors.accountRequired') })
    }
    const [carts, orders] = [await count('cart_item'), await count('scene_order')]
    refused(await post('/api/ordercart/add', first, { sceneIds: [sceneIds[0]] }), 'cart add')
    refused(await submit([sceneIds[0] as string], first), 'submit')
    expect([await count('cart_item'), await count('scene_order')]).toEqual([carts, orders])
    for (const other of [first, second]) {
      refused(await get('/api/ordercart/list', other), 'cart list')
      refused(await get('/api/order/list', other), 'order list')
      refused(await get(`/api/order/detail?id=${orderId}`, other), 'detail')
      refused(await get(`/api/order/download?id=${orderId}&code=${code}`, other), 'download')
      refused(await post('/api/order/cancel', other, { id: orderId }), 'cancel')
    }
    // the account still sees its own
    expect((await get('/api/order/list', 'owner')).body.data.list.map((o: { id: number }) => o.id)).toContain(orderId)
  })

  it('refuses a wrong code and someone else, and logs the failure', async () => {
    const wrong = await get(`/api/order/download?id=${orderId}&code=AAAAAA`, 'owner')
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe(tZh('order.errors.wrongCode'))
    const malformed = await get(`/api/order/download?id=${orderId}&code=abc`, 'owner')
    expect(malformed.status).toBe(400)
    const code = (await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.extractCode
    expect((await get(`/api/order/download?id=${orderId}&code=${code}`, 'other')).status).toBe(404)
    expect((await get(`/api/order/download?id=${orderId}&code=${code}`)).status).toBe(401)
    const failures = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'orderDownload' AND outcome = 'failure' AND target = ${`order:${orderId}`}`.execute(
      ctx.database.db,
    )
    expect(failures.rows[0]?.n).toBe(1)
  })

  it('writes exactly one audit record for one wrong extraction code', async () => {
    const last = async () =>
      Number((await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(ctx.database.db)).rows[0]?.id)
    const before = await last()
    const wrong = await get(`/api/order/download?id=${orderId}&code=BBBBBB`, 'owner')
    expect(wrong.status).toBe(403)
    const rows = await sql<{ action: string; outcome: string; target: string; reason: string | null }>`
      SELECT action, outcome, target, detail->>'reason' AS reason FROM audit_log WHERE id > ${before} ORDER BY id`.execute(ctx.database.db)
    expect(rows.rows).toEqual([{ action: 'orderDownload', outcome: 'failure', target: `order:${orderId}`, reason: 'wrongCode' }])
  })

  it('serves byte ranges (206, Content-Range) and 416 for a bad range', async () => {
    const code = (await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.extractCode
    const url = `/api/order/download?id=${orderId}&code=${code}`
    const head = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens.owner as string, range: 'bytes=0-99' } })
    expect(head.statusCode).toBe(206)
    const total = Number(/\/(\d+)$/.exec(String(head.headers['content-range']))?.[1])
    expect(head.headers['content-range']).toBe(`bytes 0-99/${total}`)
    expect(head.rawPayload.byteLength).toBe(100)
    // still 可下载: only the last byte completes the order
    expect((await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.status).toBe('ready')
    const middle = Math.floor(total / 2)
    const rest = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens.owner as string, range: `bytes=100-` } })
    expect(rest.statusCode).toBe(206)
    expect(rest.headers['content-range']).toBe(`bytes 100-${total - 1}/${total}`)
    zipBytes = Buffer.concat([head.rawPayload, rest.rawPayload])
    const whole = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens.owner as string } })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(Buffer.compare(whole.rawPayload, zipBytes)).toBe(0)
    const fromMiddle = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens.owner as string, range: `bytes=${middle}-` } })
    expect(Buffer.compare(fromMiddle.rawPayload, zipBytes.subarray(middle))).toBe(0)
    const bad = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens.owner as string, range: `bytes=${total}-` } })
    expect(bad.statusCode).toBe(416)
    expect(bad.headers['content-range']).toBe(`bytes */${total}`)
    expect((await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.status).toBe('completed')
  })

  it('holds each scene’s metadata, quicklook and footprint shapefile, with a manifest of SHA-256 sums', () => {
    const files = unzipSync(new Uint8Array(zipBytes))
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      files: Array<{ path: string; bytes: number; sha256: string }>
    }
    for (const f of manifest.files) {
      const bytes = files[f.path]
      expect(bytes, f.path).toBeDefined()
      expect(
        createHash('sha256')
          .update(bytes as Uint8Array)
          .digest('hex'),
        f.path,
      ).toBe(f.sha256)
    }
    const [first, imported] = [sceneIds[0] as string, sceneIds[4] as string]
    for (const name of [
      'metadata.json',
      'quicklook.png',
      'footprint.shp',
      'footprint.shx',
      'footprint.dbf',
      'footprint.prj',
      'footprint.cpg',
    ])
      expect(files[`${first}/${name}`], name).toBeDefined()
    expect(files[`${imported}/quicklook.png`]).toBeUndefined()
    const meta = JSON.parse(new TextDecoder().decode(files[`${first}/metadata.json`]))
    expect(meta).toMatchObject({
      id: first,
      satellite: 'GF1',
      acquiredAtBeijing: '2026-06-01 11:00:00',
      footprint: { type: 'MultiPolygon' },
    })
    expect(
      Buffer.from(files[`${first}/quicklook.png`] as Uint8Array)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
  })

  it('names in its README exactly the files it holds, each in the zip and the manifest', () => {
    const files = unzipSync(new Uint8Array(zipBytes))
    const readme = new TextDecoder().decode(files['README.txt'])
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as { files: Array<{ path: string }> }
    const named = new Set(readme.match(/[\w-]+\.[A-Za-z0-9]+/g) ?? [])
    const base = (p: string) => p.slice(p.lastIndexOf('/') + 1)
    expect(readme.startsWith(`本数据包由${tZh('app.name')}生成。`)).toBe(true)
    for (const name of named) {
      expect(Object.keys(files).map(base), `${name} is named by the README`).toContain(name)
      // the manifest lists every file but itself
      if (name !== 'manifest.json')
        expect(
          manifest.files.map((f) => base(f.path)),
          `${name} in the manifest`,
        ).toContain(name)
    }
    // and the README leaves none out
    expect([...named].sort()).toEqual([...new Set(Object.keys(files).map(base))].sort())
    // one folder per scene, the imported scene's without a quicklook: the README counts the folders that have one
    const folders = new Set(
      Object.keys(files)
        .filter((p) => p.includes('/'))
        .map((p) => p.slice(0, p.indexOf('/'))),
    )
    expect(readme).toContain(`共 ${folders.size} 景影像`)
    const withQuicklook = Object.keys(files).filter((p) => p.endsWith('/quicklook.png')).length
    expect(withQuicklook).toBeLessThan(folders.size)
    expect(readme).toMatch(new RegExp(`quicklook\\.png：[^\\n]*，仅 ${withQuicklook} 景有`))
  })

  it('writes every change to the audit log and mails the owner', async () => {
    const { rows } = await sql<{ action: string; to: string }>`
      SELECT action, detail->>'to' AS to FROM audit_log WHERE target = ${`order:${orderId}`} AND outcome = 'success' AND action <> 'orderDownload' ORDER BY id`.execute(
      ctx.database.db,
    )
    expect(rows).toEqual([
      { action: 'orderSubmit', to: 'pending' },
      { action: 'orderApprove', to: 'approved' },
      { action: 'orderStatus', to: 'producing' },
      { action: 'orderStatus', to: 'ready' },
      { action: 'orderStatus', to: 'completed' },
    ])
    const mails = await sql<{ subject: string; text_body: string }>`
      SELECT subject, text_body FROM outbox WHERE recipient = 'nmg@example.com' AND subject LIKE ${`%订单 ${orderId} %`} ORDER BY id`.execute(
      ctx.database.db,
    )
    expect(mails.rows.map((m) => m.subject.split(' ').at(-1))).toEqual(['待审核', '已通过', '生产中', '可下载', '已完成'])
    expect(mails.rows[3]?.text_body).toContain('提取码')
  })

  it('expires after the stated time: the package is removed and the download refused', async () => {
    const packages = await readdir(path.join(dataDir, 'orders'))
    expect(packages.some((f) => f.startsWith(`order-${orderId}-`))).toBe(true)
    await writeFile(path.join(dataDir, 'orders', 'stray.zip'), 'x')
    const service = createOrdersService(
      ctx.database.db,
      ordersRepository,
      {
        jobs: { run: async () => ({}) as never, close: async () => {} },
        audit: { record: async () => {} },
        quicklooks: { draw: async () => new Uint8Array() },
        scenes: sceneRecords(ctx.database.db),
        sendMail: async () => {},
        log: { error() {}, warn() {} },
      },
      { packageDir: path.join(dataDir, 'orders'), downloadDays: 7, quicklookSize: 64, packageBudgetMs: 1000 },
    )
    await service.sweep(new Date(Date.now() + 8 * 86_400_000))
    expect((await get(`/api/order/detail?id=${orderId}`, 'owner')).body.data.status).toBe('expired')
    const left = await readdir(path.join(dataDir, 'orders'))
    expect(left.some((f) => f.startsWith(`order-${orderId}-`))).toBe(false)
    expect(existsSync(path.join(dataDir, 'orders', 'stray.zip'))).toBe(false)
    const res = await get(`/api/order/download?id=${orderId}&code=AAAAAA`, 'owner')
    expect(res.status).toBe(410)
    expect(res.body.message).toBe(tZh('order.errors.expired'))
  })
})

describe('a failed production', () => {
  it('moves the order to 生产失败, and a reviewer starts it again', async () => {
    await post('/api/ordercart/add', 'owner', { sceneIds: [sceneIds[3]] })
    const id = (await submit([sceneIds[3] as string])).body.data.id
    // the package folder cannot be made: a file stands in its way
    const folder = path.join(dataDir, 'orders')
    await rm(folder, { recursive: true, force: true })
    await writeFile(folder, 'not a folder')
    await post('/api/order/review', 'reviewer', { id, decision: 'approve' })
    const failed = await until(id, 'failed')
    expect(failed.extractCode).toBeNull()
    expect((await post('/api/order/retry', 'owner', { id })).status).toBe(403)
    await rm(folder, { force: true })
    const retried = await post('/api/order/retry', 'reviewer', { id })
    expect(retried.status).toBe(200)
    expect((await until(id, 'ready')).extractCode).toMatch(/^[A-Z2-9]{6}$/)
    expect((await post('/api/order/retry', 'reviewer', { id })).status).toBe(409)
  })
})

describe('rejecting and cancelling', () => {
  it('rejects with the reason, shown in the detail and the mail', async () => {
    await post('/api/ordercart/add', 'owner', { sceneIds: [sceneIds[1]] })
    const id = (await submit([sceneIds[1] as string])).body.data.id
    const res = await post('/api/order/review', 'reviewer', { id, decision: 'reject', reason: '用途不明确' })
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: '用途不明确' })
    const mail = await sql<{ text_body: string }>`SELECT text_body FROM outbox WHERE subject LIKE ${`%订单 ${id} 已驳回`}`.execute(
      ctx.database.db,
    )
    expect(mail.rows[0]?.text_body).toContain('驳回原因：用途不明确')
  })

  it('lets the owner cancel before review, and not again', async () => {
    await post('/api/ordercart/add', 'owner', { sceneIds: [sceneIds[2]] })
    const id = (await submit([sceneIds[2] as string])).body.data.id
    expect((await post('/api/order/cancel', 'other', { id })).status).toBe(404)
    expect((await post('/api/order/cancel', 'owner', { id })).body.data.status).toBe('cancelled')
    const again = await post('/api/order/cancel', 'owner', { id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      tZh('order.errors.transition', { state: tZh('order.state.cancelled'), action: tZh('order.action.cancel') }),
    )
    const review = await post('/api/order/review', 'reviewer', { id, decision: 'approve' })
    expect(review.status).toBe(409)
  })

  it('filters my orders by status and Beijing day', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
    const mine = (await get(`/api/order/list?from=${today}&to=${today}`, 'owner')).body.data
    expect(mine.total).toBe(4)
    expect((await get('/api/order/list?from=2020-01-01&to=2020-01-02', 'owner')).body.data.total).toBe(0)
    expect((await get('/api/order/list?status=cancelled', 'owner')).body.data.total).toBe(1)
    expect((await get('/api/order/list?status=nonsense', 'owner')).status).toBe(400)
  })
})

describe('separation of duties in review', () => {
  it('refuses a reviewer deciding their own order with a Chinese 403, recording nothing; another reviewer approves it', async () => {
    const self = await buildUser(ctx.database.db, { permissions: [PERMISSION.orderReview] })
    const token = await loginAs(ctx, self.username, self.password)
    await post('/api/ordercart/add', token, { sceneIds: [sceneIds[0]] })
    const id = (await submit([sceneIds[0] as string], token)).body.data.id
    const own = await post('/api/order/review', token, { id, decision: 'approve' })
    expect([own.status, own.body.message]).toEqual([403, tZh('order.errors.selfReview')])
    const ownReject = await post('/api/order/review', token, { id, decision: 'reject', reason: '本人驳回' })
    expect([ownReject.status, ownReject.body.message]).toEqual([403, tZh('order.errors.selfReview')])
    // nothing recorded: still pending and unreviewed, only the submission in the audit log
    const row = await sql<{ status: string; reviewed_by: number | null; reject_reason: string | null }>`
      SELECT status, reviewed_by, reject_reason FROM scene_order WHERE id = ${id}`.execute(ctx.database.db)
    expect(row.rows[0]).toEqual({ status: 'pending', reviewed_by: null, reject_reason: null })
    const audit = await sql<{ action: string }>`SELECT action FROM audit_log WHERE target = ${`order:${id}`} ORDER BY id`.execute(
      ctx.database.db,
    )
    expect(audit.rows.map((a) => a.action)).toEqual(['orderSubmit'])

    const other = await post('/api/order/review', 'reviewer', { id, decision: 'approve' })
    expect(other.status, JSON.stringify(other.body)).toBe(200)
    expect((await until(id, 'ready', token)).extractCode).toMatch(/^[A-Z2-9]{6}$/)
  })
})

describe('production beside anonymous work', () => {
  it('reaches 可下载 while anonymous tasks hold the request thread and queue behind it', async () => {
    const requests = ctx.app.taskPools.requests
    const gate = newGate()
    // six anonymous uploads: one holds the request thread, five wait behind it
    const anonymous = Array.from({ length: 6 }, () => requests.run<string>(POOL_TASKS, 'hold', { gate } satisfies Gate, 600_000))
    await vi.waitFor(() => expect(taken(gate)).toBe(1), { timeout: 30_000, interval: 20 })
    try {
      const scenes = [await buildScene(ctx.database.db, { bbox: [110, 30, 110.4, 30.4] }), await buildScene(ctx.database.db)]
      const ids = scenes.map((s) => s.id)
      await post('/api/ordercart/add', 'owner', { sceneIds: ids })
      const id = (await submit(ids)).body.data.id
      expect((await post('/api/order/review', 'reviewer', { id, decision: 'approve' })).status).toBe(200)
      const ready = await until(id, 'ready')
      expect(ready.extractCode).toMatch(/^[A-Z2-9]{6}$/)
      // the anonymous work was still waiting all along: the order did not get its thread from them
      expect(taken(gate)).toBe(1)
    } finally {
      openGate(gate)
      await Promise.allSettled(anonymous)
    }
  })
})

describe('production under load', () => {
  const quick = { attempts: 3, firstDelayMs: 1, maxDelayMs: 4 }
  /** A service of its own (its productions awaited by idle()), the package written in-process, quicklooks by `draw`. */
  const serviceWith = (draw: QuicklookSource['draw']) =>
    createOrdersService(
      ctx.database.db,
      ordersRepository,
      {
        jobs: {
          run: async <T>(_module: string, _fn: string, input: unknown) => (await writePackage(input as PackageInput)) as T,
          close: async () => {},
        },
        audit: { record: async () => {} },
        quicklooks: { draw },
        scenes: sceneRecords(ctx.database.db),
        sendMail: async () => {},
        log: { error() {}, warn() {} },
      },
      { packageDir: path.join(dataDir, 'orders'), downloadDays: 7, quicklookSize: 64, packageBudgetMs: 1000, loadRetry: quick },
    )
  /** Draws that fail with `failures` first, then answer a PNG signature. */
  const drawsFailing = (failures: Error[]) => {
    const draw = vi.fn(async () => {
      const failure = failures.shift()
      if (failure) throw failure
      return new Uint8Array([0x89, 0x50, 0x4e, 0x47])
    })
    return draw
  }
  const produced = async (draw: QuicklookSource['draw']) => {
    const scene = await buildScene(ctx.database.db)
    await post('/api/ordercart/add', 'owner', { sceneIds: [scene.id] })
    const id = (await submit([scene.id])).body.data.id as number
    const service = serviceWith(draw)
    await service.review({ userId: reviewerUser.id, username: reviewerUser.username, ip: '127.0.0.1' }, { id, decision: 'approve' })
    await service.idle()
    return (await get(`/api/order/detail?id=${id}`, 'owner')).body.data
  }

  it('packages each scene as the archive exports it, read through the scenes module, its quicklook drawn as the route draws it', async () => {
    const scene = await buildScene(ctx.database.db, { cloudPercent: 12.34, resolutionM: 0.8, bbox: [112.1234567, 31.1, 112.6, 31.55] })
    await post('/api/ordercart/add', 'owner', { sceneIds: [scene.id] })
    const id = (await submit([scene.id])).body.data.id as number
    const draw = drawsFailing([])
    const service = serviceWith(draw)
    await service.review({ userId: reviewerUser.id, username: reviewerUser.username, ip: '127.0.0.1' }, { id, decision: 'approve' })
    await service.idle()
    const file = (await sql<{ f: string }>`SELECT package_file AS f FROM scene_order WHERE id = ${id}`.execute(ctx.database.db)).rows[0]?.f
    const files = unzipSync(new Uint8Array(await readFile(path.join(dataDir, 'orders', file as string))))
    const meta = JSON.parse(new TextDecoder().decode(files[`${scene.id}/metadata.json`]))
    // the archive's own export of the same scene (GeoJSON: the export columns as properties)
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/normalmeta/export',
      payload: { area: { mode: 'extent', bbox: [112, 31, 113, 32] }, ids: [scene.id], format: 'geojson' },
    })
    expect(exported.statusCode, exported.body).toBe(200)
    const props = JSON.parse(exported.body).features[0].properties
    for (const key of [
      'id',
      'satellite',
      'sensor',
      'cloudPercent',
      'resolutionM',
      'productLevel',
      'orbit',
      'path',
      'row',
      'offNadirDeg',
      'fileName',
      'areaKm2',
    ])
      expect(meta[key], key).toEqual(props[key])
    expect(meta).toMatchObject({ cloudPercent: 12.3, resolutionM: 0.8 })
    // the quicklook from the stored cloud share in the footprint's box rounded as the quicklook route rounds it
    expect(draw).toHaveBeenCalledWith(
      expect.objectContaining({ id: scene.id, cloudPercent: 12.34, bbox: [112.123457, 31.1, 112.6, 31.55] }),
    )
    expect(meta.bbox).toEqual([112.123457, 31.1, 112.6, 31.55])
  })

  it('tries a quicklook that timed out or found the queue full again, and the order becomes 可下载', async () => {
    const draw = drawsFailing([new TaskTimeoutError(10_000), new TaskBusyError()])
    const order = await produced(draw)
    expect(order.status).toBe('ready')
    expect(draw).toHaveBeenCalledTimes(3)
  })

  it('fails at once on a genuine error', async () => {
    const draw = drawsFailing([new Error('footprint unreadable')])
    expect((await produced(draw)).status).toBe('failed')
    expect(draw).toHaveBeenCalledTimes(1)
  })

  it('fails once the retries are spent', async () => {
    const draw = drawsFailing(Array.from({ length: 1 + quick.attempts }, () => new TaskTimeoutError(10_000)))
    expect((await produced(draw)).status).toBe('failed')
    expect(draw).toHaveBeenCalledTimes(1 + quick.attempts)
  })
})
