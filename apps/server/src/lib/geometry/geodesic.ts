import geographiclib from 'geographiclib-geodesic'
import type { MultiPolygon, Polygon, Position } from 'geojson'

/**
 * Geodesic areas on the WGS84 ellipsoid (GeographicLib, Karney's algorithm: the same answer as
 * PostGIS's geography ST_Area and pyproj's Geod.geometry_area_perimeter), for worker threads that
 * measure shapes GEOS has just cut, without a round trip to the database.
 */

// a UMD bundle: Node sees only its default export
const WGS84 = geographiclib.Geodesic.WGS84

/** Area in m² enclosed by one ring of [lon, lat] (the closing point may be repeated or not). */
export function ringAreaM2(ring: Position[]): number {
  const n = ring.length
  if (n < 3) return 0
  const first = ring[0] as Position
  const last = ring[n - 1] as Position
  const count = first[0] === last[0] && first[1] === last[1] ? n - 1 : n
  if (count < 3) return 0
  const polygon = WGS84.Polygon(false)
  for (let i = 0; i < count; i++) {
    const p = ring[i] as Position
    polygon.AddPoint(p[1] as number, p[0] as number)
  }
  // signed (counter-clockwise positive), then the smaller of the two sides the ring divides the globe into
  const area = Math.abs(polygon.Compute(false, true).area ?? 0)
  return area
}

/** Geodesic area in km² of a Polygon or MultiPolygon (holes subtracted). */
export function geodesicAreaKm2(geometry: Polygon | MultiPolygon | null | undefined): number {
  if (!geometry) return 0
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  let m2 = 0
  for (const rings of polygons) {
    rings.forEach((ring, i) => {
      m2 += i === 0 ? ringAreaM2(ring) : -ringAreaM2(ring)
    })
  }
  return Math.max(0, m2) / 1e6
}
