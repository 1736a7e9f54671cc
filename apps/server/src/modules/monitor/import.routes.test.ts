import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot, buildUser } from '../../../test-support/factories'
import { geojsonFile, shapefileZip, square } from '../../../test-support/monitor-import.fixtures'
import { multipartForm } from '../../test/images'
import { createTestContext, DEMO_PASSWORDS, getData, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<'admin' | 'ministry', Record<string, string>> = { admin: {}, ministry: {} }
const centers: Record<string, [number, number]> = {}
const MAPPING = JSON.stringify({ siteId: 'site_id', spotType: 'tblx', attributes: { plantName: 'name', capacityMw: 'mw' } })

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
  const db = ctx.database.db
  // an earlier batch holds site s1: imported again it continues ('persist')
  await buildSpot(db, { county: '150102', siteId: 's1' })
  const { rows } = await sql<{ code: string; lon: number; lat: number }>`
    SELECT code, ST_X(center) AS lon, ST_Y(center) AS lat FROM region WHERE code IN ('150102', '150203', '110101')`.execute(db)
  for (const r of rows) centers[r.code] = [r.lon, r.lat]
  tokens.admin = { token: await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin) }
  const ministry = await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['100000'] })
  tokens.ministry = { token: await loginAs(ctx, ministry.username, ministry.password) }
})

afterAll(async () => {
  await ctx?.close()
})

async function upload(
  fields: { module?: string; batch?: string; mapping?: string },
  file: { filename: string; data: Buffer | Uint8Array },
  headers = tokens.admin,
  query = '',
) {
  const form = multipartForm([
    { name: 'module', data: fields.module ?? 'pvland' },
    { name: 'batch', data: fields.batch ?? '20251231' },
    { name: 'mapping', data: fields.mapping ?? MAPPING },
    { name: 'file', filename: file.filename, data: Buffer.from(file.data) },
  ])
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/monitor/import${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  })
  return { status: res.statusCode, body: res.json() }
}

const at = (code: string, half?: number) => square(...(centers[code] as [number, number]), half)
const good = () => [
  { geometry: at('150102'), properties: { site_id: 's1', tblx: 'built', name: '呼和浩特光伏一期', mw: 50 } },
  { geometry: at('150203'), properties: { site_id: 's2', tblx: 'construction', name: '包头光伏', mw: '20.5' } },
  { geometry: at('110101'), properties: { site_id: 's3', tblx: 'expanded' } },
]

const spotCount = async () =>
  Number((await ctx.database.db.selectFrom('monitor_spot').select(ctx.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

describe('POST /api/monitor/import', () => {
  it('refuses the whole file when any feature fails, listing each one and why', async () => {
    const [lon, lat] = centers['150102'] as [number, number]
    const before = await spotCount()
    const features = [
      ...good(),
      // self-intersecting bow tie
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon, lat],
              [lon + 0.01, lat + 0.01],
              [lon + 0.01, lat],
              [lon, lat + 0.01],
              [lon, lat],
            ],
          ],
        },
        properties: { site_id: 'b1', tblx: 'built' },
      },
      { geometry: square(10, 50), properties: { site_id: 'b2', tblx: 'built' } },
      { geometry: at('150102'), properties: { site_id: 'b3', tblx: 'coal' } },
      { geometry: at('150102'), properties: { tblx: 'built' } },
      { geometry: at('150102'), properties: { site_id: 's2', tblx: 'built' } },
      { geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { site_id: 'b6', tblx: 'built' } },
      { geometry: square(123.5, 27.0), properties: { site_id: 'b7', tblx: 'built' } },
      { geometry: at('150102'), properties: { site_id: 'b8', tblx: 'built', mw: 'abc' } },
      { geometry: null, properties: { site_id: 'b9', tblx: 'built' } },
    ]
    const { status, body } = await upload({}, { filename: 'pvland_20251231.geojson', data: geojsonFile(features) })
    expect(status).toBe(422)
    expect(body.message).toBe('9 个要素未通过检查，未导入任何图斑')
    expect(body.data).toMatchObject({ featureCount: 12, imported: 0, rejectedCount: 9 })
    const reasons = Object.fromEntries(body.data.rejected.map((r: { index: number; reasons: string[] }) => [r.index, r.reasons.join('；')]))
    expect(reasons).toEqual({
      4: '几何无效：自相交',
      5: '位置不在中国境内',
      6: '图斑类型“coal”不在该模块的取值中',
      7: '缺少图斑编号（字段 site_id）',
      8: '图斑编号 s2 与第 2 个要素重复',
      9: '几何类型为 Point，该模块应为面',
      10: '未落入任何县级行政区',
      11: '属性“装机容量（兆瓦）”（字段 mw）应为数字，实为“abc”',
      12: '缺少几何',
    })
    expect(await spotCount()).toBe(before)
    const batches = await getData(ctx, '/api/monitor/batches?module=pvland')
    expect(batches.map((b: { batch: string }) => b.batch)).toEqual(['20250630'])
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'target'])
      .where('action', '=', 'monitorImport')
      .execute()
    expect(audit).toEqual([{ outcome: 'failure', target: 'pvland:20251231' }])
  })

  it('imports a GeoJSON delivery as a new batch (not 示意) and the statistics include it; a second import of the batch is 409', async () => {
    const { status, body } = await upload({}, { filename: 'pvland_20251231.geojson', data: geojsonFile(good()) })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data).toMatchObject({
      module: 'pvland',
      batch: '20251231',
      filename: 'pvland_20251231.geojson',
      featureCount: 3,
      imported: 3,
      rejectedCount: 0,
    })
    const batches = await getData(ctx, '/api/monitor/batches?module=pvland')
    expect(batches.at(-1)).toEqual({ batch: '20251231', filename: 'pvland_20251231.geojson', spotCount: 3, illustrative: false })
    const stats = await getData(ctx, '/api/monitor/statistics?module=pvland')
    expect(stats.batchTo).toBe('20251231')
    expect(stats.rows.find((r: { code: string }) => r.code === '150000').num).toBe(2)
    expect(stats.rows.find((r: { code: string }) => r.code === '110000').num).toBe(1)
    expect(stats.total.areaKm2).toBeGreaterThan(0)
    // only the imported batch in range: real data, not 示意; a range with generated batches is 示意
    expect(stats.illustrative).toBe(false)
    const earlier = batches.find((b: { illustrative: boolean }) => b.illustrative)
    if (earlier) {
      const mixed = await getData(ctx, `/api/monitor/statistics?module=pvland&batchFrom=${earlier.batch}&batchTo=20251231`)
      expect(mixed.illustrative).toBe(true)
    }
    const list = await getData(ctx, '/api/monitor/spot/list?module=pvland&batch=20251231', tokens.ministry)
    const bySite = Object.fromEntries(list.items.map((s: { siteId: string }) => [s.siteId, s]))
    expect(bySite.s1).toMatchObject({ stage: 'persist', xzqdm: '150102', illustrative: false })
    expect(bySite.s2).toMatchObject({ stage: 'new', xzqdm: '150203' })
    const detail = await getData(ctx, `/api/monitor/spot/detail?module=pvland&id=${bySite.s2.id}`, tokens.ministry)
    expect(detail.attributes).toEqual({ plantName: '包头光伏', capacityMw: 20.5 })

    const again = await upload({}, { filename: 'again.geojson', data: geojsonFile(good()) })
    expect([again.status, again.body.message]).toEqual([409, '批次 20251231 已存在，不能重复导入'])
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'monitorImport')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.outcome)).toEqual(['failure', 'success'])
  })

  it('imports a zipped shapefile with upper-case dBase fields', async () => {
    const zip = shapefileZip([
      { geometry: at('150102', 0.003), properties: { SITE_ID: 'z1', TBLX: 'built', PLANTNAME: '测试电站' } },
      { geometry: at('150203', 0.003), properties: { SITE_ID: 'z2', TBLX: 'expanded', PLANTNAME: '' } },
    ])
    const mapping = JSON.stringify({ siteId: 'SITE_ID', spotType: 'TBLX', attributes: { plantName: 'PLANTNAME' } })
    const { status, body } = await upload({ batch: '20260331', mapping }, { filename: 'pvland_20260331.zip', data: zip })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data).toMatchObject({ imported: 2, rejectedCount: 0 })
    const stats = await getData(ctx, '/api/monitor/statistics?module=pvland&region=150000')
    expect(stats.batchTo).toBe('20260331')
    expect(stats.rows.filter((r: { num: number | null }) => r.num).map((r: { code: string }) => r.code)).toEqual(['150100', '150200'])
  })

  it('answers bad requests with a Chinese 4xx and writes nothing', async () => {
    const before = await spotCount()
    const file = { filename: 'x.geojson', data: geojsonFile(good()) }
    const cases: Array<[Promise<{ status: number; body: { message: string } }>, number, string]> = [
      [upload({}, file, tokens.ministry), 403, '无查看信息权限，请联系管理员'],
      [upload({}, file, {}), 401, '请先登录'],
      [upload({ module: 'nuclear', batch: '20270101' }, file), 400, '未知的监测模块'],
      [upload({ batch: '20261340' }, file), 400, '批次应为 YYYYMMDD 形式的日期'],
      [upload({ batch: '20270101', mapping: '{"siteId": 1}' }, file), 400, '字段映射应为 JSON'],
      [
        upload({ batch: '20270101', mapping: JSON.stringify({ siteId: 'a', spotType: 'b', attributes: { color: 'c' } }) }, file),
        400,
        '不是该模块声明的属性',
      ],
      [upload({ batch: '20270101' }, { filename: 'x.zip', data: Buffer.from('not a zip at all, really not') }), 415, ''],
      [upload({ batch: '20270101' }, { filename: 'x.txt', data: Buffer.from('hello') }), 415, '请上传成果文件'],
      [upload({ batch: '20270101' }, { filename: 'x.geojson', data: Buffer.from('{"type": "FeatureCo') }), 400, ''],
      [upload({ batch: '20270101' }, { filename: 'x.geojson', data: geojsonFile([]) }), 400, '文件中没有要素'],
    ]
    for (const [call, status, message] of cases) {
      const { status: got, body } = await call
      expect(got, body.message).toBe(status)
      expect(body.message).toContain(message)
      expect(body.message).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect(await spotCount()).toBe(before)
    const batches = await getData(ctx, '/api/monitor/batches?module=pvland')
    expect(batches.map((b: { batch: string }) => b.batch)).toEqual(['20250630', '20251231', '20260331'])
  })

  it('checks a delivery without writing it (dryRun): the same report and the same 422, nothing stored, audited as a check', async () => {
    const db = ctx.database.db
    const state = async () => ({
      spots: await spotCount(),
      batches: (await db.selectFrom('monitor_batch').select(['module', 'batch']).orderBy('module').orderBy('batch').execute()).map(
        (b) => `${b.module}:${b.batch}`,
      ),
      version: (await sql<{ v: string }>`SELECT version::text AS v FROM monitor_data_version WHERE id = 1`.execute(db)).rows[0]?.v,
    })
    const audits = async (action: string) =>
      (await db.selectFrom('audit_log').select(['outcome', 'target']).where('action', '=', action).orderBy('id').execute()).map(
        (a) => `${a.outcome} ${a.target}`,
      )
    const before = await state()
    const importsBefore = await audits('monitorImport')

    // a good file: the report of an import (every feature would be stored), nothing written
    const ok = await upload(
      { batch: '20270102' },
      { filename: 'pvland_20270102.geojson', data: geojsonFile(good()) },
      tokens.admin,
      '?dryRun=true',
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({
      module: 'pvland',
      batch: '20270102',
      filename: 'pvland_20270102.geojson',
      featureCount: 3,
      dryRun: true,
      imported: 3,
      rejectedCount: 0,
      rejected: [],
    })
    expect(await state()).toEqual(before)

    // a broken file: the dry run's 422 is the import's 422 (message, counts, each feature and why)
    const broken = [
      ...good(),
      { geometry: square(10, 50), properties: { site_id: 'x1', tblx: 'built' } },
      { geometry: at('150102'), properties: { site_id: 'x2', tblx: 'coal' } },
      { geometry: at('150102'), properties: { site_id: 's1', tblx: 'built' } },
    ]
    const file = { filename: 'broken.geojson', data: geojsonFile(broken) }
    const checked = await upload({ batch: '20270103' }, file, tokens.admin, '?dryRun=true')
    expect(await state()).toEqual(before)
    const imported = await upload({ batch: '20270103' }, file)
    expect(checked.status).toBe(422)
    expect(imported.status).toBe(422)
    expect(checked.body.data.rejectedCount).toBe(3)
    const comparable = (body: { data: Record<string, unknown> }) => ({ ...body, data: { ...body.data, milliseconds: 0, dryRun: null } })
    expect(comparable(checked.body)).toEqual(comparable(imported.body))
    expect([checked.body.data.dryRun, imported.body.data.dryRun]).toEqual([true, false])

    // the same refusals before any check: an existing batch (409), a bad dryRun value (400)
    const existing = await upload({ batch: '20251231' }, { filename: 'x.geojson', data: geojsonFile(good()) }, tokens.admin, '?dryRun=true')
    expect([existing.status, existing.body.message]).toEqual([409, '批次 20251231 已存在，不能重复导入'])
    const badFlag = await upload({ batch: '20270104' }, file, tokens.admin, '?dryRun=yes')
    expect([badFlag.status, badFlag.body.message]).toEqual([400, '请求参数有误：dryRun 只能为 true 或 false'])
    const refused = await upload({ batch: '20270104' }, file, tokens.ministry, '?dryRun=true')
    expect(refused.status).toBe(403)
    expect(await state()).toEqual(before)

    // audited: the checks as their own action; the imports gained only the real (refused) one
    expect(await audits('monitorImportCheck')).toEqual(['success pvland:20270102', 'failure pvland:20270103'])
    expect(await audits('monitorImport')).toEqual([...importsBefore, 'failure pvland:20270103'])
  })
})
