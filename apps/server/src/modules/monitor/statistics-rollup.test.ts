import { MONITOR_MODULES, type MonitorBatch, type MonitorStatisticsRow, type RegionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot } from '../../../test-support/factories'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { createTestContext, type TestContext } from '../../test/test-context'
import { type ListCountFilter, listConditions, type RegionInfo, type SpotFilter } from './monitor.repository'
import { createStatisticsRollup } from './statistics-rollup'

const GROUP_COLUMN = { country: 'province_code', province: 'city_code', city: 'county_code', county: 'county_code' } as const
const FILTER_COLUMN = { province: 'province_code', city: 'city_code', county: 'county_code' } as const
const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits)

/**
 * The oracle: the statistics, batch counts and list totals read directly from monitor_spot (DISTINCT
 * ON the site, count(*)), as the repository answered before the rollup; production reads the rollup.
 */
function createDirectSql(db: Kysely<Database>) {
  return {
    async batches(module: string): Promise<MonitorBatch[]> {
      const { rows } = await sql<{ batch: string; filename: string; source: string; n: number }>`
        SELECT b.batch, b.filename, b.source, (SELECT count(*) FROM monitor_spot s WHERE s.module = b.module AND s.batch = b.batch)::int AS n
        FROM monitor_batch b WHERE b.module = ${module} ORDER BY b.batch`.execute(db)
      return rows.map((r) => ({ batch: r.batch, filename: r.filename, spotCount: r.n, illustrative: r.source === 'generated' }))
    },

    /**
     * Count, area and length of the spots under a region grouped by its children's column; a site
     * counts once in the batch range, with its latest row in it (its latest shape and type).
     */
    async statistics(filter: SpotFilter, region: RegionInfo): Promise<Array<Omit<MonitorStatisticsRow, 'name'>>> {
      const conditions: RawBuilder<unknown>[] = [
        sql`s.module = ${filter.module}`,
        sql`s.batch BETWEEN ${filter.batchFrom} AND ${filter.batchTo}`,
      ]
      if (region.level !== 'country') conditions.push(sql`${sql.ref(`s.${FILTER_COLUMN[region.level]}`)} = ${region.code}`)
      if (filter.stage) conditions.push(sql`s.stage = ${filter.stage}`)
      if (filter.spotType) conditions.push(sql`s.spot_type = ${filter.spotType}`)
      const group = sql.ref(`latest.${GROUP_COLUMN[region.level]}`)
      const { rows } = await sql<{ code: string; num: number; area_m2: number | null; length_m: number | null }>`
        SELECT ${group} AS code, count(*)::int AS num, sum(latest.area_m2) AS area_m2, sum(latest.length_m) AS length_m
        FROM (
          SELECT DISTINCT ON (s.site_id) s.province_code, s.city_code, s.county_code, s.area_m2, s.length_m
          FROM monitor_spot s WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY s.site_id, s.batch DESC
        ) AS latest
        GROUP BY 1`.execute(db)
      return rows.map((r) => ({
        code: r.code,
        num: r.num,
        areaKm2: round(r.area_m2 === null ? null : r.area_m2 / 1e6, 4),
        lengthKm: round(r.length_m === null ? null : r.length_m / 1e3, 2),
      }))
    },

    /** The detail list's total: the spots inside the caller's scope (scopeSql on the county code) and the filters, counted. */
    async listTotal(filter: ListCountFilter): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM monitor_spot s JOIN monitor_batch b ON b.module = s.module AND b.batch = s.batch
        WHERE ${listConditions(filter)}`.execute(db)
      return rows[0]?.n ?? 0
    },
  }
}

/**
 * The rollup answers exactly as the direct SQL's DISTINCT ON statistics, for every batch range,
 * stage and type filter and region level, and follows changes of the spots.
 */

let ctx: TestContext
let repo: ReturnType<typeof createDirectSql>
let rollup: ReturnType<typeof createStatisticsRollup>
const BATCHES = ['20250331', '20250630', '20250930']
const region = (code: string, level: RegionInfo['level']): RegionInfo => ({ code, name: code, level, parentCode: null })

beforeAll(async () => {
  ctx = await createTestContext()
  const db = ctx.database.db
  repo = createDirectSql(db)
  rollup = createStatisticsRollup(db)
  // sites whose type and stage change between batches, in two provinces, some missing from a batch
  const sites: Array<{ site: string; county: string; rows: Array<[number, string, 'new' | 'persist']> }> = [
    {
      site: 'a',
      county: '150102',
      rows: [
        [0, 'built', 'new'],
        [1, 'built', 'persist'],
        [2, 'expanded', 'persist'],
      ],
    },
    {
      site: 'b',
      county: '150102',
      rows: [
        [1, 'construction', 'new'],
        [2, 'built', 'persist'],
      ],
    },
    {
      site: 'c',
      county: '150203',
      rows: [
        [0, 'construction', 'new'],
        [2, 'construction', 'persist'],
      ],
    },
    { site: 'd', county: '110101', rows: [[0, 'built', 'new']] },
    { site: 'e', county: '110101', rows: [[2, 'expanded', 'new']] },
    {
      site: 'f',
      county: '150203',
      rows: [
        [1, 'built', 'new'],
        [2, 'built', 'persist'],
      ],
    },
  ]
  for (const s of sites)
    for (const [b, spotType, stage] of s.rows) await buildSpot(db, { siteId: s.site, county: s.county, batch: BATCHES[b], spotType, stage })
})

afterAll(async () => {
  await ctx?.close()
})

const sorted = <T extends { code: string }>(rows: T[]) => [...rows].sort((x, y) => x.code.localeCompare(y.code))

/** The modules whose rollup is older than their data (a module never changed stands at version 0). */
async function staleModules(): Promise<string[]> {
  const { rows } = await sql<{ module: string }>`
    SELECT m.module FROM (VALUES ${sql.join(MONITOR_MODULES.map((m) => sql`(${m.key})`))}) AS m(module)
    LEFT JOIN monitor_module_version v USING (module) LEFT JOIN monitor_stat_rollup_state s USING (module)
    WHERE s.version IS DISTINCT FROM coalesce(v.version, 0)
    ORDER BY 1`.execute(ctx.database.db)
  return rows.map((r) => r.module)
}

/** The version each module's rollup was built at. */
async function builtVersions(): Promise<Record<string, string>> {
  const { rows } = await sql<{ module: string; version: string }>`
    SELECT module, version::text AS version FROM monitor_stat_rollup_state`.execute(ctx.database.db)
  return Object.fromEntries(rows.map((r) => [r.module, r.version]))
}

describe('statistics from the rollup', () => {
  it('equals the DISTINCT ON statistics for every range, filter and region level', async () => {
    const regions = [region('100000', 'country'), region('150000', 'province'), region('150100', 'city'), region('110101', 'county')]
    let compared = 0
    for (let from = 0; from < 3; from++)
      for (let to = from; to < 3; to++)
        for (const stage of [undefined, 'new', 'persist'])
          for (const spotType of [undefined, 'built', 'expanded', 'construction'])
            for (const r of regions) {
              const filter = { module: 'pvland', batchFrom: BATCHES[from] as string, batchTo: BATCHES[to] as string, stage, spotType }
              expect(sorted(await rollup.statistics(filter, r)), JSON.stringify({ filter, r })).toEqual(
                sorted(await repo.statistics(filter, r)),
              )
              compared++
            }
    expect(compared).toBe(6 * 3 * 4 * 4)
    expect(await rollup.batches('pvland')).toEqual(await repo.batches('pvland'))
  })

  it('follows a change of the spots (a new row makes the module’s rollup rebuild)', async () => {
    const filter = { module: 'pvland', batchFrom: BATCHES[2] as string, batchTo: BATCHES[2] as string }
    const before = await rollup.statistics(filter, region('100000', 'country'))
    await buildSpot(ctx.database.db, { siteId: 'g', county: '150102', batch: BATCHES[2], spotType: 'built', stage: 'new' })
    const after = await rollup.statistics(filter, region('100000', 'country'))
    const num = (rows: typeof before) => rows.find((r) => r.code === '150000')?.num ?? 0
    expect(num(after)).toBe(num(before) + 1)
    expect(sorted(after)).toEqual(sorted(await repo.statistics(filter, region('100000', 'country'))))
    expect(await rollup.batches('pvland')).toEqual(await repo.batches('pvland'))
  })

  it("prepares every module's rollup ahead of the first request after a change", async () => {
    await buildSpot(ctx.database.db, { siteId: 'h', county: '150102', batch: BATCHES[2], spotType: 'built', stage: 'new' })
    expect(await staleModules()).toContain('pvland')
    await rollup.prepare()
    expect(await staleModules()).toEqual([])
    const filter = { module: 'pvland', batchFrom: BATCHES[2] as string, batchTo: BATCHES[2] as string }
    expect(sorted(await rollup.statistics(filter, region('100000', 'country')))).toEqual(
      sorted(await repo.statistics(filter, region('100000', 'country'))),
    )
  })

  it('follows a change of the batches alone (the answers kept in memory are under the data version)', async () => {
    const named = async () => (await rollup.batches('pvland')).find((b) => b.batch === BATCHES[2])?.filename
    const before = await named()
    await ctx.database.db
      .updateTable('monitor_batch')
      .set({ filename: 'renamed_delivery.zip' })
      .where('batch', '=', BATCHES[2] as string)
      .execute()
    expect(await named()).toBe('renamed_delivery.zip')
    await ctx.database.db
      .updateTable('monitor_batch')
      .set({ filename: before ?? '' })
      .where('batch', '=', BATCHES[2] as string)
      .execute()
    expect(await named()).toBe(before)
    expect(await rollup.batches('pvland')).toEqual(await repo.batches('pvland'))
  })
})

describe('the new spots to check from the rollup', () => {
  it('equals a count of the stage-new spots per province for every batch and scope', async () => {
    const scopes: RegionScope[] = [{ all: true }, { all: false, regionIds: ['150000'] }, { all: false, regionIds: ['150200', '110101'] }]
    for (const scope of scopes)
      for (const batch of BATCHES) {
        const { rows } = await sql<{ code: string; num: number }>`
          SELECT province_code AS code, count(*)::int AS num FROM monitor_spot s
          WHERE module = 'pvland' AND batch = ${batch} AND stage = 'new' AND ${scopeSql('s.county_code', scope)}
          GROUP BY 1`.execute(ctx.database.db)
        expect(sorted(await rollup.newSpots('pvland', batch as string, scope)), JSON.stringify({ scope, batch })).toEqual(sorted(rows))
      }
  })
})

describe('the detail list total from the rollup', () => {
  it('equals count(*) for every scope, region, stage, type, batch and file name', async () => {
    const country: RegionScope = { all: true }
    const scopes: RegionScope[] = [country, { all: false, regionIds: ['150000'] }, { all: false, regionIds: ['150200', '110101'] }]
    const regions = [
      undefined,
      { code: '150000', level: 'province' as const },
      { code: '150100', level: 'city' as const },
      { code: '110101', level: 'county' as const },
    ]
    const files = [undefined, ...(await repo.batches('pvland')).map((b) => b.filename)]
    let compared = 0
    let nonZero = 0
    for (const scope of scopes)
      for (const r of regions)
        for (const stage of [undefined, 'new', 'persist'])
          for (const spotType of [undefined, 'built', 'construction'])
            for (const batch of [undefined, ...BATCHES])
              for (const filename of [undefined, files[1]]) {
                const filter = { module: 'pvland', scope, region: r, stage, spotType, batch, filename }
                const counted = await repo.listTotal(filter)
                expect(await rollup.listTotal(filter), JSON.stringify(filter)).toBe(counted)
                compared++
                if (counted > 0) nonZero++
              }
    expect(compared).toBe(3 * 4 * 3 * 3 * 4 * 2)
    expect(nonZero).toBeGreaterThan(compared / 5)
    // the whole module for a whole-country caller: every spot built in beforeAll (and the test above)
    const all = await ctx.database.db
      .selectFrom('monitor_spot')
      .where('module', '=', 'pvland')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(await rollup.listTotal({ module: 'pvland', scope: country })).toBe(Number(all.n))
    expect(await rollup.listTotal({ module: 'windmill', scope: country })).toBe(0)
  })
})

describe('a data version per module', () => {
  it("a change to one module's spots or batches leaves the other modules' rollups as they were", async () => {
    const db = ctx.database.db
    await rollup.prepare()
    expect(await staleModules()).toEqual([])
    const built = await builtVersions()

    const { id } = await buildSpot(db, { module: 'windmill', siteId: 'w1', county: '150102', batch: BATCHES[1], spotType: 'built' })
    expect(await staleModules()).toEqual(['windmill'])
    await rollup.prepare()
    const after = await builtVersions()
    for (const m of MONITOR_MODULES) if (m.key !== 'windmill') expect(after[m.key], m.key).toBe(built[m.key])
    expect(after.windmill).not.toBe(built.windmill)
    expect(await rollup.listTotal({ module: 'windmill', scope: { all: true } })).toBe(1)

    await db.updateTable('monitor_spot').set({ stage: 'persist' }).where('id', '=', id).execute()
    expect(await staleModules()).toEqual(['windmill'])
    await rollup.prepare()
    await db.deleteFrom('monitor_spot').where('id', '=', id).execute()
    expect(await staleModules()).toEqual(['windmill'])
    expect(await rollup.listTotal({ module: 'windmill', scope: { all: true } })).toBe(0)

    await db
      .updateTable('monitor_batch')
      .set({ filename: 'renamed.zip' })
      .where('module', '=', 'pvland')
      .where('batch', '=', BATCHES[0] as string)
      .execute()
    expect(await staleModules()).toEqual(['pvland'])
    await rollup.prepare()

    // one statement over two modules stamps both; one that changes no row stamps none
    await buildSpot(db, { module: 'windmill', siteId: 'w2', county: '150102', batch: BATCHES[1] })
    await rollup.prepare()
    await sql`UPDATE monitor_spot SET area_m2 = area_m2 WHERE module IN ('pvland', 'windmill')`.execute(db)
    expect(await staleModules()).toEqual(['pvland', 'windmill'])
    await rollup.prepare()
    await sql`DELETE FROM monitor_spot WHERE module = 'road'`.execute(db)
    expect(await staleModules()).toEqual([])
  })

  it('a TRUNCATE of the spots stamps every module', async () => {
    await rollup.prepare()
    await sql`TRUNCATE monitor_spot CASCADE`.execute(ctx.database.db)
    expect(await staleModules()).toEqual(expect.arrayContaining(['pvland', 'windmill']))
    const filter = { module: 'pvland', batchFrom: BATCHES[0] as string, batchTo: BATCHES[2] as string }
    expect(await rollup.statistics(filter, region('100000', 'country'))).toEqual([])
    expect(await rollup.listTotal({ module: 'windmill', scope: { all: true } })).toBe(0)
  })
})
