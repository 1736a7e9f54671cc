import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ARCHIVE_LIMITS, type Scene, SceneFilters, SceneQueryAnswer } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import writeXlsxFile, { type SheetData } from 'write-excel-file/node'
import { buildScene } from '../../../test-support/factories'
import { createAreas } from '../../capabilities/area'
import { loadReferenceData } from '../../db/reference-data'
import { createTaskPool } from '../../lib/workers/pool'
import { createTestContext, type TestContext } from '../../test/test-context'
import { formCondition, formSort, type KeyValues } from './scene-query'
import { createScenesRepository, sceneArea } from './scenes.repository'

let ctx: TestContext

type BBox = [number, number, number, number]
const ring = ([w, s, e, n]: BBox) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
]

/** The scenes of the tests: around Beijing, one over Japan, a pair at an extent's edge, and a bulk set in Xinjiang. */
const BOXES: Record<string, BBox> = {
  BJ1: [116, 39.5, 116.5, 40],
  BJ2: [116.2, 39.7, 116.7, 40.2],
  BJ3: [116.1, 39.8, 116.4, 40.1],
  BJ4: [115.8, 39.4, 116.3, 39.9],
  BJ5: [116, 39.5, 116.5, 40],
  JP: [139, 35, 139.5, 35.5],
  EDGE: [120, 30, 121, 31],
  IN: [121.2, 30.2, 121.4, 30.4],
}
const BULK = 10_050

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
  const db = ctx.database.db
  await buildScene(db, {
    id: 'BJ1',
    satellite: 'GF1',
    sensor: 'PMS1',
    acquiredAt: '2026-06-01T03:00:00Z',
    cloudPercent: 5,
    resolutionM: 2,
    bbox: BOXES.BJ1,
    fileName: 'GF1_PMS1_E116.2_N39.7_20260601_L1A0000000001.tar.gz',
    orbit: 111,
    path: 10,
    row: 20,
  })
  await buildScene(db, {
    id: 'BJ2',
    satellite: 'GF2',
    sensor: 'PMS1',
    acquiredAt: '2026-06-05T03:00:00Z',
    cloudPercent: 30,
    resolutionM: 0.8,
    bbox: BOXES.BJ2,
    fileName: 'GF2_PMS1_E116.4_N39.9_20260605_L1A0000000002.tar.gz',
    orbit: 222,
    path: 11,
    row: 20,
  })
  await buildScene(db, {
    id: 'BJ3',
    satellite: 'ZY3-2',
    sensor: 'TLC',
    acquiredAt: '2026-05-20T03:00:00Z',
    cloudPercent: 60,
    resolutionM: 2.1,
    productLevel: 'L2A',
    bbox: BOXES.BJ3,
    orbit: 333,
    path: 10,
    row: 20,
  })
  await buildScene(db, {
    id: 'BJ4',
    satellite: 'GF1',
    sensor: 'WFV1',
    acquiredAt: '2026-06-03T03:00:00Z',
    cloudPercent: 10,
    resolutionM: 16,
    bbox: BOXES.BJ4,
    orbit: 444,
    path: 12,
    row: 21,
  })
  await buildScene(db, { id: 'BJ5', dataStatus: '1', bbox: BOXES.BJ5, orbit: 555, path: 13, row: 22 })
  await buildScene(db, { id: 'JP', bbox: BOXES.JP, orbit: 666, path: 14, row: 23 })
  await buildScene(db, { id: 'EDGE', bbox: BOXES.EDGE, orbit: 777, path: 15, row: 24 })
  await buildScene(db, { id: 'IN', bbox: BOXES.IN, orbit: 888, path: 16, row: 25 })
  // a bulk set (0.004° squares on a 100 × 101 grid in Xinjiang) for estimated totals and paging ties
  await sql`
    INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
      off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, source)
    SELECT 'BULK_' || lpad(i::text, 5, '0'), 'HJ2A', 'CCD', timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute', (i % 7) * 10, 16, 'L1A',
      i, 900, 900, 'descending', 0, 45, 'HJ2A_' || i, '2', g, ST_Area(g::geography) / 1e6, true, 'test'
    FROM generate_series(1, ${BULK}) AS i,
      LATERAL (SELECT ST_Multi(ST_MakeEnvelope(80 + (i % 100) * 0.005, 40 + (i / 100) * 0.005,
        80 + (i % 100) * 0.005 + 0.004, 40 + (i / 100) * 0.005 + 0.004, 4326)) AS g) x`.execute(db)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

async function query(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/normalmeta/query', payload: body })
}

async function search(body: Record<string, unknown>): Promise<SceneQueryAnswer> {
  const res = await query(body)
  expect(res.statusCode, res.body).toBe(200)
  return SceneQueryAnswer.parse(res.json().data)
}

const ids = (a: SceneQueryAnswer) => a.list.map((s) => s.id)

/** The area Shapely and pyproj (Debian's) give for the same polygons, in km². */
function independentAreaKm2(polygons: number[][][][]): number {
  const script = fileURLToPath(new URL('../../test/shapely-area.py', import.meta.url))
  return Number(execFileSync('/usr/bin/python3', [script], { input: JSON.stringify(polygons) }).toString())
}

/** Asserts a Chinese 4xx envelope. */
function expectRefused(res: Awaited<ReturnType<typeof query>>, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ code: status, data: null })
  expect(res.json().message).toMatch(message)
}

/** Every returned footprint meets the area (checked by PostGIS against the area's own geometry) and the filters. */
async function expectAllMeet(list: Scene[], areaGeom: string, filters: Record<string, unknown>) {
  const f = SceneFilters.parse(filters)
  for (const s of list) {
    const res = await sql<{ ok: boolean }>`
      SELECT ST_Intersects(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(s.footprint)}), 4326), ${sql.raw(areaGeom)}) AS ok`.execute(
      ctx.database.db,
    )
    expect(res.rows[0]?.ok, s.id).toBe(true)
    expect(s.dataStatus).toBe(f.dataStatus)
    if (f.cloudMax !== undefined) expect(s.cloudPercent).toBeLessThanOrEqual(f.cloudMax)
    if (f.resolutionMax !== undefined) expect(s.resolutionM).toBeLessThanOrEqual(f.resolutionMax)
    if (f.resolutionMin !== undefined) expect(s.resolutionM).toBeGreaterThanOrEqual(f.resolutionMin)
    if (f.satellites.length > 0 || f.sensors.length > 0) {
      expect(f.satellites.includes(s.satellite) || f.sensors.includes(`${s.satellite}:${s.sensor}`)).toBe(true)
    }
    if (f.productLevels.length > 0) expect(f.productLevels).toContain(s.productLevel)
  }
}

describe('POST /api/normalmeta/query: areas', () => {
  it('finds the scenes meeting a region (北京市) and its filters, each footprint meeting both', async () => {
    const filters = { cloudMax: 40, resolutionMax: 5 }
    const a = await search({ area: { mode: 'region', regionCode: '110000' }, filters })
    expect(ids(a).sort()).toEqual(['BJ1', 'BJ2'])
    expect(a).toMatchObject({ total: 2, totalExact: true, pageNum: 1, pageSize: 20 })
    await expectAllMeet(a.list, `(SELECT geom FROM region WHERE code = '110000')`, filters)
    // Beijing is about 16,400 km²
    expect(a.aoiAreaKm2).toBeGreaterThan(15_000)
    expect(a.aoiAreaKm2).toBeLessThan(18_000)
    expect(a.list[0]?.footprint.type).toBe('MultiPolygon')
  })

  it('searches the whole country (100000) through its provinces: Japan is left out, totals past the limit are estimated', async () => {
    const a = await search({ area: { mode: 'region', regionCode: '100000' }, sort: { sortField: 'time', sortOrder: 'desc' } })
    expect(ids(a)).toContain('BJ2')
    expect(ids(a)).not.toContain('JP')
    expect(a.totalExact).toBe(false)
    expect(a.total).toBeGreaterThan(ARCHIVE_LIMITS.exactCountLimit)
    // China's provinces: about 9.6 million km²
    expect(a.aoiAreaKm2).toBeGreaterThan(9_000_000)
    expect(a.aoiAreaKm2).toBeLessThan(10_000_000)
  })

  it('cuts every province into parts of at most 128 vertices that make up the province exactly (region_part)', async () => {
    const res = await sql<{ regions: number; cut: number; max_points: number; worst: number }>`
      SELECT (SELECT count(*) FROM region WHERE geom IS NOT NULL)::int AS regions,
             count(DISTINCT p.code)::int AS cut, max(ST_NPoints(p.geom))::int AS max_points,
             max(abs(ST_Area(r.geom) - a.parts) / ST_Area(r.geom))::float8 AS worst
      FROM region_part p JOIN region r USING (code)
      JOIN (SELECT code, sum(ST_Area(geom)) AS parts FROM region_part GROUP BY code) a USING (code)
      WHERE r.level = 'province'`.execute(ctx.database.db)
    const row = res.rows[0]
    expect(row?.max_points).toBeLessThanOrEqual(128)
    // every province is cut; the parts' areas add up to the outline's (no overlap, no gap)
    const provinces = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM region WHERE geom IS NOT NULL AND level = 'province'`.execute(ctx.database.db)
    expect(row?.cut).toBe(provinces.rows[0]?.n)
    expect(row?.worst).toBeLessThan(1e-9)
  })

  it('keeps the provinces each footprint meets (scene.province_codes) through inserts, moves and new regions', async () => {
    const db = ctx.database.db
    // against each province's whole outline, not the parts the trigger reads
    const wrong = async () =>
      Number(
        (
          await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM scene s WHERE s.province_codes IS DISTINCT FROM (
              SELECT coalesce(array_agg(r.code ORDER BY r.code), '{}') FROM region r
              WHERE r.level = 'province' AND r.geom && s.footprint AND ST_Intersects(r.geom, s.footprint))`.execute(db)
        ).rows[0]?.n,
      )
    expect(await wrong()).toBe(0)
    const codesOf = async (id: string) =>
      (await sql<{ c: string[] }>`SELECT province_codes AS c FROM scene WHERE id = ${id}`.execute(db)).rows[0]?.c
    // a footprint across 北京 and 河北, moved to 上海, then out of China
    await buildScene(db, { id: 'MOVED', bbox: [116.2, 39.3, 116.6, 39.6] })
    expect(await codesOf('MOVED')).toEqual(['110000', '130000'])
    expect(await wrong()).toBe(0)
    await sql`UPDATE scene SET footprint = ST_Multi(ST_MakeEnvelope(121.3, 31.1, 121.5, 31.3, 4326)) WHERE id = 'MOVED'`.execute(db)
    expect(await codesOf('MOVED')).toEqual(['310000'])
    expect(await wrong()).toBe(0)
    await sql`UPDATE scene SET footprint = ST_Multi(ST_MakeEnvelope(150, -40, 151, -39, 4326)) WHERE id = 'MOVED'`.execute(db)
    expect(await codesOf('MOVED')).toEqual([])
    await sql`DELETE FROM scene WHERE id = 'MOVED'`.execute(db)
    // a new version of the regions recomputes every scene's provinces
    await sql`UPDATE scene SET province_codes = '{}' WHERE id IN ('BJ1', 'BJ2')`.execute(db)
    expect(await wrong()).toBe(2)
    await sql`UPDATE reference_data SET version = 'older' WHERE name = 'regions'`.execute(db)
    expect((await loadReferenceData(db)).loaded).toBe(true)
    expect(await wrong()).toBe(0)
  })

  it('counts exactly up to the limit', async () => {
    const a = await search({ area: { mode: 'extent', bbox: [79, 39, 81, 41] }, filters: { cloudMax: 0 } })
    // cloud 0 is every seventh bulk scene
    expect(a).toMatchObject({ total: Math.floor(BULK / 7), totalExact: true })
  })

  it('takes an extent, including a footprint that touches it only at an edge, and leaves out the rest', async () => {
    const a = await search({ area: { mode: 'extent', bbox: [121, 30, 122, 31] } })
    expect(ids(a).sort()).toEqual(['EDGE', 'IN'])
    expect(a.aoiAreaKm2 ?? 0).toBeCloseTo(independentAreaKm2([[ring([121, 30, 122, 31])]]), -1)
    const none = await search({ area: { mode: 'extent', bbox: [150, -40, 151, -39] } })
    expect(none).toMatchObject({ total: 0, totalExact: true, list: [], unionAreaKm2: 0 })
  })

  it('repairs a drawn self-crossing polygon (a bow tie) in the worker, with the area Shapely gives', async () => {
    const bowTie = [
      [116, 39.5],
      [116.6, 40.1],
      [116.6, 39.5],
      [116, 40.1],
      [116, 39.5],
    ]
    const a = await search({ area: { mode: 'draw', geometry: { type: 'Polygon', coordinates: [bowTie] } } })
    expect(ids(a).sort()).toEqual(['BJ1', 'BJ2', 'BJ3', 'BJ4'])
    expect((a.aoiAreaKm2 ?? 0) / independentAreaKm2([[bowTie]])).toBeCloseTo(1, 2)
  })

  it('refuses a drawn area over the vertex budget, outside the world or without area, with a Chinese 4xx', async () => {
    const many = Array.from({ length: ARCHIVE_LIMITS.maxDrawnVertices + 1 }, (_, i) => {
      const t = (2 * Math.PI * i) / (ARCHIVE_LIMITS.maxDrawnVertices + 1)
      return [116 + 0.5 * Math.cos(t), 40 + 0.5 * Math.sin(t)]
    })
    expectRefused(await query({ area: { mode: 'draw', geometry: { type: 'Polygon', coordinates: [many] } } }), 422, /顶点过多/)
    const outside = [ring([170, 30, 190, 40])]
    expectRefused(await query({ area: { mode: 'draw', geometry: { type: 'Polygon', coordinates: outside } } }), 400, /经度 -180–180/)
    const flat = [
      [
        [116, 40],
        [117, 40],
        [118, 40],
        [116, 40],
      ],
    ]
    expectRefused(await query({ area: { mode: 'draw', geometry: { type: 'Polygon', coordinates: flat } } }), 400, /没有面积/)
  })

  it('searches an uploaded area (SHP mode) and refuses an unknown upload id', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { 名称: '样区' }, geometry: { type: 'Polygon', coordinates: [ring([121.1, 30.1, 121.5, 30.5])] } },
      ],
    })
    const res = await upload('area.geojson', geojson, { kind: 'shp' })
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json().data
    expect(report).toMatchObject({ kind: 'shp', uploadType: null, lineCount: 1, matchedCount: 1, unmatched: [] })
    expect(report.areaKm2 / independentAreaKm2([[ring([121.1, 30.1, 121.5, 30.5])]])).toBeCloseTo(1, 2)
    const a = await search({ area: { mode: 'shp', uploadId: report.uploadId } })
    expect(ids(a)).toEqual(['IN'])
    expectRefused(await query({ area: { mode: 'shp', uploadId: '00000000-0000-4000-8000-000000000000' } }), 404, /重新上传矢量文件/)
    expectRefused(await query({ area: { mode: 'region', regionCode: '990000' } }), 404, /不存在或没有边界/)
  })
})

describe('POST /api/normalmeta/query: filters, sorts, pages', () => {
  const beijing = { mode: 'region', regionCode: '110000' }

  it.each([
    [{ satellites: ['GF1'] }, ['BJ1', 'BJ4']],
    [{ sensors: ['GF1:WFV1', 'GF2:PMS1'] }, ['BJ2', 'BJ4']],
    [{ startDate: '2026-06-01', endDate: '2026-06-03' }, ['BJ1', 'BJ4']],
    [{ cloudMax: 10 }, ['BJ1', 'BJ4']],
    [{ resolutionMin: 1, resolutionMax: 2.1 }, ['BJ1', 'BJ3']],
    [{ productLevels: ['L2A'] }, ['BJ3']],
    [{ dataStatus: '1' }, ['BJ5']],
  ])('filters %j', async (filters, expected) => {
    const a = await search({ area: beijing, filters })
    expect(ids(a).sort()).toEqual(expected)
    await expectAllMeet(a.list, `(SELECT geom FROM region WHERE code = '110000')`, filters)
  })

  it.each([
    ['time', 'desc', ['BJ2', 'BJ4', 'BJ1', 'BJ3']],
    ['time', 'asc', ['BJ3', 'BJ1', 'BJ4', 'BJ2']],
    ['cloud', 'asc', ['BJ1', 'BJ4', 'BJ2', 'BJ3']],
    ['resolution', 'desc', ['BJ4', 'BJ3', 'BJ1', 'BJ2']],
  ])('sorts by %s %s', async (sortField, sortOrder, expected) => {
    expect(ids(await search({ area: beijing, sort: { sortField, sortOrder } }))).toEqual(expected)
  })

  it('pages without overlap or gap, ties broken by id, in offset and keyset paging alike', async () => {
    const area = { mode: 'extent', bbox: [79.9, 39.9, 80.6, 40.3] }
    const sort = { sortField: 'cloud', sortOrder: 'asc' }
    const big = await search({ area, sort, pageSize: 100 })
    const p1 = await search({ area, sort, pageSize: 50, pageNum: 1 })
    const p2 = await search({ area, sort, pageSize: 50, pageNum: 2 })
    expect([...ids(p1), ...ids(p2)]).toEqual(ids(big))
    const clouds = big.list.map((s) => s.cloudPercent)
    expect(clouds).toEqual([...clouds].sort((x, y) => x - y))

    const repo = createScenesRepository(ctx.database.db)
    // an extent needs no worker thread: the pool is never started
    const tasks = createTaskPool({ maxThreads: 1 })
    const areas = createAreas({ db: ctx.database.db, tasks, audit: { record: async () => {} } })
    const resolved = sceneArea(await areas.resolve({ mode: 'extent', bbox: [79.9, 39.9, 80.6, 40.3] }))
    await tasks.close()
    const filters = SceneFilters.parse({})
    const query = (sortField: 'cloud' | 'time', sortOrder: 'asc' | 'desc') => ({
      area: resolved,
      filter: formCondition(filters),
      sort: formSort({ sortField, sortOrder }),
    })
    let cursor: KeyValues | null = null
    const walked: string[] = []
    for (let i = 0; i < 4; i++) {
      const page: { rows: Array<{ id: string }>; next: KeyValues | null } = await repo.query.page(query('cloud', 'asc'), {
        limit: 25,
        after: cursor ?? undefined,
      })
      walked.push(...page.rows.map((r) => r.id))
      cursor = page.next
    }
    expect(walked).toEqual(ids(big))
    const timeDesc = await search({ area, pageSize: 50, pageNum: 3 })
    const keyset: string[] = []
    cursor = null
    for (let i = 0; i < 3; i++) {
      const page: { rows: Array<{ id: string }>; next: KeyValues | null } = await repo.query.page(query('time', 'desc'), {
        limit: 50,
        after: cursor ?? undefined,
      })
      if (i === 2) keyset.push(...page.rows.map((r) => r.id))
      cursor = page.next
    }
    expect(keyset).toEqual(ids(timeDesc))
  })

  it("answers the union area of the page's footprints as Shapely and pyproj compute it", async () => {
    const a = await search({ area: beijing, filters: { satellites: ['GF1', 'GF2'] } })
    expect(ids(a).sort()).toEqual(['BJ1', 'BJ2', 'BJ4'])
    const expected = independentAreaKm2([[ring(BOXES.BJ1)], [ring(BOXES.BJ2)], [ring(BOXES.BJ4)]])
    expect(Math.abs(a.unionAreaKm2 / expected - 1)).toBeLessThan(0.005)
  })
})

describe('bad queries', () => {
  const area = { mode: 'region', regionCode: '110000' }
  it.each([
    [{ area, filters: { startDate: '2026-06-05', endDate: '2026-06-01' } }, /开始日期不能晚于结束日期/],
    [{ area, pageSize: 30 }, /每页条数只能是 20、50 或 100/],
    [{ area, pageNum: 0 }, /页码应为/],
    [{ area: { mode: 'extent', bbox: [100, 20, 200, 30] } }, /经度在 -180–180/],
    [{ area: { mode: 'extent', bbox: [110, 40, 100, 30] } }, /最小值小于最大值/],
    [{ area, filters: { cloudMax: 120 } }, /云量应为 0–100/],
    [{ area, filters: { satellites: ['gf1'] } }, /卫星代码格式不正确/],
    [{ area: { mode: 'file', uploadId: 'abc' } }, /上传编号无效/],
  ])('refuses %j with a Chinese 400', async (body, message) => {
    const res = await query(body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(message)
  })

  it('refuses satellites and sensors the archive does not have', async () => {
    expectRefused(await query({ area, filters: { satellites: ['GF1', 'XX9'], sensors: ['GF1:NOPE'] } }), 400, /XX9、GF1:NOPE/)
  })
})

describe('POST /api/normalmeta/union and GET /api/normalmeta/detail', () => {
  it('answers the union area of checked scenes within 0.5 % of Shapely and pyproj, unknown ids not counted', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/union', payload: { ids: ['BJ1', 'BJ2', 'BJ3', 'NOPE'] } })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.count).toBe(3)
    const expected = independentAreaKm2([[ring(BOXES.BJ1)], [ring(BOXES.BJ2)], [ring(BOXES.BJ3)]])
    expect(Math.abs(data.unionAreaKm2 / expected - 1)).toBeLessThan(0.005)
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/normalmeta/union', payload: { ids: [] } })
    expect(empty.statusCode).toBe(400)
  })

  it("answers a scene's metadata, and a Chinese 404 for an unknown id", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/normalmeta/detail?id=BJ2' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      id: 'BJ2',
      satellite: 'GF2',
      cloudPercent: 30,
      resolutionM: 0.8,
      quicklookUrl: expect.any(String),
    })
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/normalmeta/detail?id=NOPE' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toMatch(/影像 NOPE 不存在/)
  })
})

function upload(name: string, data: Uint8Array | string, fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name)
  return ctx.app.inject({ method: 'POST', url: '/api/normalmeta/upload', body: form })
}

async function listCount(): Promise<number> {
  const res = await sql<{ n: string }>`SELECT count(*) AS n FROM scene_list`.execute(ctx.database.db)
  return Number(res.rows[0]?.n)
}

async function xlsx(rows: Array<Array<string | number>>): Promise<Uint8Array> {
  const data = rows.map((r) => r.map((value) => ({ value }))) as SheetData
  return new Uint8Array(await writeXlsxFile(data, { sheet: '列表' }).toBuffer())
}

describe('POST /api/normalmeta/upload', () => {
  it('matches a text list of file names: unknown names and duplicates reported by line, FILE mode finds the matched scenes', async () => {
    const text = [
      'GF1_PMS1_E116.2_N39.7_20260601_L1A0000000001.tar.gz',
      '',
      'GF2_PMS1_E116.4_N39.9_20260605_L1A0000000002.tar.gz',
      'GF9_XXX_unknown.tar.gz',
      'GF1_PMS1_E116.2_N39.7_20260601_L1A0000000001.tar.gz',
    ].join('\r\n')
    const res = await upload('列表.txt', text, { kind: 'file', uploadType: '1' })
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json().data
    expect(report).toMatchObject({ kind: 'file', uploadType: 1, fileName: '列表.txt', lineCount: 4, matchedCount: 2, areaKm2: null })
    expect(report.unmatched).toEqual([
      { line: 4, text: 'GF9_XXX_unknown.tar.gz', reason: 'unknown' },
      { line: 5, text: 'GF1_PMS1_E116.2_N39.7_20260601_L1A0000000001.tar.gz', reason: 'duplicate' },
    ])
    const a = await search({ area: { mode: 'file', uploadId: report.uploadId } })
    expect(ids(a).sort()).toEqual(['BJ1', 'BJ2'])
    expect(a.aoiAreaKm2).toBeNull()
    const audit = await sql<{
      n: string
    }>`SELECT count(*) AS n FROM audit_log WHERE action = 'sceneListUpload' AND outcome = 'success'`.execute(ctx.database.db)
    expect(Number(audit.rows[0]?.n)).toBeGreaterThan(0)
  })

  it('matches a CSV of orbit, path, row (header skipped, comma or tab separated) and reports malformed lines', async () => {
    const csv = '轨道号,条带号,行号\n111,10,20\n222\t11\t20\n999,10,20\n12,x,3\n111, 10, 20\n'
    const res = await upload('opr.csv', csv, { kind: 'file', uploadType: '2' })
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json().data
    expect(report).toMatchObject({ lineCount: 5, matchedCount: 2, notices: ['轨道号,条带号,行号'] })
    expect(report.unmatched).toEqual([
      { line: 4, text: '999,10,20', reason: 'unknown' },
      { line: 5, text: '12,x,3', reason: 'badFormat' },
      { line: 6, text: '111, 10, 20', reason: 'duplicate' },
    ])
    expect(ids(await search({ area: { mode: 'file', uploadId: report.uploadId } })).sort()).toEqual(['BJ1', 'BJ2'])
  })

  it('matches an Excel list of path and row: every orbit of a path/row', async () => {
    const data = await xlsx([
      ['条带号', '行号'],
      [10, 20],
      [12, 21],
      [99, 99],
    ])
    const res = await upload('pr.xlsx', data, { kind: 'file', uploadType: '3' })
    expect(res.statusCode, res.body).toBe(200)
    const report = res.json().data
    expect(report).toMatchObject({ lineCount: 3, matchedCount: 2, unmatched: [{ line: 4, text: '99 99', reason: 'unknown' }] })
    expect(ids(await search({ area: { mode: 'file', uploadId: report.uploadId } })).sort()).toEqual(['BJ1', 'BJ3', 'BJ4'])
  })

  it('refuses a broken workbook, a list over the line cap, a wrong type or kind, with a Chinese 4xx and nothing stored', async () => {
    const before = await listCount()
    const good = await xlsx([[10, 20]])
    const broken = good.slice(0, Math.floor(good.length / 2))
    let res = await upload('pr.xlsx', broken, { kind: 'file', uploadType: '3' })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toMatch(/Excel 文件已损坏/)
    res = await upload('pr.xlsx', 'not a zip at all', { kind: 'file', uploadType: '3' })
    expect(res.statusCode).toBe(400)
    const long = Array.from({ length: ARCHIVE_LIMITS.maxListLines + 1 }, (_, i) => `${i} ${i}`).join('\n')
    res = await upload('pr.txt', long, { kind: 'file', uploadType: '3' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/列表最多 5000 行/)
    res = await upload('pr.docx', '10 20', { kind: 'file', uploadType: '3' })
    expect(res.json().message).toMatch(/只能是文本/)
    res = await upload('pr.txt', '10 20', { kind: 'file', uploadType: '4' })
    expect(res.json().message).toMatch(/uploadType 只能是/)
    res = await upload('pr.txt', '10 20', { kind: 'list' })
    expect(res.json().message).toMatch(/kind 只能是/)
    res = await upload('pr.txt', '\n \n', { kind: 'file', uploadType: '3' })
    expect(res.json().message).toMatch(/没有内容/)
    res = await upload('big.txt', 'x'.repeat(ARCHIVE_LIMITS.maxListBytes + 1), { kind: 'file', uploadType: '1' })
    expect(res.statusCode).toBe(413)
    expect(await listCount()).toBe(before)
  })
})
