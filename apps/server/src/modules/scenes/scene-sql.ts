import type { Scene } from '@rs/shared'
import { type Selectable, sql } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * The one scene query's row shape (its filter, order and pager are scene-query/), shared by the
 * portal's normalmeta calls, coverage, export and the STAC API: the selected columns and the
 * row → Scene mapping.
 */

/** The columns a Scene is built from (footprint as GeoJSON text, 6 decimals, about 0.1 m). */
export const SCENE_COLUMNS = sql`s.id, s.satellite, s.sensor, s.slug, s.acquired_at, s.cloud_percent, s.resolution_m,
  s.product_level, s.orbit, s.path, s."row", s.direction, s.off_nadir_deg, s.sun_elevation_deg, s.file_name,
  s.data_status, s.area_km2, s.illustrative, s.quicklook_href, ST_AsGeoJSON(s.footprint, 6) AS footprint`

/** A scene row as SCENE_COLUMNS selects it: the scene table's columns (footprint as GeoJSON text; a driver may give the time as text). */
export type SceneRow = Omit<Selectable<Database['scene']>, 'acquired_at' | 'source' | 'imported_at' | 'province_codes'> & {
  acquired_at: Date | string
}

/** Where the portal serves a scene's quicklook. */
export function quicklookUrl(id: string): string {
  return `/api/normalmeta/quicklook?id=${encodeURIComponent(id)}`
}

/** Longer side of a quicklook in pixels when the request names no size, and of the STAC 'visual' asset. */
export const QUICKLOOK_SIZE = 256
export const QUICKLOOK_VISUAL_SIZE = 512

/**
 * Pixel shape [height, width] of a quicklook drawn in the lon/lat box of a footprint (plate carrée,
 * the box filled exactly): the longer side has `size` pixels. The STAC items state the same shape
 * (proj:shape), so the picture and its georeferencing always agree.
 */
export function quicklookShape(bbox: readonly [number, number, number, number], size: number): [number, number] {
  const dx = Math.max(bbox[2] - bbox[0], 1e-9)
  const dy = Math.max(bbox[3] - bbox[1], 1e-9)
  const side = (n: number) => Math.max(1, Math.round(n))
  return dx >= dy ? [side((size * dy) / dx), size] : [size, side((size * dx) / dy)]
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

export function toScene(r: SceneRow): Scene {
  return { ...toSceneFields(r), footprint: JSON.parse(r.footprint) as Scene['footprint'] }
}

/**
 * A row as the JSON text of a Scene, the footprint spliced in as PostGIS wrote it (no JSON.parse
 * of the geometry and no second serialisation): what JsonText answers are built from.
 */
export function sceneJson(r: SceneRow): string {
  const head = JSON.stringify(toSceneFields(r))
  return `${head.slice(0, -1)},"footprint":${r.footprint}}`
}

/** The fields of a Scene other than the footprint. */
function toSceneFields(r: SceneRow): Omit<Scene, 'footprint'> {
  return {
    id: r.id,
    satellite: r.satellite,
    sensor: r.sensor,
    slug: r.slug,
    acquiredAt: new Date(r.acquired_at).toISOString(),
    cloudPercent: round(r.cloud_percent, 1),
    resolutionM: round(r.resolution_m, 2),
    productLevel: r.product_level,
    orbit: r.orbit,
    path: r.path,
    row: r.row,
    direction: r.direction,
    offNadirDeg: r.off_nadir_deg === null ? null : round(r.off_nadir_deg, 2),
    sunElevationDeg: r.sun_elevation_deg === null ? null : round(r.sun_elevation_deg, 1),
    fileName: r.file_name,
    dataStatus: r.data_status,
    areaKm2: round(r.area_km2, 3),
    quicklookUrl: quicklookUrl(r.id),
    illustrative: r.illustrative,
  }
}
