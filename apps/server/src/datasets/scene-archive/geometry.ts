import G from 'geographiclib-geodesic'

const geod = G.Geodesic.WGS84

/** A point in degrees, [lon, lat]. */
export type LonLat = [number, number]

/** The point `distanceM` metres from lon/lat along azimuth `azimuthDeg` (clockwise from north), on the WGS84 ellipsoid. */
export function destination(lon: number, lat: number, azimuthDeg: number, distanceM: number): LonLat {
  const r = geod.Direct(lat, lon, azimuthDeg, distanceM)
  return [r.lon2 as number, r.lat2 as number]
}

/** Geodesic distance in metres and forward azimuth in degrees from a to b (WGS84). */
export function inverse(a: LonLat, b: LonLat): { distanceM: number; azimuthDeg: number } {
  const r = geod.Inverse(a[1], a[0], b[1], b[0])
  return { distanceM: r.s12 as number, azimuthDeg: r.azi1 as number }
}

/**
 * A frame's footprint: the quadrilateral whose near and far edges are geodesics of `widthM` centred
 * on `back` and `front` (two points of the ground track, or of the track shifted off nadir) and
 * perpendicular to the track there. Corners in ring order, closed: back-left, back-right,
 * front-right, front-left, back-left (or its reverse from back-right when that is counter-clockwise).
 */
export function frameFootprint(back: LonLat, front: LonLat, widthM: number): LonLat[] {
  const forward = inverse(back, front).azimuthDeg
  const backward = inverse(front, back).azimuthDeg
  const half = widthM / 2
  // the heading at the front is the reverse of the azimuth from front to back
  const frontHeading = backward + 180
  const bl = destination(back[0], back[1], forward - 90, half)
  const br = destination(back[0], back[1], forward + 90, half)
  const fr = destination(front[0], front[1], frontHeading + 90, half)
  const fl = destination(front[0], front[1], frontHeading - 90, half)
  // counter-clockwise exterior ring whatever the direction of flight (GeoJSON's right-hand rule);
  // either way edges 0–1 (back) and 2–3 (front) are the frame's width
  const ring = [bl, br, fr, fl, bl]
  return signedArea(ring) >= 0 ? ring : [br, bl, fl, fr, br]
}

/** Twice the signed planar area of a ring in degrees (positive: counter-clockwise). */
function signedArea(ring: LonLat[]): number {
  let s = 0
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i] as LonLat
    const b = ring[i + 1] as LonLat
    s += a[0] * b[1] - b[0] * a[1]
  }
  return s
}

/** WKT of a one-polygon MultiPolygon (6 decimals, about 0.1 m). */
export function multiPolygonWkt(ring: LonLat[]): string {
  return `MULTIPOLYGON(((${ring.map(([x, y]) => `${x.toFixed(6)} ${y.toFixed(6)}`).join(',')})))`
}
