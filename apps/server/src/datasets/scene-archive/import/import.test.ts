import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScene } from '../../../../test-support/factories'
import { createTestContext, type TestContext } from '../../../test/test-context'
import { importReport, importScenes } from './import'
import { formatOf, ImportFileError } from './read'

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name))

describe('importScenes', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(async () => {
    await ctx?.close()
  })
  const stored = (ids: string[]) =>
    sql<{
      id: string
      satellite: string
      sensor: string
      slug: string | null
      acquired_at: string
      cloud_percent: number
      resolution_m: number
      product_level: string
      direction: string | null
      data_status: string
      source: string
      illustrative: boolean
      quicklook_href: string | null
      area_km2: number
      geodesic: number
      valid: boolean
      gtype: string
      bbox: string
    }>`SELECT id, satellite, sensor, slug, to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS acquired_at, cloud_percent,
        resolution_m, product_level, direction, data_status, source, illustrative, quicklook_href, area_km2,
        ST_Area(footprint::geography) / 1e6 AS geodesic, ST_IsValid(footprint) AS valid, GeometryType(footprint) AS gtype,
        concat_ws(',', round(ST_XMin(footprint)::numeric, 4), round(ST_YMin(footprint)::numeric, 4), round(ST_XMax(footprint)::numeric, 4), round(ST_YMax(footprint)::numeric, 4)) AS bbox
      FROM scene WHERE id = ANY(${ids}::text[]) ORDER BY id`.execute(ctx.database.db)

  it('imports STAC items (ndjson), idempotent on the id: a second import updates', async () => {
    const db = ctx.database.db
    const first = await importScenes(db, fixture('scenes.ndjson'), { format: formatOf('scenes.ndjson') })
    expect(first.rejected).toEqual([])
    expect(first).toMatchObject({ total: 2, accepted: 2, added: 2, updated: 0, written: 2 })
    const { rows } = await stored(['GF1_PMS1_E116.3_N39.9_20250601_L1A0001234501', 'GF2_PMS2_E121.5_N31.2_20250715_L1A0002345602'])
    expect(
      rows.map((r) => [r.satellite, r.sensor, r.acquired_at, r.cloud_percent, r.product_level, r.data_status, r.source, r.illustrative]),
    ).toEqual([
      ['GF1', 'PMS1', '2025-06-01T03:12:45.000', 12.5, 'L1A', '2', 'imported', false],
      // codes are stored in the catalogue's spelling, the millisecond kept
      ['GF2', 'PMS2', '2025-07-15T02:40:00.500', 0, 'L2A', '1', 'imported', false],
    ])
    expect(rows[0]?.direction).toBe('descending')
    expect(rows[0]?.quicklook_href).toBe('https://archive.example.cn/quicklook/GF1_PMS1_20250601_0001234501.jpg')
    expect(rows.every((r) => r.valid && r.gtype === 'MULTIPOLYGON' && r.slug !== null)).toBe(true)
    for (const r of rows) expect(Math.abs(r.area_km2 - r.geodesic)).toBeLessThan(1e-9 * r.geodesic + 1e-9)

    await sql`UPDATE scene SET cloud_percent = 99 WHERE id = 'GF1_PMS1_E116.3_N39.9_20250601_L1A0001234501'`.execute(db)
    const again = await importScenes(db, fixture('scenes.ndjson'), { format: 'stac' })
    expect(again).toMatchObject({ total: 2, added: 0, updated: 2, written: 2 })
    const after = await stored(['GF1_PMS1_E116.3_N39.9_20250601_L1A0001234501'])
    expect(after.rows[0]?.cloud_percent).toBe(12.5)
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene WHERE source = 'imported'`.execute(db)
    expect(count[0]?.n).toBe(2)
  })

  it('imports CSV with WKT footprints: Beijing time without an offset, Chinese direction, a self-crossing footprint repaired', async () => {
    const result = await importScenes(ctx.database.db, fixture('scenes.csv'), { format: 'csv' })
    expect(result.rejected).toEqual([])
    expect(result).toMatchObject({ total: 3, accepted: 3, added: 3, repaired: 1, written: 3 })
    const { rows } = await stored([
      'GF1_PMS2_E113.3_N23.1_20250520_L1A0003456701',
      'GF1_PMS1_BOWTIE_20250521',
      'GF2_PMS1_E104.1_N30.6_20250603_L2A0004567803',
    ])
    const byId = new Map(rows.map((r) => [r.id, r]))
    // 11:05:30 Beijing time is 03:05:30 UTC
    expect(byId.get('GF1_PMS2_E113.3_N23.1_20250520_L1A0003456701')?.acquired_at).toBe('2025-05-20T03:05:30.000')
    expect(byId.get('GF2_PMS1_E104.1_N30.6_20250603_L2A0004567803')).toMatchObject({
      acquired_at: '2025-06-03T03:20:00.000',
      direction: 'ascending',
    })
    const bowtie = byId.get('GF1_PMS1_BOWTIE_20250521')
    expect(bowtie?.valid).toBe(true)
    // the bow tie 'structure'-repaired: both triangles kept, a quarter of the 1°×1° square each
    const square = byId.get('GF1_PMS2_E113.3_N23.1_20250520_L1A0003456701')
    expect(bowtie?.bbox).toBe('100.0000,30.0000,101.0000,31.0000')
    expect(square?.bbox).toBe('113.1000,22.9000,113.5000,23.3000')
  })

  it('imports a zipped shapefile in UTM 50N through its .prj, with the export’s dBase field names', async () => {
    const result = await importScenes(ctx.database.db, fixture('scenes-shp.zip'), { format: 'shp' })
    expect(result.rejected).toEqual([])
    expect(result).toMatchObject({ total: 2, accepted: 2, written: 2 })
    const { rows } = await stored(['GF1_PMS1_E116.9_N36.6_20250610_L1A0005678901', 'GF2_PMS2_E117.2_N36.7_20250611_L2A0005678902'])
    expect(rows.map((r) => [r.bbox, r.acquired_at, r.direction, r.resolution_m])).toEqual([
      ['116.7000,36.4000,117.1000,36.8000', '2025-06-10T03:03:12.000', 'descending', 2],
      ['117.1000,36.5000,117.3000,36.9000', '2025-06-11T03:30:00.000', null, expect.closeTo(0.8, 5)],
    ])
  })

  it('rejects the whole file when one row is bad, and says why for each row', async () => {
    const db = ctx.database.db
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene`.execute(db)
    const result = await importScenes(db, fixture('broken.ndjson'), { format: 'stac' })
    expect(result.written).toBe(0)
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene`.execute(db)
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n)
    expect(await db.selectFrom('scene').select('id').where('id', '=', 'OK_GF1_PMS1_20250601_A').execute()).toEqual([])
    const reasons = new Map(result.rejected.map((v) => [v.row, v.reasons.join(' | ')]))
    expect([...reasons.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(reasons.get(2)).toMatch(/不是有效的 JSON/)
    expect(reasons.get(3)).toMatch(/不是 STAC 条目/)
    expect(reasons.get(4)).toMatch(/卫星代码 SENTINEL2A 不在卫星目录中/)
    const bad = reasons.get(5) ?? ''
    for (const part of ['"2025-02-30T03:00:00Z" 不是有效', '卫星 GF1 没有传感器 XYZ', '云量 "150"', '分辨率 "0"', '产品级别 "L9"'])
      expect(bad).toContain(part)
    expect(reasons.get(6)).toMatch(/须为 Polygon 或 MultiPolygon，实为 Point/)
    expect(reasons.get(7)).toMatch(/\(190, 30\) 不在经度/)
    expect(reasons.get(8)).toMatch(/编号 OK_GF1_PMS1_20250601_A 与第 1 行重复/)
    expect(reasons.get(9)).toMatch(/缺少必填字段 id.*缺少必填字段 acquired_at.*缺少必填字段 product_level.*足迹没有面积/)
    const report = importReport(result, 'broken.ndjson')
    expect(report).toContain('共 9 行：可导入 1 行')
    expect(report).toContain('未写入任何数据')
    expect(report).toContain('第 7 行（编号 OUTSIDE）：')
  })

  it('reports broken CSV rows by their line, and whole-file errors in Chinese', async () => {
    const result = await importScenes(ctx.database.db, fixture('broken.csv'), { format: 'csv' })
    expect(result.accepted).toBe(1)
    expect(result.written).toBe(0)
    const reasons = new Map(result.rejected.map((v) => [v.row, v.reasons.join(' | ')]))
    expect(reasons.get(3)).toMatch(/足迹 WKT 无法解析/)
    expect(reasons.get(4)).toMatch(/"yesterday" 不是有效.*云量 "-1".*分辨率 "0".*缺少必填字段 file_name/)
    expect(reasons.get(5)).toMatch(/横跨 358° 经度/)
    await expect(importScenes(ctx.database.db, fixture('no-footprint.csv'), { format: 'csv' })).rejects.toThrow(
      /CSV 缺少必需的列：footprint/,
    )
    await expect(importScenes(ctx.database.db, fixture('broken-shp.zip'), { format: 'shp' })).rejects.toThrow(ImportFileError)
    await expect(importScenes(ctx.database.db, Buffer.from('not a zip'), { format: 'shp' })).rejects.toThrow(ImportFileError)
    expect(() => formatOf('scenes.txt')).toThrow(/--format stac、csv 或 shp/)
  })

  it('a dry run validates and writes nothing', async () => {
    const db = ctx.database.db
    await sql`DELETE FROM scene WHERE source = 'imported'`.execute(db)
    const result = await importScenes(db, fixture('scenes.csv'), { format: 'csv', dryRun: true })
    expect(result).toMatchObject({ accepted: 3, added: 3, written: 0, dryRun: true })
    expect(importReport(result, 'scenes.csv')).toContain('试运行')
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene WHERE source = 'imported'`.execute(db)
    expect(rows[0]?.n).toBe(0)
  })

  it('imports back the STAC items our own /stac API serves (round trip)', async () => {
    const db = ctx.database.db
    const ids = ['RT_A', 'RT_B', 'RT_C']
    await buildScene(db, { id: 'RT_A', satellite: 'GF1', sensor: 'PMS1', cloudPercent: 3.5, bbox: [100, 30, 100.4, 30.3] })
    await buildScene(db, {
      id: 'RT_B',
      satellite: 'GF2',
      sensor: 'PMS2',
      cloudPercent: 61,
      resolutionM: 0.8,
      productLevel: 'L2A',
      direction: 'ascending',
    })
    await buildScene(db, {
      id: 'RT_C',
      satellite: 'GF1',
      sensor: 'PMS2',
      dataStatus: '2',
      footprint: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [90, 40],
              [91, 40],
              [91, 41],
              [90, 41],
              [90, 40],
            ],
            [
              [90.2, 40.2],
              [90.4, 40.2],
              [90.4, 40.4],
              [90.2, 40.4],
              [90.2, 40.2],
            ],
          ],
          [
            [
              [92, 40],
              [92.5, 40],
              [92.5, 40.5],
              [92, 40],
            ],
          ],
        ],
      },
    })
    const before =
      await sql`SELECT id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
      off_nadir_deg, sun_elevation_deg, file_name, data_status, ST_AsText(footprint) AS wkt, area_km2 FROM scene WHERE id = ANY(${ids}::text[]) ORDER BY id`.execute(
        db,
      )
    const res = await ctx.app.inject({ method: 'POST', url: '/stac/search', payload: { ids, limit: 10 } })
    expect(res.statusCode).toBe(200)
    const features = (res.json() as { features: unknown[] }).features
    expect(features).toHaveLength(3)
    await sql`DELETE FROM scene WHERE id = ANY(${ids}::text[])`.execute(db)
    const ndjson = Buffer.from(features.map((f) => JSON.stringify(f)).join('\n'))
    const result = await importScenes(db, ndjson, { format: 'stac' })
    expect(result.rejected).toEqual([])
    expect(result).toMatchObject({ accepted: 3, added: 3, written: 3 })
    const after =
      await sql`SELECT id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
      off_nadir_deg, sun_elevation_deg, file_name, data_status, ST_AsText(footprint) AS wkt, area_km2 FROM scene WHERE id = ANY(${ids}::text[]) ORDER BY id`.execute(
        db,
      )
    expect(after.rows).toEqual(before.rows)
  })
})
