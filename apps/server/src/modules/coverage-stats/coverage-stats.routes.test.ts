import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type CoverageStatistics, classesCounted, LANGUAGE_HEADER } from '@rs/shared'
import type { Polygon } from 'geojson'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tilted } from '../../../test-support/aoi.fixtures'
import { buildScene } from '../../../test-support/factories'
import { type Coverage, createCoverage } from '../../capabilities/coverage'
import { createTaskPool, type TaskPool } from '../../lib/workers/pool'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'

let ctx: TestContext
let pool: TaskPool
let coverage: Coverage

// May 2026 (Beijing), 2 m: tilted strips over Beijing's and Hebei's counties, partly overlapping
const MAY: Array<{ id: string; footprint: Polygon; cloud: number; resolution: number; satellite: string }> = [
  { id: 'CS_A', footprint: tilted(116.3, 39.9, 0.25, 0.18, 12), cloud: 5, resolution: 2, satellite: 'GF1' },
  { id: 'CS_B', footprint: tilted(116.55, 40.05, 0.2, 0.3, -20), cloud: 25, resolution: 2, satellite: 'GF6' },
  { id: 'CS_C', footprint: tilted(116.1, 39.7, 0.15, 0.12, 33), cloud: 8, resolution: 0.8, satellite: 'GF2' },
  { id: 'CS_D', footprint: tilted(116.7, 39.6, 0.3, 0.1, 5), cloud: 50, resolution: 2, satellite: 'GF1' },
]
// counties the strips cut (Beijing's districts, Hebei's 固安/涿州), and one none reach (Shanghai 黄浦)
const COUNTIES = ['110105', '110108', '110106', '110114', '110115', '110112', '131022', '130681', '310101']

function oracle(counties: Array<{ code: string; boundary: unknown }>, footprints: Polygon[]) {
  const script = fileURLToPath(new URL('../../capabilities/coverage/check.py', import.meta.url))
  const res = spawnSync('/usr/bin/python3', [script], {
    input: JSON.stringify({ counties, footprints }),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
  if (res.status !== 0) throw new Error(res.stderr)
  return JSON.parse(res.stdout) as Record<string, { percent: number; times: number }>
}

async function boundaries(codes: string[]) {
  const { rows } = await sql<{ code: string; boundary: string }>`
    SELECT code, ST_AsGeoJSON(geom) AS boundary FROM region WHERE code = ANY (${codes}::text[])`.execute(ctx.database.db)
  return rows.map((r) => ({ code: r.code, boundary: JSON.parse(r.boundary) }))
}

const stats = (query: string) => getData(ctx, `/api/coverage/statistics?${query}`) as Promise<CoverageStatistics>

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  for (const s of MAY)
    await buildScene(db, {
      id: s.id,
      footprint: s.footprint,
      cloudPercent: s.cloud,
      resolutionM: s.resolution,
      satellite: s.satellite,
      acquiredAt: '2026-05-10T03:00:00Z',
    })
  // June: one 16 m scene over all of Beijing; an unpublished 2 m scene that must not count
  await buildScene(db, { id: 'CS_WIDE', bbox: [115.3, 39.3, 117.6, 41.1], resolutionM: 16, acquiredAt: '2026-06-05T03:00:00Z' })
  await buildScene(db, { id: 'CS_OFF', bbox: [115, 39, 118, 41], resolutionM: 2, dataStatus: '3', acquiredAt: '2026-05-11T03:00:00Z' })
  // 2026-05-31 20:00 UTC is June 1st in Beijing: a June scene
  await buildScene(db, { id: 'CS_EDGE', bbox: [116.2, 39.8, 116.3, 39.9], resolutionM: 2, acquiredAt: '2026-05-31T20:00:00Z' })
  pool = createTaskPool({ maxThreads: 1 })
  coverage = createCoverage({ db, background: pool })
  await coverage.engine.refresh()
}, 120_000)

afterAll(async () => {
  await pool?.close()
  await ctx?.close()
})

describe('coverage statistics', () => {
  it('agrees with shapely + pyproj within 0.5 percentage points, county by county', async () => {
    const expected = oracle(
      await boundaries(COUNTIES),
      MAY.map((s) => s.footprint),
    )
    for (const code of COUNTIES) {
      const city = code.startsWith('11') ? '110000' : code.startsWith('13') ? code.slice(0, 4).concat('00') : '310000'
      const answer = await stats(`period=2026-05&class=m2&region=${city}`)
      const row = answer.rows.find((r) => r.code === code)
      expect(row, code).toBeDefined()
      const want = expected[code] as { percent: number; times: number }
      expect(Math.abs((row?.percent ?? 0) - want.percent), `${code}: ${row?.percent} against ${want.percent}`).toBeLessThanOrEqual(0.5)
      expect(Math.abs((row?.times ?? 0) - want.times)).toBeLessThanOrEqual(0.01 + want.times * 0.005)
    }
    // the strips reach some counties and not others: the check is not of zeros
    expect(Object.values(expected).filter((e) => e.percent > 1 && e.percent < 99).length).toBeGreaterThanOrEqual(4)
    expect(expected['310101']?.percent).toBe(0)
  })

  it('counts a class alone or with the finer ones, under a cloud limit, per Beijing month', async () => {
    const alone = oracle(
      await boundaries(['110108']),
      MAY.filter((s) => s.resolution === 2 && s.cloud <= 20).map((s) => s.footprint),
    )
    const answer = await stats('period=2026-05&class=m2&finer=false&cloud=20&region=110000')
    const row = answer.rows.find((r) => r.code === '110108')
    expect(Math.abs((row?.percent ?? 0) - (alone['110108']?.percent ?? 0))).toBeLessThanOrEqual(0.5)
    // June holds the 16 m scene (all of Beijing) and CS_EDGE, which is June in Beijing time
    const june = await stats('period=2026-06&class=m16&region=110000')
    expect(june.total.percent).toBe(100)
    const juneM2 = await stats('period=2026-06&class=m2&region=110000')
    expect(juneM2.total.percent).toBeGreaterThan(0)
    expect(juneM2.total.percent).toBeLessThan(5)
  })

  it('rolls counties up to cities, provinces and the country, and names counties without a boundary', async () => {
    const answer = await stats('period=2026Q2&class=m2&region=100000&compare=2026Q1')
    expect(answer.region.level).toBe('country')
    expect(answer.rows.length).toBe(34)
    const beijing = answer.rows.find((r) => r.code === '110000')
    expect(beijing?.percent).toBeGreaterThan(0)
    expect(beijing?.compare?.percent).toBe(0)
    // the country's covered km² is the sum of the provinces'
    const sum = answer.rows.reduce((a, r) => a + r.coveredKm2, 0)
    expect(Math.abs(sum - answer.national.coveredKm2)).toBeLessThan(1)
    expect(answer.national.missingCounties).toBe(answer.missing.length)
    expect(answer.missing.length).toBeGreaterThan(0)
    expect(answer.cellsPerCounty).toBeGreaterThan(1000)
    // every county under a region at once (the whole country's for an export), with the same figures as its drill-down
    const counties = await stats('period=2026Q2&class=m2&region=110000&level=county')
    const children = await stats('period=2026Q2&class=m2&region=110000')
    expect(counties.rows.map((r) => r.code).sort()).toEqual(children.rows.map((r) => r.code).sort())
    expect(counties.rows.every((r) => r.level === 'county')).toBe(true)
    const everywhere = await stats('period=2026Q2&class=m2&level=county')
    expect(everywhere.rows.length).toBe(everywhere.national.missingCounties === 0 ? 2851 : 2851 - everywhere.missing.length)
  })

  it('answers chosen satellites on request with the same figures the rollup gives for all of them', async () => {
    const all = await stats('period=2026-05&class=m2&region=110000')
    const chosen = await stats('period=2026-05&class=m2&region=110000&satellites=GF1,GF2,GF6')
    for (const row of all.rows) expect(chosen.rows.find((r) => r.code === row.code)?.percent).toBeCloseTo(row.percent, 6)
    const gf1 = await stats('period=2026-05&class=m2&region=110000&satellites=GF1')
    expect(gf1.total.coveredKm2).toBeLessThan(all.total.coveredKm2)
    const expected = oracle(
      await boundaries(['110105']),
      MAY.filter((s) => s.satellite === 'GF1').map((s) => s.footprint),
    )
    expect(Math.abs((gf1.rows.find((r) => r.code === '110105')?.percent ?? 0) - (expected['110105']?.percent ?? 0))).toBeLessThanOrEqual(
      0.5,
    )
  })

  it('names the regions of its rows in English for an English caller, from the same kept answer', async () => {
    const query = 'period=2026Q2&class=m2&region=110000'
    const chinese = await stats(query)
    const english = (await getData(ctx, `/api/coverage/statistics?${query}`, { [LANGUAGE_HEADER]: 'en' })) as CoverageStatistics
    expect(english.region.name).toBe('Beijing')
    expect(english.rows.find((r) => r.code === '110108')?.name).toBe('Haidian District')
    expect(english.total.name).toBe('Beijing')
    expect(english.national.name).toBe('China')
    // the figures are the kept answer's; only the names differ, and Chinese stays Chinese
    expect(english.rows.map((r) => r.percent)).toEqual(chinese.rows.map((r) => r.percent))
    expect((await stats(query)).rows.find((r) => r.code === '110108')?.name).toBe('海淀区')
    const gaps = await getData(ctx, '/api/coverage/gaps?period=2026-05&class=m2&region=110108', { [LANGUAGE_HEADER]: 'en' })
    expect(gaps.region).toEqual({ code: '110108', name: 'Haidian District' })
  })

  it('draws the gaps of one region: covered and gap areas make up the county', async () => {
    const gaps = (await getData(ctx, '/api/coverage/gaps?period=2026-05&class=m2&region=110108')) as {
      percent: number
      gaps: { type: string; coordinates: unknown[] } | null
    }
    expect(gaps.gaps?.type).toBe('MultiPolygon')
    const { rows } = await sql<{ gap: number; whole: number }>`
      SELECT ST_Area(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(gaps.gaps)}), 4326)::geography) / 1e6 AS gap,
        (SELECT area_km2 FROM region WHERE code = '110108') AS whole`.execute(ctx.database.db)
    const gapShare = (100 * Number(rows[0]?.gap)) / Number(rows[0]?.whole)
    expect(Math.abs(gapShare + gaps.percent - 100)).toBeLessThan(1.5)
  })

  it('follows deletions and changes of scenes (the months they touched are counted again)', async () => {
    const before = await stats('period=2026-05&class=m2&region=110000')
    await sql`DELETE FROM scene WHERE id = 'CS_A'`.execute(ctx.database.db)
    expect(await coverage.engine.pending()).toBeGreaterThan(0)
    await coverage.engine.refresh()
    const after = await stats('period=2026-05&class=m2&region=110000')
    expect(after.total.coveredKm2).toBeLessThan(before.total.coveredKm2)
    const expected = oracle(
      await boundaries(['110108']),
      MAY.filter((s) => s.id !== 'CS_A').map((s) => s.footprint),
    )
    expect(Math.abs((after.rows.find((r) => r.code === '110108')?.percent ?? 0) - (expected['110108']?.percent ?? 0))).toBeLessThanOrEqual(
      0.5,
    )
    // unpublishing a scene takes it out too
    await sql`UPDATE scene SET data_status = '3' WHERE id = 'CS_B'`.execute(ctx.database.db)
    await coverage.engine.refresh()
    const unpublished = await stats('period=2026-05&class=m2&region=110000')
    expect(unpublished.total.coveredKm2).toBeLessThan(after.total.coveredKm2)
    expect(classesCounted('m2', true).map((c) => c.key)).toEqual(['sub1', 'm2'])
    // the quarter and the year, derived again from their months, equal a count of everything from scratch
    const derived = await Promise.all(['2026Q2', '2026'].map((p) => stats(`period=${p}&class=m2&region=110000`)))
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM coverage_stale_period`.execute(ctx.database.db)).rows[0]?.n).toBe(0)
    await sql`UPDATE coverage_state SET grid_version = NULL`.execute(ctx.database.db)
    await coverage.engine.refresh()
    const fresh = await Promise.all(['2026Q2', '2026'].map((p) => stats(`period=${p}&class=m2&region=110000`)))
    expect(fresh.map((f) => f.rows)).toEqual(derived.map((d) => d.rows))
    // counted in bulk (months painted, quarters and years derived at the end): the same figures
    await sql`UPDATE coverage_state SET grid_version = NULL`.execute(ctx.database.db)
    await createCoverage({ db: ctx.database.db, background: pool, bulkQueue: 1 }).engine.refresh()
    const bulk = await Promise.all(['2026-05', '2026Q2', '2026'].map((p) => stats(`period=${p}&class=m2&region=110000`)))
    expect(bulk.slice(1).map((f) => f.rows)).toEqual(derived.map((d) => d.rows))
    expect(bulk[0]?.rows).toEqual(unpublished.rows)
    expect(derived[0]?.total.coveredKm2).toBeGreaterThan(0)
  })

  it('counts in one process at a time on PostgreSQL: two refreshing at once paint each chunk once', async () => {
    // two processes' engines (the import command's and a portal's), each with its own pool, counted
    const painted: string[] = []
    const counting = (name: string): TaskPool => ({
      run: (module, fn, input, budget) => {
        if (fn === 'paintScenes') painted.push(name)
        return pool.run(module, fn, input, budget)
      },
      close: async () => {},
    })
    const engines = ['a', 'b'].map(
      (name) => createCoverage({ db: ctx.database.db, background: counting(name), databaseKind: ctx.database.kind }).engine,
    )
    for (let k = 0; k < 3; k++)
      await buildScene(ctx.database.db, {
        bbox: [116.2 + k * 0.1, 39.8, 116.4 + k * 0.1, 40],
        resolutionM: 2,
        acquiredAt: '2026-07-02T03:00:00Z',
      })
    const reports = await Promise.all(engines.map((e) => e.refresh()))
    expect(await engines[0]?.pending()).toBe(0)
    expect(reports.reduce((n, r) => n + r.scenes, 0)).toBeLessThanOrEqual(3)
    // without the lock both had read and painted the same chunk, and one had thrown its work away
    expect(painted.length).toBeLessThanOrEqual(1)
  })

  it('refuses a bad question in Chinese with a 4xx', async () => {
    for (const [query, status, words] of [
      ['period=2026Q5', 400, '统计时段'],
      ['period=1900', 400, '统计时段'],
      ['class=m3', 400, '分辨率'],
      ['cloud=15', 400, '云量'],
      ['region=999999', 404, '行政区'],
      ['region=abc', 400, '行政区'],
      ['satellites=gf1', 400, '卫星'],
      ['sources=cloud', 400, '数据来源'],
      ['finer=yes', 400, 'true'],
    ] as const) {
      const res = await getJson(ctx, `/api/coverage/statistics?${query}`)
      expect(res.status, query).toBe(status)
      expect(res.body.message, query).toContain(words)
    }
    const country = await getJson(ctx, '/api/coverage/gaps?period=2026-05&region=100000')
    expect(country.status).toBe(400)
    expect(country.body.message).toContain('省、市或县')
  })
})
