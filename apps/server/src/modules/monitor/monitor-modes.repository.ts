import { GRID_BASE_LEVEL, type RegionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import type { RegionInfo, RegionLevel } from './monitor.repository'

/**
 * SQL of the grid, sequence and trend modes over monitor_spot, for every module (the module a
 * parameter). Beside monitor.repository.ts, whose statistics and list it mirrors.
 */

const FILTER_COLUMN: Record<Exclude<RegionLevel, 'country'>, string> = {
  province: 'province_code',
  city: 'city_code',
  county: 'county_code',
}
const GROUP_COLUMN: Record<RegionLevel, string> = {
  country: 'province_code',
  province: 'city_code',
  city: 'county_code',
  county: 'county_code',
}

/** Raw sums of a group of spots: count, square metres, metres. */
export interface RawFigures {
  num: number
  areaM2: number | null
  lengthM: number | null
}

export interface ModeFilter {
  module: string
  /** The caller's area ranges (grid, sequence); absent for the public trend. */
  scope?: RegionScope
  region?: { code: string; level: Exclude<RegionLevel, 'country'> }
  stage?: string
  spotType?: string
}

/** The filter as SQL conditions on the spot table under an alias. */
function conditions(filter: ModeFilter, alias = 's'): RawBuilder<unknown>[] {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  const out: RawBuilder<unknown>[] = [sql`${col('module')} = ${filter.module}`]
  if (filter.scope) out.push(scopeSql(`${alias}.county_code`, filter.scope))
  if (filter.region) out.push(sql`${col(FILTER_COLUMN[filter.region.level])} = ${filter.region.code}`)
  if (filter.stage) out.push(sql`${col('stage')} = ${filter.stage}`)
  if (filter.spotType) out.push(sql`${col('spot_type')} = ${filter.spotType}`)
  return out
}

const figures = (r: { num: number; area_m2: number | null; length_m: number | null }): RawFigures => ({
  num: Number(r.num),
  areaM2: r.area_m2 === null ? null : Number(r.area_m2),
  lengthM: r.length_m === null ? null : Number(r.length_m),
})

export function createMonitorModesRepository(db: Kysely<Database>) {
  return {
    /**
     * Spots of one batch counted per XYZ tile at a level: the level-14 tile each spot stores
     * (generated columns of its point on surface, migration 20261129210000) shifted to the level,
     * grouped; the densest first, at most `limit` rows. Read from monitor_spot_grid_idx alone.
     */
    async grid(filter: ModeFilter & { batch: string; level: number; limit: number }) {
      const where = sql.join([...conditions(filter), sql`s.batch = ${filter.batch}`], sql` AND `)
      const shift = GRID_BASE_LEVEL - filter.level
      const { rows } = await sql<{ x: number; y: number; num: number; area_m2: number | null; length_m: number | null }>`
        SELECT s.grid_x14 >> ${shift}::int AS x, s.grid_y14 >> ${shift}::int AS y,
          count(*)::int AS num, sum(s.area_m2) AS area_m2, sum(s.length_m) AS length_m
        FROM monitor_spot s WHERE ${where}
        GROUP BY 1, 2
        ORDER BY num DESC, x, y
        LIMIT ${filter.limit}`.execute(db)
      return rows.map((r) => ({ x: r.x, y: r.y, ...figures(r) }))
    },

    /**
     * Figures of each batch (one GROUP BY over the batches involved) and, against the batch before
     * it, the sites found in both: new = num − persisting, gone = previous num − persisting. The
     * persisting count of a pair joins the two batches on the unique (module, batch, site_id) index.
     */
    async sequence(filter: ModeFilter, pairs: ReadonlyArray<{ batch: string; previous: string | null }>) {
      if (pairs.length === 0) return []
      const involved = [...new Set(pairs.flatMap((p) => (p.previous ? [p.batch, p.previous] : [p.batch])))]
      const where = sql.join([...conditions(filter), sql`s.batch IN (${sql.join(involved)})`], sql` AND `)
      // a site is one place across batches (site_id), so the region and scope of batch a hold for b; only its type may change
      const both = sql.join([...conditions(filter, 'a'), ...(filter.spotType ? [sql`b.spot_type = ${filter.spotType}`] : [])], sql` AND `)
      const values = sql.join(pairs.map((p) => sql`(${p.batch}::text, ${p.previous}::text)`))
      const [{ rows: perBatch }, { rows: kept }] = await Promise.all([
        sql<{ batch: string; num: number; area_m2: number | null; length_m: number | null }>`
          SELECT s.batch, count(*)::int AS num, sum(s.area_m2) AS area_m2, sum(s.length_m) AS length_m
          FROM monitor_spot s WHERE ${where} GROUP BY s.batch`.execute(db),
        sql<{ batch: string; persisting: number }>`
          SELECT pairs.batch, (
            SELECT count(*) FROM monitor_spot a
            JOIN monitor_spot b ON b.module = a.module AND b.batch = pairs.previous AND b.site_id = a.site_id
            WHERE a.batch = pairs.batch AND ${both}
          )::int AS persisting
          FROM (VALUES ${values}) AS pairs (batch, previous)`.execute(db),
      ])
      const byBatch = new Map(perBatch.map((r) => [r.batch, figures(r)]))
      const persisting = new Map(kept.map((r) => [r.batch, Number(r.persisting)]))
      const none: RawFigures = { num: 0, areaM2: null, lengthM: null }
      return pairs.map((p) => ({
        batch: p.batch,
        ...(byBatch.get(p.batch) ?? none),
        persisting: p.previous ? (persisting.get(p.batch) ?? 0) : 0,
        previousNum: p.previous ? (byBatch.get(p.previous)?.num ?? 0) : 0,
      }))
    },

    /** A module's batches, oldest first, without counting their spots (the figures come from the mode's own query). */
    async batchList(module: string) {
      const { rows } = await sql<{ batch: string; filename: string; source: string }>`
        SELECT batch, filename, source FROM monitor_batch WHERE module = ${module} ORDER BY batch`.execute(db)
      return rows.map((r) => ({ batch: r.batch, filename: r.filename, illustrative: r.source === 'generated' }))
    },

    /** Figures per batch and per child of a region (its children's code column), batches in a range. */
    async trend(filter: ModeFilter, region: RegionInfo, batchFrom: string, batchTo: string) {
      const where = sql.join([...conditions(filter), sql`s.batch BETWEEN ${batchFrom} AND ${batchTo}`], sql` AND `)
      const group = sql.ref(`s.${GROUP_COLUMN[region.level]}`)
      const { rows } = await sql<{ batch: string; code: string; num: number; area_m2: number | null; length_m: number | null }>`
        SELECT s.batch, ${group} AS code, count(*)::int AS num, sum(s.area_m2) AS area_m2, sum(s.length_m) AS length_m
        FROM monitor_spot s WHERE ${where}
        GROUP BY 1, 2`.execute(db)
      return rows.map((r) => ({ batch: r.batch, code: r.code, ...figures(r) }))
    },
  }
}
export type MonitorModesRepository = ReturnType<typeof createMonitorModesRepository>
