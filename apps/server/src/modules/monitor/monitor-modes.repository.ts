import { MERCATOR_MAX_LAT, type RegionScope } from '@rs/shared'
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

function conditions(filter: ModeFilter): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [sql`s.module = ${filter.module}`]
  if (filter.scope) out.push(scopeSql('s.county_code', filter.scope))
  if (filter.region) out.push(sql`${sql.ref(`s.${FILTER_COLUMN[filter.region.level]}`)} = ${filter.region.code}`)
  if (filter.stage) out.push(sql`s.stage = ${filter.stage}`)
  if (filter.spotType) out.push(sql`s.spot_type = ${filter.spotType}`)
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
     * Spots of one batch counted per XYZ tile at a level: the tile of the spot's point on surface
     * (the formula of tileOf in packages/shared domain/monitor/grid.ts), computed in the query and
     * grouped by; the densest first, at most `limit` rows.
     */
    async grid(filter: ModeFilter & { batch: string; level: number; limit: number }) {
      const where = sql.join([...conditions(filter), sql`s.batch = ${filter.batch}`], sql` AND `)
      const n = 2 ** filter.level
      const { rows } = await sql<{ x: number; y: number; num: number; area_m2: number | null; length_m: number | null }>`
        SELECT t.x, t.y, count(*)::int AS num, sum(t.area_m2) AS area_m2, sum(t.length_m) AS length_m
        FROM (
          SELECT
            least(${n - 1}, greatest(0, floor((ST_X(p.pt) + 180) / 360 * ${n})))::int AS x,
            least(${n - 1}, greatest(0, floor((1 - ln(tan(radians(p.lat)) + 1 / cos(radians(p.lat))) / pi()) / 2 * ${n})))::int AS y,
            p.area_m2, p.length_m
          FROM (
            SELECT q.pt, least(${MERCATOR_MAX_LAT}::float8, greatest(${-MERCATOR_MAX_LAT}::float8, ST_Y(q.pt))) AS lat, q.area_m2, q.length_m
            FROM (SELECT ST_PointOnSurface(s.geom) AS pt, s.area_m2, s.length_m FROM monitor_spot s WHERE ${where}) AS q
          ) AS p
        ) AS t
        GROUP BY t.x, t.y
        ORDER BY num DESC, t.x, t.y
        LIMIT ${filter.limit}`.execute(db)
      return rows.map((r) => ({ x: r.x, y: r.y, ...figures(r) }))
    },

    /**
     * Figures of each batch and, against the batch before it, the sites found in both: new =
     * num − persisting, gone = previous num − persisting. One statement; the filtered spots of
     * the batches involved read once (a CTE referenced several times is materialised).
     */
    async sequence(filter: ModeFilter, pairs: ReadonlyArray<{ batch: string; previous: string | null }>) {
      if (pairs.length === 0) return []
      const involved = [...new Set(pairs.flatMap((p) => (p.previous ? [p.batch, p.previous] : [p.batch])))]
      const where = sql.join([...conditions(filter), sql`s.batch IN (${sql.join(involved)})`], sql` AND `)
      const values = sql.join(pairs.map((p) => sql`(${p.batch}::text, ${p.previous}::text)`))
      const { rows } = await sql<{
        batch: string
        num: number
        area_m2: number | null
        length_m: number | null
        persisting: number
        previous_num: number
      }>`
        WITH f AS (SELECT s.batch, s.site_id, s.area_m2, s.length_m FROM monitor_spot s WHERE ${where}),
        pairs (batch, previous) AS (VALUES ${values})
        SELECT pairs.batch,
          (SELECT count(*) FROM f WHERE f.batch = pairs.batch)::int AS num,
          (SELECT sum(f.area_m2) FROM f WHERE f.batch = pairs.batch) AS area_m2,
          (SELECT sum(f.length_m) FROM f WHERE f.batch = pairs.batch) AS length_m,
          (SELECT count(*) FROM f a JOIN f b ON b.site_id = a.site_id AND b.batch = pairs.previous WHERE a.batch = pairs.batch)::int AS persisting,
          (SELECT count(*) FROM f WHERE f.batch = pairs.previous)::int AS previous_num
        FROM pairs`.execute(db)
      return rows.map((r) => ({ batch: r.batch, ...figures(r), persisting: Number(r.persisting), previousNum: Number(r.previous_num) }))
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
