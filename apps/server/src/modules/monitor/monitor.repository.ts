import type { MonitorSpotDetail, MonitorSpotSummary, RegionScope } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { regionFullName } from '../../lib/region-names'

/** The region levels of monitor_spot's region columns, and the column a region of each level filters by. */
export type RegionLevel = 'country' | 'province' | 'city' | 'county'

const FILTER_COLUMN: Record<Exclude<RegionLevel, 'country'>, string> = {
  province: 'province_code',
  city: 'city_code',
  county: 'county_code',
}

export interface SpotFilter {
  module: string
  batchFrom: string
  batchTo: string
  stage?: string
  spotType?: string
}

/** What narrows the detail list (and its total). */
export interface ListCountFilter {
  module: string
  scope: RegionScope
  region?: { code: string; level: Exclude<RegionLevel, 'country'> }
  stage?: string
  spotType?: string
  batch?: string
  filename?: string
}

export interface ListFilter extends ListCountFilter {
  limit: number
  offset: number
}

/** The list's conditions on monitor_spot `s` joined to its monitor_batch `b` (statistics-rollup.ts applies the same to its rows). */
export function listConditions(filter: ListCountFilter, table = 's'): RawBuilder<unknown> {
  const col = (name: string) => sql.ref(`${table}.${name}`)
  const conditions: RawBuilder<unknown>[] = [sql`${col('module')} = ${filter.module}`, scopeSql(`${table}.county_code`, filter.scope)]
  if (filter.region) conditions.push(sql`${col(FILTER_COLUMN[filter.region.level])} = ${filter.region.code}`)
  if (filter.stage) conditions.push(sql`${col('stage')} = ${filter.stage}`)
  if (filter.spotType) conditions.push(sql`${col('spot_type')} = ${filter.spotType}`)
  if (filter.batch) conditions.push(sql`${col('batch')} = ${filter.batch}`)
  if (filter.filename) conditions.push(sql`b.filename = ${filter.filename}`)
  return sql.join(conditions, sql` AND `)
}

export interface RegionInfo {
  code: string
  name: string
  level: RegionLevel
  parentCode: string | null
}

type SummaryRow = {
  id: number
  site_id: string
  batch: string
  filename: string
  county_code: string
  region_name: string
  spot_type: string
  stage: 'new' | 'persist'
  area_m2: number | null
  length_m: number | null
  lon: number
  lat: number
  geometry: string
  illustrative: boolean
}

const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits)

function toSummary(r: SummaryRow): MonitorSpotSummary {
  return {
    id: r.id,
    siteId: r.site_id,
    batch: r.batch,
    filename: r.filename,
    xzqdm: r.county_code,
    regionName: regionFullName(r.county_code, r.region_name),
    spotType: r.spot_type,
    stage: r.stage,
    areaHa: round(r.area_m2 === null ? null : r.area_m2 / 1e4, 4),
    lengthKm: round(r.length_m === null ? null : r.length_m / 1e3, 4),
    center: [r.lon, r.lat],
    geometry: JSON.parse(r.geometry),
    illustrative: r.illustrative,
  }
}

const SUMMARY_COLUMNS = sql`s.id, s.site_id, s.batch, b.filename, s.county_code, s.spot_type, s.stage, s.area_m2, s.length_m, s.illustrative,
  concat_ws(' ', pr.name, CASE WHEN ci.code <> s.county_code THEN ci.name END, co.name) AS region_name,
  ST_X(ST_PointOnSurface(s.geom)) AS lon, ST_Y(ST_PointOnSurface(s.geom)) AS lat, ST_AsGeoJSON(s.geom, 6) AS geometry`
const SUMMARY_JOINS = sql`JOIN monitor_batch b ON b.module = s.module AND b.batch = s.batch
  LEFT JOIN region pr ON pr.code = s.province_code
  LEFT JOIN region ci ON ci.code = s.city_code
  LEFT JOIN region co ON co.code = s.county_code`

/** SQL over monitor_batch and monitor_spot for every module (the module is a parameter, never a table). */
export function createMonitorRepository(db: Kysely<Database>) {
  return {
    async region(code: string): Promise<RegionInfo | undefined> {
      const row = await db.selectFrom('region').select(['code', 'name', 'level', 'parent_code']).where('code', '=', code).executeTakeFirst()
      return row && { code: row.code, name: row.name, level: row.level, parentCode: row.parent_code }
    },

    /** The children of a region (a county: itself), in code order. */
    async children(region: RegionInfo): Promise<Array<{ code: string; name: string }>> {
      if (region.level === 'county') return [{ code: region.code, name: region.name }]
      return db.selectFrom('region').select(['code', 'name']).where('parent_code', '=', region.code).orderBy('code').execute()
    },

    /**
     * A page of the detail list, newest batch first: the page's ids from monitor_spot_list_idx
     * alone (it carries every column the filters test, so no table row is read for the spots
     * passed over), then those spots in full.
     */
    async listPage(filter: ListFilter): Promise<MonitorSpotSummary[]> {
      const byFile = filter.filename ? sql`JOIN monitor_batch b ON b.module = s.module AND b.batch = s.batch` : sql``
      const { rows } = await sql<SummaryRow>`
        WITH page AS MATERIALIZED (
          SELECT s.id, s.batch FROM monitor_spot s ${byFile} WHERE ${listConditions(filter)}
          ORDER BY s.batch DESC, s.id LIMIT ${filter.limit} OFFSET ${filter.offset})
        SELECT ${SUMMARY_COLUMNS} FROM page p JOIN monitor_spot s ON s.id = p.id ${SUMMARY_JOINS}
        ORDER BY p.batch DESC, p.id`.execute(db)
      return rows.map(toSummary)
    },

    /** One spot of a module with its attributes, regions and the site's rows in every batch; undefined when unknown. */
    async spot(module: string, id: number): Promise<MonitorSpotDetail | undefined> {
      const { rows } = await sql<
        SummaryRow & {
          attributes: Record<string, string | number>
          province_code: string
          city_code: string
          pr: string
          ci: string
          co: string
        }
      >`SELECT ${SUMMARY_COLUMNS}, s.attributes, s.province_code, s.city_code, pr.name AS pr, ci.name AS ci, co.name AS co
        FROM monitor_spot s ${SUMMARY_JOINS} WHERE s.module = ${module} AND s.id = ${id}`.execute(db)
      const row = rows[0]
      if (!row) return undefined
      const batches = await db
        .selectFrom('monitor_spot')
        .select(['batch', 'spot_type', 'id'])
        .where('module', '=', module)
        .where('site_id', '=', row.site_id)
        .orderBy('batch')
        .execute()
      return {
        ...toSummary(row),
        attributes: row.attributes,
        province: { code: row.province_code, name: row.pr ?? '' },
        city: { code: row.city_code, name: row.ci ?? '' },
        county: { code: row.county_code, name: row.co ?? '' },
        batches: batches.map((b) => ({ batch: b.batch, spotType: b.spot_type, id: b.id })),
      }
    },
  }
}

export type MonitorRepository = ReturnType<typeof createMonitorRepository>
