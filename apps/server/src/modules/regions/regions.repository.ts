import type { Region } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

interface RegionRow {
  code: string
  name: string
  full_name: string
  level: Region['level']
  parent_code: string | null
  lon: number | null
  lat: number | null
  xmin: number | null
  ymin: number | null
  xmax: number | null
  ymax: number | null
  has_boundary: boolean
}

/** Columns of a Region as the API returns it; center and bbox from PostGIS, rounded to 6 decimals (bench:regions runs the same text bare). */
export const REGION_COLUMNS = `code, name, full_name, level, parent_code,
  round(ST_X(center)::numeric, 6)::float8 AS lon, round(ST_Y(center)::numeric, 6)::float8 AS lat,
  round(ST_XMin(geom)::numeric, 6)::float8 AS xmin, round(ST_YMin(geom)::numeric, 6)::float8 AS ymin,
  round(ST_XMax(geom)::numeric, 6)::float8 AS xmax, round(ST_YMax(geom)::numeric, 6)::float8 AS ymax,
  geom IS NOT NULL AS has_boundary`
const COLUMNS = sql.raw(REGION_COLUMNS)

function toRegion(r: RegionRow): Region {
  return {
    code: r.code,
    name: r.name,
    fullName: r.full_name,
    level: r.level,
    parentRegionId: r.parent_code,
    center: r.lon === null || r.lat === null ? null : [r.lon, r.lat],
    bbox: r.xmin === null || r.ymin === null || r.xmax === null || r.ymax === null ? null : [r.xmin, r.ymin, r.xmax, r.ymax],
    hasBoundary: r.has_boundary,
  }
}

/** Escapes LIKE wildcards so a searched name matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** SQL of the administrative regions (table region, filled by the reference-data loader). */
export function createRegionsRepository(db: Kysely<Database>) {
  return {
    /** Every region (no shapes), ordered by code. */
    async all(): Promise<Region[]> {
      const res = await sql<RegionRow>`SELECT ${COLUMNS} FROM region ORDER BY code`.execute(db)
      return res.rows.map(toRegion)
    },

    /**
     * Regions whose name contains the text: exact names first, then names starting with it, then the
     * rest; shorter names and codes break ties. The SQL form of the service's search in memory (a
     * test holds the two to the same answers; bench:regions runs this text bare).
     */
    async search(text: string, limit: number): Promise<Region[]> {
      const contains = `%${likeLiteral(text)}%`
      const prefix = `${likeLiteral(text)}%`
      const res = await sql<RegionRow>`
        SELECT ${COLUMNS} FROM region
        WHERE name LIKE ${contains}
        ORDER BY CASE WHEN name = ${text} THEN 0 WHEN name LIKE ${prefix} THEN 1 ELSE 2 END, length(name), code
        LIMIT ${limit}`.execute(db)
      return res.rows.map(toRegion)
    },

    /** Version of the loaded region data (reference_data 'regions', written by db/reference-data.ts); '' before any load. */
    async dataVersion(): Promise<string> {
      const res = await sql<{ version: string }>`SELECT version FROM reference_data WHERE name = 'regions'`.execute(db)
      return res.rows[0]?.version ?? ''
    },

    /**
     * The boundary as GeoJSON geometry text from PostGIS (5 decimals), left as text so the API
     * splices it into its answer; undefined for an unknown code, null when the region has none.
     */
    async boundary(code: string): Promise<{ name: string; level: string; geojson: string | null } | undefined> {
      const res = await sql<{ name: string; level: string; geojson: string | null }>`
        SELECT name, level, ST_AsGeoJSON(geom, 5) AS geojson FROM region WHERE code = ${code}`.execute(db)
      return res.rows[0]
    },

    /** The boundaries of several regions in one statement (the same columns as boundary), for filling the cache. */
    async boundaries(codes: string[]): Promise<Array<{ code: string; name: string; level: string; geojson: string | null }>> {
      if (codes.length === 0) return []
      const res = await sql<{ code: string; name: string; level: string; geojson: string | null }>`
        SELECT code, name, level, ST_AsGeoJSON(geom, 5) AS geojson FROM region WHERE code IN (${sql.join(codes)})`.execute(db)
      return res.rows
    },
  }
}

export type RegionsRepository = ReturnType<typeof createRegionsRepository>
