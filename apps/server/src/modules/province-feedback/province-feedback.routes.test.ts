import { type CoverageStatistics, PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import writeXlsxFile from 'write-excel-file/node'
import { makeZip, zipBomb } from '../../../test-support/aoi.fixtures'
import { buildUser } from '../../../test-support/factories'
import { type Coverage, createCoverage } from '../../capabilities/coverage'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { multipartForm } from '../../test/images'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
let pool: TaskPool
let coverage: Coverage
const tokens: Record<string, string> = {}

const box = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

/** Two aerial scenes over 呼和浩特 (内蒙古), the province of the demo province user. */
const GOOD = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: box(111.55, 40.75, 111.75, 40.9),
      properties: {
        名称: '呼和浩特航摄 A',
        类型: '航空',
        获取日期: '2025-05-10',
        分辨率: 0.2,
        相机: 'UltraCam Eagle',
        权属单位: '内蒙古测绘院',
        使用许可: '政务共享',
      },
    },
    {
      type: 'Feature',
      geometry: box(111.7, 40.8, 111.9, 40.95),
      properties: {
        name: '呼和浩特航摄 B',
        kind: 'aerial',
        date: '2025/05/12',
        resolution: '0.5',
        sensor: 'DMC III',
        owner: '内蒙古测绘院',
      },
    },
  ],
}

async function upload(file: { filename: string; data: string | Buffer }, who = 'province', query = '') {
  const form = multipartForm([
    { name: 'file', filename: file.filename, data: typeof file.data === 'string' ? Buffer.from(file.data) : file.data },
  ])
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/provincial-feedback/upload${query}`,
    payload: form.payload,
    headers: { ...form.headers, token: tokens[who] ?? who },
  })
  return { status: res.statusCode, body: res.json() }
}
const get = async (url: string, who = 'province') => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { token: tokens[who] ?? who } })
  return { status: res.statusCode, body: res.json() }
}
const count = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM local_imagery`.execute(ctx.database.db)).rows[0]?.n)

beforeAll(async () => {
  ctx = await createTestContext({ WORKER_THREADS: '1' })
  tokens.province = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  tokens.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
  const beijing = await buildUser(ctx.database.db, { permissions: [PERMISSION.provinceFeedback], areaRanges: ['110000'] })
  tokens.beijing = await loginAs(ctx, beijing.username, beijing.password)
  const ministry = await buildUser(ctx.database.db, { permissions: [PERMISSION.provinceFeedback], areaRanges: ['100000'] })
  tokens.ministry = await loginAs(ctx, ministry.username, ministry.password)
  pool = createTaskPool({ maxThreads: 1 })
  coverage = createCoverage({ db: ctx.database.db, background: pool })
}, 120_000)
afterAll(async () => {
  await pool?.close()
  await ctx?.close()
})

describe('本地数据', () => {
  it('needs the module code and an area range', async () => {
    expect((await upload({ filename: 'a.geojson', data: JSON.stringify(GOOD) }, 'nobody')).status).toBe(401)
    expect((await upload({ filename: 'a.geojson', data: JSON.stringify(GOOD) }, 'user')).status).toBe(403)
  })

  it('checks a file on a dry run without storing it', async () => {
    const res = await upload({ filename: 'good.geojson', data: JSON.stringify(GOOD) }, 'province', '?dryRun=true')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ dryRun: true, features: 2, accepted: 2, stored: 0, rejected: [] })
    expect(await count()).toBe(0)
  })

  it('refuses the whole file with a Chinese reason per rejected row', async () => {
    const bad = {
      type: 'FeatureCollection',
      features: [
        GOOD.features[0],
        {
          type: 'Feature',
          geometry: box(111.5, 40.7, 111.6, 40.8),
          properties: { 名称: '', 类型: '无人车', 获取日期: '2099-01-01', 分辨率: -1 },
        },
        {
          type: 'Feature',
          geometry: box(116.3, 39.9, 116.4, 40),
          properties: { ...GOOD.features[0]?.properties, 名称: '北京的', 获取日期: '2025-05-11' },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [111.6, 40.8] }, properties: GOOD.features[1]?.properties },
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [111.5, 40.7],
                [111.7, 40.9],
                [111.7, 40.7],
                [111.5, 40.9],
                [111.5, 40.7],
              ],
            ],
          },
          properties: { ...GOOD.features[1]?.properties, name: '自相交' },
        },
        { ...GOOD.features[0], properties: { ...GOOD.features[0]?.properties } },
      ],
    }
    const res = await upload({ filename: 'bad.geojson', data: JSON.stringify(bad) })
    expect(res.status).toBe(422)
    expect(res.body.message).toContain('未登记任何影像')
    const rows = res.body.data.rejected as Array<{ row: number; reasons: string[] }>
    const reasons = (row: number) => rows.find((r) => r.row === row)?.reasons.join('；') ?? ''
    expect(reasons(2)).toContain('缺少名称')
    expect(reasons(2)).toContain('类型须为')
    expect(reasons(2)).toContain('获取日期无效')
    expect(reasons(2)).toContain('分辨率')
    expect(reasons(3)).toContain('权限范围')
    expect(reasons(4)).toContain('须为面')
    expect(reasons(5)).toContain('无效')
    expect(reasons(6)).toContain('重复')
    expect(rows.some((r) => r.row === 1)).toBe(false)
    expect(await count()).toBe(0)
  })

  it('refuses broken, oversized and hostile files with a 4xx', async () => {
    expect((await upload({ filename: 'x.geojson', data: '{"type":' })).status).toBe(400)
    expect((await upload({ filename: 'x.txt', data: 'hello' })).status).toBe(400)
    expect((await upload({ filename: 'bomb.zip', data: zipBomb(200) })).status).toBeGreaterThanOrEqual(400)
    expect((await upload({ filename: 'empty.zip', data: makeZip([]) })).status).toBeGreaterThanOrEqual(400)
    const xxe = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&x;</name></Placemark></kml>`
    const res = await upload({ filename: 'x.kml', data: xxe })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(JSON.stringify(res.body)).not.toContain('root:')
    expect(await count()).toBe(0)
  })

  it('stores a good file, lists and maps it within the caller’s ranges, and counts it in coverage as its own source', async () => {
    const res = await upload({ filename: 'good.geojson', data: JSON.stringify(GOOD) })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ stored: 2, rejected: [] })
    const list = (await get('/api/provincial-feedback/list?pageSize=10')).body.data
    expect(list.total).toBe(2)
    expect(list.list[0]).toMatchObject({ kind: 'aerial', ownerUnit: '内蒙古测绘院' })
    expect(list.list.map((l: { regionName: string }) => l.regionName).join()).toContain('呼和浩特')
    // another province's user sees none of it, and cannot ask for 内蒙古
    expect((await get('/api/provincial-feedback/list', 'beijing')).body.data.total).toBe(0)
    expect((await get('/api/provincial-feedback/list?region=150000', 'beijing')).status).toBe(403)
    // the ministry sees it
    expect((await get('/api/provincial-feedback/list?region=150000', 'ministry')).body.data.total).toBe(2)
    const fps = (await get('/api/provincial-feedback/footprints')).body.data
    expect(fps.features).toHaveLength(2)

    await coverage.engine.refresh()
    const stats = async (sources: string) =>
      (await get(`/api/coverage/statistics?period=2025-05&class=sub1&region=150100&sources=${sources}`)).body.data as CoverageStatistics
    const local = await stats('local')
    const archive = await stats('archive')
    const both = await stats('archive,local')
    const huhhot = (s: CoverageStatistics) => s.rows.find((r) => r.code === '150102')?.percent ?? 0
    expect(archive.total.coveredKm2).toBe(0)
    expect(local.total.coveredKm2).toBeGreaterThan(0)
    expect(both.total.coveredKm2).toBeCloseTo(local.total.coveredKm2, 2)
    expect(Math.max(...local.rows.map((r) => r.percent))).toBeGreaterThan(0)
    expect(huhhot(local)).toBeGreaterThanOrEqual(0)
  })

  it('reads an Excel list with a WKT column', async () => {
    const xlsx = await writeXlsxFile([
      [
        { value: '名称' },
        { value: '类型' },
        { value: '获取日期' },
        { value: '分辨率（米）' },
        { value: '传感器/相机' },
        { value: '权属单位' },
        { value: '范围' },
      ],
      [
        { value: '包头卫星影像' },
        { value: '航天' },
        { value: '2025-06-01' },
        { value: 2 },
        { value: 'GF1 PMS' },
        { value: '包头市自然资源局' },
        { value: 'POLYGON((109.8 40.55,110.0 40.55,110.0 40.7,109.8 40.7,109.8 40.55))' },
      ],
    ]).toBuffer()
    const res = await upload({ filename: 'list.xlsx', data: xlsx })
    expect(res.status).toBe(200)
    expect(res.body.data.stored).toBe(1)
    const list = (await get('/api/provincial-feedback/list?kind=satellite')).body.data
    expect(list.list[0]).toMatchObject({ name: '包头卫星影像', kind: 'satellite', resolutionM: 2 })
  })

  it('deletes a registration (its uploader), and coverage forgets it', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM local_imagery_upload ORDER BY id`.execute(ctx.database.db)
    const first = rows[0]?.id as number
    const del = async (who: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/provincial-feedback/delete',
        payload: { uploadId: first },
        headers: { token: tokens[who] },
      })
      return { status: res.statusCode, body: res.json() }
    }
    expect((await del('beijing')).status).toBe(404)
    expect((await del('province')).body.data).toEqual({ deleted: 2 })
    await coverage.engine.refresh()
    const local = (await get('/api/coverage/statistics?period=2025-05&class=sub1&region=150100&sources=local')).body.data
    expect(local.total.coveredKm2).toBe(0)
  })
})
