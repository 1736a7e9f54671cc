import { MONITOR_MODULES, type MonitorBatch, type MonitorStatisticsRow, type RegionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { type ListCountFilter, listConditions, type RegionInfo, type SpotFilter } from './monitor.repository'

/** The column a region's children group by, and the one a region filters by (monitor.repository.ts filters the same way). */
const GROUP_COLUMN = { country: 'province_code', province: 'city_code', city: 'county_code', county: 'county_code' } as const
const FILTER_COLUMN = { province: 'province_code', city: 'city_code', county: 'county_code' } as const

const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits)

/**
 * The statistics of the monitoring engine from a rollup (migration 20261129360000): the same
 * answer as the direct DISTINCT ON statistics (statistics-rollup.test.ts) (a site once in the batch range, with its latest row
 * there; stage and type filters choose among its rows first), read from monitor_stat_rollup. A row
 * of the rollup is the latest of its site in [from, to] when its batch lies in the range and the
 * site's next row (of the same stage / type when those are filtered) lies after `to` or is none.
 *
 * A module's rollup is rebuilt (one statement, window functions over the site index) when its
 * spots or batches changed since it was built (monitor_module_version, stamped by statement
 * triggers with the modules of the rows a statement changed: migration 20261204100000), so
 * imports and the demo load need not know about it, and an import into one module leaves the
 * other seven as they are. At 1,000,000 spots a rebuild takes a few
 * seconds once; a statistics request then reads a few thousand rows.
 *
 * The answers (a module's batches, its statistics by filter and region, the list totals) are kept in memory under
 * the module's data version they were read at: the version is read on every request, so a change by any
 * process (an import, the demo load) is seen at once, and an unchanged module answers a repeated
 * question without reading its rollup again (at 1,000,000 spots the batches take 75 ms and a
 * country's statistics over five batches 50 ms of reading 118,000 rollup rows).
 */
export function createStatisticsRollup(db: Kysely<Database>) {
  const answers = new LRUCache<string, object>({ max: 2_000 })
  async function remembered<T extends object>(key: string, read: () => Promise<T>): Promise<T> {
    const kept = answers.get(key)
    if (kept) return kept as T
    const answer = await read()
    answers.set(key, answer)
    return answer
  }

  /** The module's data version now (0 before its first change) and the one its rollup was built at. */
  const versions = (module: string) => sql<{ current: string; built: string | null }>`
    SELECT coalesce((SELECT version FROM monitor_module_version WHERE module = ${module}), 0)::text AS current,
      (SELECT version FROM monitor_stat_rollup_state WHERE module = ${module})::text AS built`

  /** Builds the module's rollup when the spots changed since; answers the data version it stands for. */
  async function ensure(module: string): Promise<string> {
    const { rows } = await versions(module).execute(db)
    const current = rows[0]?.current ?? '0'
    if (rows[0]?.built === current) return current
    return await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(20261131, hashtext(${module}))`.execute(trx)
      const again = await versions(module).execute(trx)
      const now = again.rows[0]?.current ?? '0'
      if (again.rows[0]?.built === now) return now
      await sql`DELETE FROM monitor_stat_rollup WHERE module = ${module}`.execute(trx)
      await sql`
        INSERT INTO monitor_stat_rollup (module, batch, province_code, city_code, county_code, stage, spot_type,
          next_any, next_stage, next_type, next_both, num, area_m2, length_m)
        SELECT module, batch, province_code, city_code, county_code, stage, spot_type, next_any, next_stage, next_type, next_both,
          count(*)::int, sum(area_m2), sum(length_m)
        FROM (
          SELECT module, batch, province_code, city_code, county_code, stage, spot_type, area_m2, length_m,
            lead(batch) OVER (PARTITION BY site_id ORDER BY batch) AS next_any,
            lead(batch) OVER (PARTITION BY site_id, stage ORDER BY batch) AS next_stage,
            lead(batch) OVER (PARTITION BY site_id, spot_type ORDER BY batch) AS next_type,
            lead(batch) OVER (PARTITION BY site_id, stage, spot_type ORDER BY batch) AS next_both
          FROM monitor_spot WHERE module = ${module}
        ) s
        GROUP BY module, batch, province_code, city_code, county_code, stage, spot_type, next_any, next_stage, next_type, next_both`.execute(
        trx,
      )
      await sql`
        INSERT INTO monitor_stat_rollup_state (module, version) VALUES (${module}, ${now}::bigint)
        ON CONFLICT (module) DO UPDATE SET version = EXCLUDED.version`.execute(trx)
      return now
    })
  }

  return {
    /**
     * Builds every module's rollup that its changes left behind, one module after another (3–3.6 s
     * each at 1,000,000 spots on PostgreSQL): done here, after the server starts listening and
     * after an import, the first visitor of a module's statistics does not wait for it. After an
     * import only the module imported into has anything to build.
     */
    async prepare(): Promise<void> {
      for (const module of MONITOR_MODULES) await ensure(module.key)
    },

    /**
     * The same answer as the direct count of statistics-rollup.test.ts (the spots of each batch, counted
     * live there: a scan of every spot of the module, 100 ms at 1M), summed from the rollup.
     */
    async batches(module: string): Promise<MonitorBatch[]> {
      const version = await ensure(module)
      return remembered(`${version}|batches|${module}`, async () => {
        const { rows } = await sql<{ batch: string; filename: string; source: string; n: number }>`
        SELECT b.batch, b.filename, b.source, coalesce((SELECT sum(r.num) FROM monitor_stat_rollup r WHERE r.module = b.module AND r.batch = b.batch), 0)::int AS n
        FROM monitor_batch b WHERE b.module = ${module} ORDER BY b.batch`.execute(db)
        return rows.map((r) => ({ batch: r.batch, filename: r.filename, spotCount: r.n, illustrative: r.source === 'generated' }))
      })
    },

    /** The same answer as the direct DISTINCT ON statistics of statistics-rollup.test.ts. */
    async statistics(filter: SpotFilter, region: RegionInfo): Promise<Array<Omit<MonitorStatisticsRow, 'name'>>> {
      const version = await ensure(filter.module)
      const key = [version, 'statistics', filter.module, filter.batchFrom, filter.batchTo, filter.stage, filter.spotType, region.code]
      return remembered(key.join('|'), async () => {
        const next =
          filter.stage && filter.spotType ? 'next_both' : filter.stage ? 'next_stage' : filter.spotType ? 'next_type' : 'next_any'
        const conditions: RawBuilder<unknown>[] = [
          sql`r.module = ${filter.module}`,
          sql`r.batch BETWEEN ${filter.batchFrom} AND ${filter.batchTo}`,
          sql`(${sql.ref(`r.${next}`)} IS NULL OR ${sql.ref(`r.${next}`)} > ${filter.batchTo})`,
        ]
        if (region.level !== 'country') conditions.push(sql`${sql.ref(`r.${FILTER_COLUMN[region.level]}`)} = ${region.code}`)
        if (filter.stage) conditions.push(sql`r.stage = ${filter.stage}`)
        if (filter.spotType) conditions.push(sql`r.spot_type = ${filter.spotType}`)
        const { rows } = await sql<{ code: string; num: number; area_m2: number | null; length_m: number | null }>`
        SELECT ${sql.ref(`r.${GROUP_COLUMN[region.level]}`)} AS code, sum(r.num)::int AS num, sum(r.area_m2) AS area_m2, sum(r.length_m) AS length_m
        FROM monitor_stat_rollup r WHERE ${sql.join(conditions, sql` AND `)}
        GROUP BY 1`.execute(db)
        return rows.map((r) => ({
          code: r.code,
          num: r.num,
          areaKm2: round(r.area_m2 === null ? null : r.area_m2 / 1e6, 4),
          lengthKm: round(r.length_m === null ? null : r.length_m / 1e3, 2),
        }))
      })
    },

    /** The spots of stage new of a batch per province inside a scope: what the verification progress counts as to check. */
    async newSpots(module: string, batch: string, scope: RegionScope): Promise<Array<{ code: string; num: number }>> {
      const version = await ensure(module)
      return remembered(`${version}|newSpots|${module}|${batch}|${JSON.stringify(scope)}`, async () => {
        const { rows } = await sql<{ code: string; num: number }>`
          SELECT r.province_code AS code, sum(r.num)::int AS num FROM monitor_stat_rollup r
          WHERE r.module = ${module} AND r.batch = ${batch} AND r.stage = 'new' AND ${scopeSql('r.county_code', scope)}
          GROUP BY r.province_code`.execute(db)
        return rows
      })
    },

    /**
     * The same answer as the direct count(*) of statistics-rollup.test.ts (the detail list's count(*), up to every
     * spot of a module), summed from the rollup: each spot is counted in exactly one rollup row,
     * and every filter of the list (module, scope and region on the codes, stage, type, batch, and
     * the batch's file name through monitor_batch) is a column of that row, so the sum is the count.
     */
    async listTotal(filter: ListCountFilter): Promise<number> {
      const version = await ensure(filter.module)
      const key = `${version}|listTotal|${JSON.stringify(filter)}`
      const { n } = await remembered(key, async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT coalesce(sum(r.num), 0)::int AS n FROM monitor_stat_rollup r
          JOIN monitor_batch b ON b.module = r.module AND b.batch = r.batch
          WHERE ${listConditions(filter, 'r')}`.execute(db)
        return { n: rows[0]?.n ?? 0 }
      })
      return n
    },
  }
}

export type StatisticsRollup = ReturnType<typeof createStatisticsRollup>
