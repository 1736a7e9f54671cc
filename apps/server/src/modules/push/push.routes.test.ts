import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { unzipSync } from 'fflate'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../test-support/factories'
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
let s3: TestS3Server
let dataDir: string
let pushDir: string
const tokens: Record<string, string> = {}
const scenes: string[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rs-push-'))
  pushDir = path.join(dataDir, 'nodes')
  ctx = await createTestContext({ DATA_DIR: dataDir, PUSH_DIR: pushDir, WORKER_THREADS: '1' })
  s3 = await startS3Server(['rs-push-js'])
  tokens.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
  tokens.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  // over 内蒙古 (呼和浩特), two published 2 m scenes and one 16 m, one unpublished
  scenes.push((await buildScene(ctx.database.db, { bbox: [111.5, 40.6, 111.9, 40.9], satellite: 'GF1', resolutionM: 2 })).id)
  scenes.push((await buildScene(ctx.database.db, { bbox: [111.7, 40.7, 112.1, 41.0], satellite: 'GF6', resolutionM: 2 })).id)
  scenes.push((await buildScene(ctx.database.db, { bbox: [110, 40, 113, 42], satellite: 'GF1', sensor: 'WFV1', resolutionM: 16 })).id)
  scenes.push((await buildScene(ctx.database.db, { bbox: [111.5, 40.6, 111.9, 40.9], dataStatus: '3' })).id)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  await s3?.close()
  await rm(dataDir, { recursive: true, force: true })
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const post = (url: string, who: string | undefined, body: Json) => call('POST', url, who, body)
const get = (url: string, who?: string) => call('GET', url, who)

/** The batch once it reached `state` (produced and delivered off the request): polled until then. */
async function until(id: number, state: string) {
  const batchOf = async () =>
    (await get('/api/push/batches?pageSize=100', 'admin')).body.data.list.find((b: { id: number; state: string }) => b.id === id)
  await expect.poll(async () => (await batchOf())?.state, { timeout: 50_000 }).toBe(state)
  return batchOf()
}

const NODE = {
  name: '内蒙古自治区测试节点',
  regionId: '150000',
  level: 'province',
  target: 'nmg/incoming',
  contacts: [{ name: '张工', phone: '0471-1234567', email: 'zhang@example.com' }],
  userNames: ['neimenggu'],
}

describe('push nodes', () => {
  let nodeId: number

  it('are kept by administrators only', async () => {
    expect((await get('/api/push/nodes')).status).toBe(401)
    expect((await get('/api/push/nodes', 'user')).status).toBe(403)
    expect((await post('/api/push/nodes/save', 'user', NODE)).status).toBe(403)
  })

  it('are saved with their folder, contacts and accounts, audited', async () => {
    const saved = await post('/api/push/nodes/save', 'admin', NODE)
    expect(saved.status).toBe(200)
    nodeId = saved.body.data.id
    expect(saved.body.data).toMatchObject({
      name: NODE.name,
      regionName: '内蒙古自治区',
      target: 'nmg/incoming',
      userNames: ['neimenggu'],
      enabled: true,
    })
    const audit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pushNodeSave'`.execute(ctx.database.db)
    expect(audit.rows[0]?.n).toBe(1)
    // the account's person information lists it
    const nodes = (await get('/api/push/nodes', 'admin')).body.data.map((n: { name: string }) => n.name)
    expect(nodes).toContain(NODE.name)
  })

  it('refuses a bad node in Chinese, writing nothing', async () => {
    for (const [change, status, words] of [
      [{ target: '../etc' }, 400, '送达目录'],
      [{ target: '/abs' }, 400, '送达目录'],
      [{ regionId: '150100' }, 400, '省级节点须选择省'],
      [{ userNames: ['nobody-here'] }, 400, 'nobody-here'],
      [{ name: '' }, 400, '节点名称'],
      [{ target: 'nmg/incoming', name: '另一个' }, 409, '已被节点'],
      [{ contacts: [{ name: '李', email: 'not-mail' }] }, 400, '邮箱'],
    ] as const) {
      const res = await post('/api/push/nodes/save', 'admin', { ...NODE, target: 'other', ...change })
      expect(res.status, JSON.stringify(change)).toBe(status)
      expect(res.body.message).toContain(words)
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM push_node WHERE name = '另一个'`.execute(ctx.database.db)
    expect(rows[0]?.n).toBe(0)
  })

  it('previews and pushes chosen scenes: the package arrives in the node’s folder with a valid manifest', async () => {
    const preview = await post('/api/push/preview', 'admin', { nodeId, sceneIds: [...scenes, 'NO_SUCH_SCENE'] })
    expect(preview.status).toBe(200)
    expect(preview.body.data.scenes).toBe(3)
    expect(preview.body.data.missing.sort()).toEqual([scenes[3], 'NO_SUCH_SCENE'].sort())
    expect(preview.body.data.estimatedBytes).toBeGreaterThan(0)

    const created = await post('/api/push/batches', 'admin', { nodeId, sceneIds: scenes.slice(0, 3) })
    expect(created.status).toBe(200)
    expect(['pushing', 'delivered']).toContain(created.body.data.state)
    const batch = await until(created.body.data.id, 'delivered')
    expect(batch.deliveredFile).toBe(`nmg/incoming/push-${batch.id}.zip`)
    const zip = await readFile(path.join(pushDir, batch.deliveredFile))
    expect(createHash('sha256').update(zip).digest('hex')).toBe(batch.sha256)
    expect(await readFile(path.join(pushDir, `${batch.deliveredFile}.sha256`), 'utf8')).toBe(`${batch.sha256}  push-${batch.id}.zip\n`)
    const files = unzipSync(new Uint8Array(zip))
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']))
    expect(manifest.push).toBe(batch.id)
    expect(manifest.files.length).toBeGreaterThan(3)
    for (const f of manifest.files as Array<{ path: string; sha256: string }>)
      expect(
        createHash('sha256')
          .update(files[f.path] as Uint8Array)
          .digest('hex'),
      ).toBe(f.sha256)
    // the README is the push's and names only files the package holds
    const readme = new TextDecoder().decode(files['README.txt'])
    expect(readme.startsWith('本推送包来自')).toBe(true)
    const held = Object.keys(files).map((p) => p.slice(p.lastIndexOf('/') + 1))
    for (const name of readme.match(/[\w-]+\.[A-Za-z0-9]+/g) ?? []) expect(held, name).toContain(name)
    // each state change audited, the node's account mailed
    const states = await sql<{ detail: { to: string } }>`
      SELECT detail FROM audit_log WHERE action = 'pushStatus' AND target = ${`push:${batch.id}`} ORDER BY id`.execute(ctx.database.db)
    expect(states.rows.map((r) => r.detail.to)).toEqual(['pushing', 'delivered'])
    const mail = await sql<{
      text_body: string
    }>`SELECT text_body FROM outbox WHERE recipient = 'nmg@example.com' AND subject LIKE '推送已送达%'`.execute(ctx.database.db)
    expect(mail.rows[0]?.text_body).toContain(batch.sha256)
  })

  it('pushes what was imported over the node’s region since its last push', async () => {
    const none = await post('/api/push/preview', 'admin', { nodeId, newSinceLastPush: true })
    expect(none.body.data.scenes).toBe(0)
    expect((await post('/api/push/batches', 'admin', { nodeId, newSinceLastPush: true })).status).toBe(422)
    const fresh = (await buildScene(ctx.database.db, { bbox: [111.6, 40.7, 111.8, 40.8], satellite: 'GF2', resolutionM: 0.8 })).id
    // a scene imported outside the region is not the node's
    await buildScene(ctx.database.db, { bbox: [116.2, 39.8, 116.4, 40], satellite: 'GF2', resolutionM: 0.8 })
    const preview = await post('/api/push/preview', 'admin', { nodeId, newSinceLastPush: true })
    expect(preview.body.data.scenes).toBe(1)
    const created = await post('/api/push/batches', 'admin', { nodeId, newSinceLastPush: true })
    await until(created.body.data.id, 'delivered')
    const ids = await sql<{ scene_id: string }>`SELECT scene_id FROM push_batch_scene WHERE batch_id = ${created.body.data.id}`.execute(
      ctx.database.db,
    )
    expect(ids.rows.map((r) => r.scene_id)).toEqual([fresh])
  })

  it('fails cleanly when the folder cannot be written, and delivers on retry', async () => {
    const blocked = (await post('/api/push/nodes/save', 'admin', { ...NODE, name: '受阻节点', target: 'blocked/inner', userNames: [] }))
      .body.data
    await writeFile(path.join(pushDir, 'blocked'), 'a file where a folder should be')
    const created = await post('/api/push/batches', 'admin', { nodeId: blocked.id, sceneIds: [scenes[0]] })
    const failed = await until(created.body.data.id, 'failed')
    expect(failed.error).toContain('送达位置不可写入：ENOTDIR')
    expect((await post('/api/push/batches/retry', 'user', { id: failed.id })).status).toBe(403)
    await rm(path.join(pushDir, 'blocked'))
    expect((await post('/api/push/batches/retry', 'admin', { id: failed.id })).status).toBe(200)
    const delivered = await until(failed.id, 'delivered')
    expect(delivered.attempts).toBe(2)
    // a delivered batch cannot be retried
    const again = await post('/api/push/batches/retry', 'admin', { id: failed.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toContain('已送达')
  })

  it('refuses a bad push', async () => {
    const both = await post('/api/push/batches', 'admin', { nodeId, sceneIds: [scenes[0]], newSinceLastPush: true })
    expect(both.status).toBe(400)
    expect(both.body.message).toContain('二者选一')
    expect((await post('/api/push/batches', 'admin', { nodeId: 99_999, sceneIds: [scenes[0]] })).status).toBe(404)
    expect((await post('/api/push/batches', 'admin', { nodeId, sceneIds: ['NO_SUCH_SCENE'] })).status).toBe(422)
    const disabled = (
      await post('/api/push/nodes/save', 'admin', { ...NODE, name: '停用节点', target: 'off', userNames: [], enabled: false })
    ).body.data
    const refused = await post('/api/push/batches', 'admin', { nodeId: disabled.id, sceneIds: [scenes[0]] })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('已停用')
  })
})

describe('push statistics', () => {
  it('are public and count delivered scenes by each dimension', async () => {
    const byProvince = await get('/api/push/statistics?by=province')
    expect(byProvince.status).toBe(200)
    const nmg = byProvince.body.data.rows.find((r: { key: string }) => r.key === '150000')
    // 3 + 1 + 1 scenes in three delivered batches
    expect(nmg).toMatchObject({ label: '内蒙古自治区', scenes: 5, batches: 3 })
    expect(nmg.bytes).toBeGreaterThan(0)
    const bySatellite = (await get('/api/push/statistics?by=satellite')).body.data
    expect(bySatellite.rows.map((r: { key: string }) => r.key).sort()).toEqual(['GF1', 'GF2', 'GF6'])
    expect(bySatellite.total.scenes).toBe(5)
    expect(bySatellite.total.batches).toBe(3)
    const byClass = (await get('/api/push/statistics?by=class&class=m2')).body.data
    expect(byClass.rows).toEqual([expect.objectContaining({ label: '1–2米', scenes: 3 })])
    const byMonth = (await get('/api/push/statistics?by=month')).body.data
    expect(byMonth.rows[0].label).toMatch(/^\d{4}年\d{1,2}月$/)
    const past = (await get('/api/push/statistics?by=node&period=2020')).body.data
    expect(past.rows).toEqual([])
    expect((await get('/api/push/statistics?by=county')).status).toBe(400)
  })
})

describe('push to an S3-compatible bucket', () => {
  const client = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    })
  const bytesOf = async (bucket: string, key: string) =>
    Buffer.from(await ((await client().send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToByteArray() ?? []))
  const BUCKET_NODE = {
    name: '江苏省对象存储节点',
    regionId: '320000',
    level: 'province',
    targetKind: 's3',
    target: 'js/incoming',
    s3: { endpoint: '', bucket: 'rs-push-js', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    userNames: [],
  }
  const bucketNode = () => ({ ...BUCKET_NODE, s3: { ...BUCKET_NODE.s3, endpoint: s3.endpoint } })
  let nodeId: number

  it('keeps the bucket with its secret sealed: never answered, never stored in the clear', async () => {
    const saved = await post('/api/push/nodes/save', 'admin', bucketNode())
    expect(saved.status).toBe(200)
    nodeId = saved.body.data.id
    expect(saved.body.data).toMatchObject({
      targetKind: 's3',
      target: 'js/incoming',
      location: 's3://rs-push-js/js/incoming',
      s3: { endpoint: s3.endpoint, region: 'us-east-1', bucket: 'rs-push-js', forcePathStyle: true, accessKeyId: 'S3RVER' },
    })
    const listed = JSON.stringify((await get('/api/push/nodes', 'admin')).body)
    expect(listed).not.toContain('secretAccessKey')
    const { rows } = await sql<{ s3: unknown; s3_secret: string }>`SELECT s3, s3_secret FROM push_node WHERE id = ${nodeId}`.execute(
      ctx.database.db,
    )
    expect(JSON.stringify(rows[0]?.s3)).not.toContain('secret')
    expect(rows[0]?.s3_secret).toMatch(/^v1:/)
    expect(rows[0]?.s3_secret).not.toContain('S3RVER')
    const audit = await sql<{ detail: unknown }>`
      SELECT detail FROM audit_log WHERE action = 'pushNodeSave' AND target = ${`pushNode:${nodeId}`}`.execute(ctx.database.db)
    expect(JSON.stringify(audit.rows)).not.toContain('S3RVER')
  })

  it('refuses a bad bucket in Chinese, writing nothing', async () => {
    const good = bucketNode()
    for (const [change, words] of [
      [{ name: '无密钥', target: 'nokey', s3: { ...good.s3, secretAccessKey: undefined } }, '访问密钥'],
      [{ name: '坏桶名', target: 'bad', s3: { ...good.s3, bucket: 'Bad_Bucket' } }, '存储桶名称'],
      [{ name: '坏地址', target: 'bad', s3: { ...good.s3, endpoint: 'ftp://example.com' } }, '服务地址'],
      [{ name: '缺桶', target: 'bad', s3: undefined }, '存储桶信息'],
      [{ name: '目录带桶', target: 'bad', targetKind: 'folder' }, '存储桶信息'],
      [{ name: '同一位置' }, '已被节点'],
    ] as const) {
      const res = await post('/api/push/nodes/save', 'admin', { ...good, ...change })
      expect(res.status, JSON.stringify(change)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body.message).toContain(words)
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM push_node WHERE target_kind = 's3'`.execute(ctx.database.db)
    expect(rows[0]?.n).toBe(1)
  })

  it('probes the bucket, delivers a batch there with its checksum and a valid manifest, read back by another client', async () => {
    const probe = await post('/api/push/nodes/probe', 'admin', { id: nodeId })
    expect(probe.body.data).toMatchObject({ reachable: true, location: 's3://rs-push-js/js/incoming', reason: null })
    expect((await post('/api/push/nodes/probe', 'user', { id: nodeId })).status).toBe(403)
    const created = await post('/api/push/batches', 'admin', { nodeId, sceneIds: scenes.slice(0, 2) })
    const batch = await until(created.body.data.id, 'delivered')
    expect(batch.deliveredFile).toBe(`s3://rs-push-js/js/incoming/push-${batch.id}.zip`)
    const zip = await bytesOf('rs-push-js', `js/incoming/push-${batch.id}.zip`)
    expect(createHash('sha256').update(zip).digest('hex')).toBe(batch.sha256)
    expect((await bytesOf('rs-push-js', `js/incoming/push-${batch.id}.zip.sha256`)).toString()).toBe(
      `${batch.sha256}  push-${batch.id}.zip\n`,
    )
    const files = unzipSync(new Uint8Array(zip))
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']))
    for (const f of manifest.files as Array<{ path: string; sha256: string }>)
      expect(
        createHash('sha256')
          .update(files[f.path] as Uint8Array)
          .digest('hex'),
      ).toBe(f.sha256)
    // counted in the statistics under its province
    const js = (await get('/api/push/statistics?by=province')).body.data.rows.find((r: { key: string }) => r.key === '320000')
    expect(js).toMatchObject({ scenes: 2, batches: 1 })
  })

  it('keeps the stored secret when an edit leaves it out', async () => {
    const edited = await post('/api/push/nodes/save', 'admin', {
      ...bucketNode(),
      id: nodeId,
      name: '江苏省节点（对象存储）',
      s3: { ...bucketNode().s3, secretAccessKey: undefined },
    })
    expect(edited.status).toBe(200)
    expect((await post('/api/push/nodes/probe', 'admin', { id: nodeId })).body.data.reachable).toBe(true)
  })

  it('fails cleanly on a missing bucket or an unreachable service, and delivers on retry once the bucket exists', async () => {
    const missing = (
      await post('/api/push/nodes/save', 'admin', {
        ...bucketNode(),
        name: '未建桶节点',
        s3: { ...bucketNode().s3, bucket: 'rs-push-later' },
      })
    ).body.data
    expect((await post('/api/push/nodes/probe', 'admin', { id: missing.id })).body.data).toMatchObject({
      reachable: false,
      reason: 'NoSuchBucket',
    })
    const created = await post('/api/push/batches', 'admin', { nodeId: missing.id, sceneIds: [scenes[0]] })
    const failed = await until(created.body.data.id, 'failed')
    expect(failed.error).toBe('送达位置不可写入：NoSuchBucket')
    await client().send(new CreateBucketCommand({ Bucket: 'rs-push-later' }))
    expect((await post('/api/push/batches/retry', 'admin', { id: failed.id })).status).toBe(200)
    const delivered = await until(failed.id, 'delivered')
    expect(delivered.deliveredFile).toBe(`s3://rs-push-later/js/incoming/push-${failed.id}.zip`)

    const closed = (
      await post('/api/push/nodes/save', 'admin', {
        ...bucketNode(),
        name: '不可达节点',
        target: 'closed',
        s3: { ...bucketNode().s3, endpoint: 'http://127.0.0.1:9' },
      })
    ).body.data
    expect((await post('/api/push/nodes/probe', 'admin', { id: closed.id })).body.data).toMatchObject({
      reachable: false,
      reason: 'ECONNREFUSED',
    })
  })
})
