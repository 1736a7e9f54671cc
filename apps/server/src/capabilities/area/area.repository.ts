import { randomUUID } from 'node:crypto'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * The area capability's SQL, the only reader of region outlines as search areas and the only
 * writer and reader of aoi_upload: the upload store (insert, by id) and an area per input (region,
 * 全国, extent, drawn, upload) as one WGS84 geometry expression with its bounds and geodesic area.
 */

/** A box: west, south, east, north (degrees, WGS84). */
export type BBox = [number, number, number, number]

/** What an area input resolves to; the service adds nothing but the messages on failure. */
export interface ResolvedArea {
  /** region: a region's outline; country: 全国, the provinces' parts; the others as the select modes. */
  mode: 'region' | 'country' | 'extent' | 'draw' | 'shp'
  /** The region's code and level (modes region and country): a consumer may use its own index of regions instead of the outline. */
  region: { code: string; level: string } | null
  /** The area as one WGS84 geometry expression: a sub-select PostGIS evaluates once per statement (an envelope literal for an extent). */
  geom: RawBuilder<unknown>
  bbox: BBox
  /** Geodesic area (WGS84), km². */
  areaKm2: number
}

/** A stored upload as the service reads it. */
export interface UploadRow {
  id: string
  fileName: string
  featureCount: number
  vertexCount: number
  areaKm2: number
  bbox: [number, number, number, number]
  geojson: string
  notices: string[]
  createdAt: Date
}

export interface NewUpload {
  userId: number | null
  fileName: string
  featureCount: number
  vertexCount: number
  notices: string[]
  /** A valid MultiPolygon as GeoJSON text (repaired in the worker: the database never repairs user geometry). */
  geometry: string
}

const returned = sql<UploadRow>`
  id, file_name AS "fileName", feature_count AS "featureCount", vertex_count AS "vertexCount", area_km2 AS "areaKm2",
  json_build_array(ST_XMin(geom), ST_YMin(geom), ST_XMax(geom), ST_YMax(geom)) AS bbox,
  ST_AsGeoJSON(geom, 7) AS geojson, notices, created_at AS "createdAt"`

interface BoundsRow {
  xmin: number | null
  ymin: number | null
  xmax: number | null
  ymax: number | null
  area_km2: number | null
}

const toBBox = (r: BoundsRow): BBox | null =>
  r.xmin === null || r.ymin === null || r.xmax === null || r.ymax === null ? null : [r.xmin, r.ymin, r.xmax, r.ymax]

export const envelope = (b: BBox) => sql`ST_MakeEnvelope(${b[0]}::float8, ${b[1]}::float8, ${b[2]}::float8, ${b[3]}::float8, 4326)`

export function createAreaRepository(db: Kysely<Database>) {
  return {
    /**
     * A region by code: its outline, or for 100000 (全国, which has no single outline) the
     * provinces' parts collected. Undefined for an unknown code or a region without outline.
     */
    async region(code: string): Promise<ResolvedArea | undefined> {
      if (code === '100000') {
        const res = await sql<BoundsRow>`
          SELECT ST_XMin(e) AS xmin, ST_YMin(e) AS ymin, ST_XMax(e) AS xmax, ST_YMax(e) AS ymax, area_km2
          FROM (SELECT ST_Extent(geom)::geometry AS e, sum(COALESCE(area_km2, ST_Area(geom::geography) / 1e6)) AS area_km2
                FROM region WHERE level = 'province' AND geom IS NOT NULL) x`.execute(db)
        const row = res.rows[0]
        const bbox = row ? toBBox(row) : null
        if (!row || !bbox) return undefined
        return {
          mode: 'country',
          region: { code, level: 'country' },
          geom: sql`(SELECT ST_Multi(ST_Collect(d.geom)) FROM region p, ST_Dump(p.geom) d WHERE p.level = 'province')`,
          areaKm2: Number(row.area_km2),
          bbox,
        }
      }
      const res = await sql<BoundsRow & { level: string }>`
        SELECT ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax,
               COALESCE(area_km2, ST_Area(geom::geography) / 1e6) AS area_km2, level
        FROM region WHERE code = ${code} AND geom IS NOT NULL`.execute(db)
      const row = res.rows[0]
      const bbox = row ? toBBox(row) : null
      if (!row || !bbox) return undefined
      return {
        mode: 'region',
        region: { code, level: row.level },
        geom: sql`(SELECT geom FROM region WHERE code = ${code})`,
        areaKm2: Number(row.area_km2),
        bbox,
      }
    },

    /** A bbox (west, south, east, north); its area geodesic like every other area. */
    async extent(bbox: BBox): Promise<ResolvedArea> {
      const res = await sql<{ area_km2: number }>`SELECT ST_Area(${envelope(bbox)}::geography) / 1e6 AS area_km2`.execute(db)
      return { mode: 'extent', region: null, geom: envelope(bbox), areaKm2: Number(res.rows[0]?.area_km2 ?? 0), bbox }
    },

    /** A valid (already repaired) MultiPolygon as GeoJSON text; undefined when it has no area. */
    async drawn(geojson: string): Promise<ResolvedArea | undefined> {
      const g = sql`ST_SetSRID(ST_GeomFromGeoJSON(${geojson}::text), 4326)`
      const res = await sql<BoundsRow>`
        SELECT ST_XMin(g) AS xmin, ST_YMin(g) AS ymin, ST_XMax(g) AS xmax, ST_YMax(g) AS ymax, ST_Area(g::geography) / 1e6 AS area_km2
        FROM (SELECT ${g} AS g) x WHERE NOT ST_IsEmpty(g) AND ST_Area(g) > 0`.execute(db)
      const row = res.rows[0]
      const bbox = row ? toBBox(row) : null
      if (!row || !bbox) return undefined
      return { mode: 'draw', region: null, geom: sql`(SELECT ${g})`, areaKm2: Number(row.area_km2), bbox }
    },

    /** An uploaded area (aoi_upload); undefined for an unknown upload. */
    async upload(uploadId: string): Promise<ResolvedArea | undefined> {
      const res = await sql<BoundsRow>`
        SELECT ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax, area_km2
        FROM aoi_upload WHERE id = ${uploadId}::uuid`.execute(db)
      const row = res.rows[0]
      const bbox = row ? toBBox(row) : null
      if (!row || !bbox) return undefined
      return {
        mode: 'shp',
        region: null,
        geom: sql`(SELECT geom FROM aoi_upload WHERE id = ${uploadId}::uuid)`,
        areaKm2: Number(row.area_km2),
        bbox,
      }
    },

    /** A resolved area as GeoJSON text: simplified by `simplify` degrees (topology kept) when given, `digits` decimals. */
    async geojson(geom: RawBuilder<unknown>, options: { simplify?: number; digits: number }): Promise<string | undefined> {
      const shape = options.simplify === undefined ? sql`a.g` : sql`ST_SimplifyPreserveTopology(a.g, ${options.simplify}::float8)`
      const { rows } = await sql<{ g: string | null }>`
        SELECT ST_AsGeoJSON(${shape}, ${options.digits}::int) AS g FROM (SELECT ${geom} AS g) a`.execute(db)
      return rows[0]?.g ?? undefined
    },

    /**
     * Stores an already valid upload in one statement; undefined (nothing written) when it has no
     * area. Only linear-cost PostGIS work here (parse, area, bounds), whatever the shape.
     */
    async insertUpload(upload: NewUpload): Promise<UploadRow | undefined> {
      const result = await sql<UploadRow>`
        WITH src AS (
          SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${upload.geometry}), 4326)) AS g
        ), ins AS (
          INSERT INTO aoi_upload (id, user_id, file_name, feature_count, vertex_count, notices, geom, area_km2)
          SELECT ${randomUUID()}::uuid, ${upload.userId}, ${upload.fileName}, ${upload.featureCount}, ${upload.vertexCount},
                 ${JSON.stringify(upload.notices)}::jsonb, g, ST_Area(g::geography) / 1e6
          FROM src WHERE NOT ST_IsEmpty(g) AND ST_Area(g) > 0
          RETURNING id, file_name, feature_count, vertex_count, area_km2, geom, notices, created_at
        )
        SELECT ${returned} FROM ins`.execute(db)
      return result.rows[0]
    },

    async uploadById(id: string): Promise<UploadRow | undefined> {
      const result = await sql<UploadRow>`SELECT ${returned} FROM aoi_upload WHERE id = ${id}::uuid`.execute(db)
      return result.rows[0]
    },
  }
}

export type AreaRepository = ReturnType<typeof createAreaRepository>
