import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot } from '../../../test-support/factories'
import { loginMonitorCallers, type MonitorCallerHeaders } from '../../test/monitor-callers'
import { createTestContext, getData, getJson, type TestContext } from '../../test/test-context'

let ctx: TestContext
let tokens: MonitorCallerHeaders
/** Every pvland spot built: batch, county, province and the centre of its square. */
const spots: Array<{ batch: string; county: string; province: string; lon: number; lat: number; siteId: string }> = []

/** The XYZ tile of a position, written out here independently of the server's SQL and the shared tileOf. */
function tile(lon: number, lat: number, z: number): string {
  const n = 2 ** z
  const x = Math.floor(((lon + 180) / 360) * n)
  const latRad = (lat * Math.PI) / 180
  const y = Math.floor(((1 - Math.asinh(Math.tan(latRad)) / Math.PI) / 2) * n)
  return `${z}/${x}/${y}`
}
function expectedCells(filter: (s: (typeof spots)[number]) => boolean, z: number): Record<string, number> {
  const out: Record<string, number> = {}
  for (const s of spots.filter(filter)) out[tile(s.lon, s.lat, z)] = (out[tile(s.lon, s.lat, z)] ?? 0) + 1
  return out
}
const cellsOf = (data: { cells: Array<{ key: string; num: number }> }) => Object.fromEntries(data.cells.map((c) => [c.key, c.num]))

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  const centre = async (code: string) => {
    const { rows } = await sql<{
      lon: number
      lat: number
    }>`SELECT ST_X(center) AS lon, ST_Y(center) AS lat FROM region WHERE code = ${code}`.execute(db)
    return rows[0]
  }
  const at = async (batch: string, county: string, siteId: string, offset: [number, number], spotType = 'built') => {
    await buildSpot(db, { batch, county, siteId, offset, spotType, stage: spots.some((s) => s.siteId === siteId) ? 'persist' : 'new' })
    const c = await centre(county)
    spots.push({ batch, county, province: `${county.slice(0, 2)}0000`, lon: c.lon + offset[0], lat: c.lat + offset[1], siteId })
  }
  // six pvland batches: three 2024 ones with one Beijing site, then Hohhot (呼和浩特 新城区), Baotou and Beijing sites
  for (const batch of ['20240331', '20240630', '20240930']) await at(batch, '110101', 'bj', [0, 0])
  await at('20250630', '150102', 'h1', [0, 0])
  await at('20250630', '150102', 'h2', [0.0003, 0.0002], 'construction')
  await at('20250630', '150102', 'h3', [0.06, 0])
  await at('20250630', '150102', 'h4', [0, 0.08])
  await at('20250630', '150203', 'b1', [0, 0])
  await at('20250630', '110101', 'bj', [0, 0])
  await at('20250930', '150102', 'h1', [0, 0])
  await at('20250930', '150102', 'h3', [0.06, 0])
  await at('20250930', '150102', 'h5', [0.12, 0.03])
  await at('20250930', '110101', 'bj', [0, 0])
  await at('20251230', '150102', 'h1', [0, 0])
  await at('20251230', '150102', 'h5', [0.12, 0.03])
  // windmill (density variant, level 14) and steel plants (statistics and detail only)
  await buildSpot(db, { module: 'windmill', county: '150102', batch: '20250630' })
  await buildSpot(db, { module: 'windmill', county: '150102', batch: '20250630', offset: [0.03, 0] })
  await buildSpot(db, { module: 'steelplant', county: '150102', spotType: '1' })
  tokens = await loginMonitorCallers(ctx)
})

afterAll(async () => {
  await ctx?.close()
})

const REFUSALS = [
  [undefined, 401, '请先登录'],
  ['noCode', 403, '无查看信息权限，请联系管理员'],
  ['noRange', 403, '未关联用户权限范围，请联系管理员'],
] as const

describe('GET /api/monitor/grid', () => {
  it('counts a batch per level-13 tile as an independent count of the spots’ tiles, limited to a province user’s province', async () => {
    const data = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630', tokens.province)
    expect(data).toMatchObject({ level: 13, batch: '20250630', region: null, maxCells: 20000 })
    const expected = expectedCells((s) => s.batch === '20250630' && s.province === '150000', 13)
    expect(cellsOf(data)).toEqual(expected)
    // h1 and h2 share a tile: four cells for five spots, the densest first
    expect(data.cells).toHaveLength(4)
    expect(data.cells[0].num).toBe(2)
    expect(data.total.num).toBe(5)
    expect(data.cells.every((c: { key: string }) => c.key.startsWith('13/'))).toBe(true)
    const c = data.cells[0]
    expect(c.bbox[0]).toBeLessThan(c.bbox[2])
    expect(c.bbox[1]).toBeLessThan(c.bbox[3])
    // areas summed: each square is about 0.2 km²
    expect(c.areaKm2).toBeGreaterThan(0.2)
    expect(c.lengthKm).toBeNull()
  })

  it('gives the ministry the whole country, the latest batch by default, and filters by region, stage and type', async () => {
    const all = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630', tokens.ministry)
    expect(cellsOf(all)).toEqual(expectedCells((s) => s.batch === '20250630', 13))
    const latest = await getData(ctx, '/api/monitor/grid?module=pvland', tokens.ministry)
    expect(latest.batch).toBe('20251230')
    expect(cellsOf(latest)).toEqual(expectedCells((s) => s.batch === '20251230', 13))
    const county = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630&region=150203', tokens.ministry)
    expect(county.total.num).toBe(1)
    const type = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630&tblx=construction', tokens.ministry)
    expect(type.total.num).toBe(1)
    const stage = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250930&stage=new', tokens.ministry)
    expect(stage.total.num).toBe(1)
    const z14 = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630&level=14', tokens.ministry)
    expect(cellsOf(z14)).toEqual(expectedCells((s) => s.batch === '20250630', 14))
  })

  it('uses level 14 for the density variant (windmill)', async () => {
    const data = await getData(ctx, '/api/monitor/grid?module=windmill', tokens.province)
    expect(data.level).toBe(14)
    expect(data.total.num).toBe(2)
    expect(data.cells).toHaveLength(2)
  })

  it('limits a city user to the city, narrowing a parent region, and refuses a region outside the range', async () => {
    const city = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630&region=150000', tokens.city)
    expect(city.total.num).toBe(1)
    const outside = await getJson(ctx, '/api/monitor/grid?module=pvland&region=110000', tokens.province)
    expect([outside.status, outside.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
  })

  it('refuses an anonymous visitor, a user without the code and one without an area range with the SPEC messages', async () => {
    for (const [who, status, message] of REFUSALS) {
      const res = await getJson(ctx, '/api/monitor/grid?module=pvland', who ? tokens[who as 'noCode'] : {})
      expect([res.status, res.body.message], String(who)).toEqual([status, message])
    }
  })

  it('answers bad input with a Chinese 400', async () => {
    for (const [query, message] of [
      ['module=pvland&level=12', '格网级别只能是 13 或 14'],
      ['module=pvland&level=15', '格网级别只能是 13 或 14'],
      ['module=pvland&level=abc', '格网级别只能是 13 或 14'],
      ['module=pvland&batch=20200101', '未知的批次'],
      ['module=pvland&batch=2025', '批次应为 YYYYMMDD 形式的日期'],
      ['module=pvland&tblx=coal', '未知的图斑类型'],
      ['module=pvland&stage=old', '未知的阶段'],
      ['module=pvland&region=159999', '未知的行政区'],
      ['module=nuclear', '未知的监测模块'],
      ['module=steelplant', '该监测模块不提供此模式'],
    ]) {
      const { status, body } = await getJson(ctx, `/api/monitor/grid?${query}`, tokens.ministry)
      expect(status, query).toBe(400)
      expect(body.message, query).toContain(message)
    }
  })
})

describe('GET /api/monitor/sequence', () => {
  it('shows the last five batches with what changed, limited to the province', async () => {
    const data = await getData(ctx, '/api/monitor/sequence?module=pvland', tokens.province)
    expect(data.batches.map((b: { batch: string }) => b.batch)).toEqual(['20240630', '20240930', '20250630', '20250930', '20251230'])
    const by = Object.fromEntries(data.batches.map((b: { batch: string }) => [b.batch, b]))
    expect(by['20240630']).toMatchObject({ previous: '20240331', num: 0, newSites: 0, goneSites: 0, persisting: 0 })
    expect(by['20250630']).toMatchObject({
      previous: '20240930',
      num: 5,
      newSites: 5,
      goneSites: 0,
      persisting: 0,
      filename: 'pvland_20250630.zip',
    })
    // h1, h3 stay; h5 is new; h2, h4 and Baotou's b1 are gone
    expect(by['20250930']).toMatchObject({ num: 3, newSites: 1, goneSites: 3, persisting: 2 })
    expect(by['20251230']).toMatchObject({ num: 2, newSites: 0, goneSites: 1, persisting: 2 })
    // five squares of about 0.15 km² each, the sum the grid of the same batch gives
    const grid = await getData(ctx, '/api/monitor/grid?module=pvland&batch=20250630', tokens.province)
    expect(by['20250630'].areaKm2).toBeGreaterThan(0.5)
    expect(by['20250630'].areaKm2).toBeCloseTo(grid.total.areaKm2, 3)
  })

  it('counts the whole country for the ministry, ends at a chosen batch, and matches an independent diff', async () => {
    const data = await getData(ctx, '/api/monitor/sequence?module=pvland&batch=20250930', tokens.ministry)
    expect(data.batches.map((b: { batch: string }) => b.batch)).toEqual(['20240331', '20240630', '20240930', '20250630', '20250930'])
    const sites = (batch: string) => new Set(spots.filter((s) => s.batch === batch).map((s) => s.siteId))
    const batches = ['20240331', '20240630', '20240930', '20250630', '20250930']
    batches.forEach((batch, i) => {
      const got = data.batches[i]
      expect(got.num).toBe(sites(batch).size)
      if (i === 0) {
        expect(got).toMatchObject({ previous: null, newSites: null, goneSites: null, persisting: null })
        return
      }
      const now = sites(batch)
      const before = sites(batches[i - 1])
      expect([got.newSites, got.goneSites, got.persisting], batch).toEqual([
        [...now].filter((s) => !before.has(s)).length,
        [...before].filter((s) => !now.has(s)).length,
        [...now].filter((s) => before.has(s)).length,
      ])
    })
    const typed = await getData(ctx, '/api/monitor/sequence?module=pvland&batch=20250630&tblx=construction', tokens.ministry)
    expect(typed.batches.at(-1)).toMatchObject({ num: 1, newSites: 1 })
  })

  it('refuses without login, code or range, outside the range, and bad input', async () => {
    for (const [who, status, message] of REFUSALS) {
      const res = await getJson(ctx, '/api/monitor/sequence?module=pvland', who ? tokens[who as 'noCode'] : {})
      expect([res.status, res.body.message], String(who)).toEqual([status, message])
    }
    const outside = await getJson(ctx, '/api/monitor/sequence?module=pvland&region=110101', tokens.province)
    expect([outside.status, outside.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    for (const [query, message] of [
      ['module=pvland&batch=20200101', '未知的批次'],
      ['module=pvland&tblx=coal', '未知的图斑类型'],
      ['module=surfaceDeform', '该监测模块不提供此模式'],
    ]) {
      const { status, body } = await getJson(ctx, `/api/monitor/sequence?${query}`, tokens.ministry)
      expect([status, body.message], query).toEqual([400, message])
    }
  })
})

describe('GET /api/monitor/trend', () => {
  it('gives a user with the module’s code each batch’s figures, equal to the statistics of that batch, for any region', async () => {
    // the city user's range is 150200: trend repeats public statistics, so it is not limited to the range
    for (const region of ['100000', '150000', '150100']) {
      const trend = await getData(ctx, `/api/monitor/trend?module=pvland&region=${region}`, tokens.city)
      expect(trend.batches).toEqual(['20240331', '20240630', '20240930', '20250630', '20250930', '20251230'])
      for (const [i, batch] of trend.batches.entries()) {
        const stats = await getData(ctx, `/api/monitor/statistics?module=pvland&region=${region}&batchFrom=${batch}&batchTo=${batch}`)
        expect(trend.rows.map((r: { code: string }) => r.code)).toEqual(stats.rows.map((r: { code: string }) => r.code))
        for (const [j, row] of stats.rows.entries()) {
          const got = trend.rows[j].values[i]
          expect([got.num || null, got.areaKm2], `${region} ${batch} ${row.code}`).toEqual([row.num, row.areaKm2])
        }
        expect(trend.total[i].num || null, `${region} ${batch}`).toEqual(stats.total.num)
        expect(trend.total[i].areaKm2).toEqual(stats.total.areaKm2)
      }
    }
  })

  it('filters by batch range and type, and answers bad input and modules without trend with a Chinese 400', async () => {
    const part = await getData(
      ctx,
      '/api/monitor/trend?module=pvland&batchFrom=20250630&batchTo=20250930&tblx=construction',
      tokens.ministry,
    )
    expect(part.batches).toEqual(['20250630', '20250930'])
    expect(part.total.map((t: { num: number }) => t.num)).toEqual([1, 0])
    for (const [query, message] of [
      ['module=pvland&batchFrom=20251230&batchTo=20250630', '起始批次不能晚于结束批次'],
      ['module=pvland&batchTo=20200101', '未知的批次'],
      ['module=pvland&region=999999', '未知的行政区'],
      ['module=steelplant', '该监测模块不提供此模式'],
    ]) {
      const { status, body } = await getJson(ctx, `/api/monitor/trend?${query}`, tokens.ministry)
      expect([status, body.message], query).toEqual([400, message])
    }
  })

  it('refuses a visitor (SPEC §6: only statistics) and a user without the module’s code', async () => {
    const anonymous = await getJson(ctx, '/api/monitor/trend?module=pvland')
    expect([anonymous.status, anonymous.body.message]).toEqual([401, '请先登录'])
    const noCode = await getJson(ctx, '/api/monitor/trend?module=pvland', tokens.noCode)
    expect([noCode.status, noCode.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    // a range is not needed: the user without an active range still gets the figures
    expect((await getJson(ctx, '/api/monitor/trend?module=pvland', tokens.noRange)).status).toBe(200)
  })
})
