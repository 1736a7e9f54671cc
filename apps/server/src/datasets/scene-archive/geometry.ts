import type { LonLat } from '@rs/shared'

/** Geodesic footprints of the archive's frames: the framing code is shared with orbit prediction (packages/shared/src/domain/orbit/framing.ts). */
export {
  frameFootprint,
  geodesicDestination as destination,
  geodesicInverse as inverse,
  type LonLat,
} from '@rs/shared'

/** WKT of a one-polygon MultiPolygon (6 decimals, about 0.1 m). */
export function multiPolygonWkt(ring: LonLat[]): string {
  return `MULTIPOLYGON(((${ring.map(([x, y]) => `${x.toFixed(6)} ${y.toFixed(6)}`).join(',')})))`
}
