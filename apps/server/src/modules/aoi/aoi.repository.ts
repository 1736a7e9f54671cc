import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** A stored AOI as the service reads it. */
export interface AoiRow {
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

export interface NewAoi {
  userId: number | null
  fileName: string
  featureCount: number
  vertexCount: number
  notices: string[]
  /** A valid MultiPolygon as GeoJSON text (repaired in the worker: the database never repairs user geometry). */
  geometry: string
}

const returned = sql<AoiRow>`
  id, file_name AS "fileName", feature_count AS "featureCount", vertex_count AS "vertexCount", area_km2 AS "areaKm2",
  json_build_array(ST_XMin(geom), ST_YMin(geom), ST_XMax(geom), ST_YMax(geom)) AS bbox,
  ST_AsGeoJSON(geom, 7) AS geojson, notices, created_at AS "createdAt"`

export function createAoiRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores an already valid area in one statement; undefined (nothing written) when it has no
     * area. Only linear-cost PostGIS work here (parse, area, bounds), whatever the shape.
     */
    async insert(aoi: NewAoi): Promise<AoiRow | undefined> {
      const result = await sql<AoiRow>`
        WITH src AS (
          SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${aoi.geometry}), 4326)) AS g
        ), ins AS (
          INSERT INTO aoi_upload (id, user_id, file_name, feature_count, vertex_count, notices, geom, area_km2)
          SELECT ${randomUUID()}::uuid, ${aoi.userId}, ${aoi.fileName}, ${aoi.featureCount}, ${aoi.vertexCount},
                 ${JSON.stringify(aoi.notices)}::jsonb, g, ST_Area(g::geography) / 1e6
          FROM src WHERE NOT ST_IsEmpty(g) AND ST_Area(g) > 0
          RETURNING id, file_name, feature_count, vertex_count, area_km2, geom, notices, created_at
        )
        SELECT ${returned} FROM ins`.execute(db)
      return result.rows[0]
    },

    async findById(id: string): Promise<AoiRow | undefined> {
      const result = await sql<AoiRow>`SELECT ${returned} FROM aoi_upload WHERE id = ${id}::uuid`.execute(db)
      return result.rows[0]
    },
  }
}

export type AoiRepository = ReturnType<typeof createAoiRepository>
