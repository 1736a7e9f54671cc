import { DEFAULT_GRID_LEVEL, DEFAULT_GRID_LEVEL_DENSITY, SEQUENCE_LIST_COUNT } from '../constants'

/**
 * The grid of the grid mode (SPEC §4, §9): a cell is the XYZ web-map tile (Web Mercator, the
 * OpenStreetMap / Tianditu tiling, y counted from the north) at the grid level; 13 by default,
 * 14 in the density variant. A spot counts in the tile holding its point on surface.
 */
export const GRID_LEVELS: readonly number[] = [DEFAULT_GRID_LEVEL, DEFAULT_GRID_LEVEL_DENSITY]

/** The level whose tile each spot stores (monitor_spot.grid_x14/grid_y14); a coarser level's tile is it shifted right. */
export const GRID_BASE_LEVEL = 14

/** At most this many cells in one grid answer; a wider region or filter is refused with a request to narrow it. */
export const GRID_MAX_CELLS = 20_000

/** Latitude limit of the Web Mercator tiling. */
export const MERCATOR_MAX_LAT = 85.0511287798066

export function isGridLevel(level: number): boolean {
  return GRID_LEVELS.includes(level)
}

/** The tile [x, y] at level z holding a WGS84 position (the formula the server's SQL uses too). */
export function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z
  const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat))
  const rad = (clamped * Math.PI) / 180
  const x = Math.floor(((lon + 180) / 360) * n)
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))]
}

/** The WGS84 bounding box [west, south, east, north] of tile x/y at level z. */
export function tileBbox(x: number, y: number, z: number): [number, number, number, number] {
  const n = 2 ** z
  const lon = (tx: number) => (tx / n) * 360 - 180
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)]
}

/** The key of a cell as the answer and the web use it: "z/x/y". */
export function cellKey(z: number, x: number, y: number): string {
  return `${z}/${x}/${y}`
}

/** How many batches the sequence mode shows side by side (SPEC §9 'Sequence list count 5'). */
export const SEQUENCE_BATCH_COUNT = SEQUENCE_LIST_COUNT
