import { type Kysely, sql } from 'kysely'
import type { ExportRecord } from '../../../capabilities/exports'
import type { Database } from '../../../db/schema'
import type { SceneRow } from '../scene-sql'
import { createSceneQuery } from './query'

/**
 * Scenes by id through the one scene query, for what other modules build of them (an order's
 * package and listings, through the port registerScenes returns): the row in the one row shape,
 * its export record (the columns and rounding of the archive's exports) and its footprint's box.
 */

/** A footprint's lon/lat box (west, south, east, north), 6 decimals (about 0.1 m). */
export type SceneBox = [number, number, number, number]

export interface SceneRecord {
  /** the scene as the one row shape selects it (scene-sql.ts SCENE_COLUMNS) */
  row: SceneRow
  /** what an export writes of it (capabilities/exports) */
  record: ExportRecord
  /** rounded as STAC's bbox and the quicklook route state it, so a picture drawn in it is the same one */
  bbox: SceneBox
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** A scene row as the archive's exports write it (CSV, Excel, GeoJSON, shapefile). */
export function exportRecord(r: SceneRow): ExportRecord {
  return {
    id: r.id,
    satellite: r.satellite,
    sensor: r.sensor,
    acquiredAt: new Date(r.acquired_at).toISOString(),
    cloudPercent: round(Number(r.cloud_percent), 1),
    resolutionM: round(Number(r.resolution_m), 2),
    productLevel: r.product_level,
    orbit: r.orbit,
    path: r.path,
    row: r.row,
    direction: r.direction,
    offNadirDeg: r.off_nadir_deg === null ? null : round(Number(r.off_nadir_deg), 2),
    fileName: r.file_name,
    dataStatus: r.data_status,
    areaKm2: round(Number(r.area_km2), 3),
    footprint: r.footprint,
  }
}

interface Bounds {
  minx: number
  miny: number
  maxx: number
  maxy: number
}

const BOUNDS = sql<Bounds>`ST_XMin(s.footprint) AS minx, ST_YMin(s.footprint) AS miny, ST_XMax(s.footprint) AS maxx, ST_YMax(s.footprint) AS maxy`

export function createSceneRecords(db: Kysely<Database>) {
  const query = createSceneQuery(db)
  return {
    /** The scenes of these ids still in the archive (any data status), by id: one that left it is absent. */
    async byIds(ids: readonly string[]): Promise<Map<string, SceneRecord>> {
      const rows = await query.byIds(ids, { columns: BOUNDS })
      const records = new Map<string, SceneRecord>()
      for (const [id, r] of rows)
        records.set(id, {
          row: r,
          record: exportRecord(r),
          bbox: [r.minx, r.miny, r.maxx, r.maxy].map((v) => round(Number(v), 6)) as SceneBox,
        })
      return records
    },
  }
}

export type SceneRecords = ReturnType<typeof createSceneRecords>
