import { groundTrack, orbitFromTle } from '@rs/shared'

/** A WGS84 point: [longitude, latitude] in degrees. */
export type LonLat = [number, number]

const R = 6371.0088
const DEG = Math.PI / 180

/** The point `km` from `from` on the initial bearing `bearingDeg` (sphere; for drawing only). */
export function destination(from: LonLat, bearingDeg: number, km: number): LonLat {
  const d = km / R
  const b = bearingDeg * DEG
  const lat1 = from[1] * DEG
  const lon1 = from[0] * DEG
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b))
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2))
  return [((((lon2 / DEG + 540) % 360) + 360) % 360) - 180, lat2 / DEG]
}

/** Initial bearing from a to b in degrees. */
export function bearing(a: LonLat, b: LonLat): number {
  const la = a[1] * DEG
  const lb = b[1] * DEG
  const dl = (b[0] - a[0]) * DEG
  return Math.atan2(Math.sin(dl) * Math.cos(lb), Math.cos(la) * Math.sin(lb) - Math.sin(la) * Math.cos(lb) * Math.cos(dl)) / DEG
}

/** Sub-satellite points of an orbit from start to end (ms) every stepSeconds, computed in the browser with the same SGP4 as the server. */
export function trackPoints(line1: string, line2: string, startMs: number, endMs: number, stepSeconds = 10): LonLat[] {
  return groundTrack(orbitFromTle(line1, line2), startMs, endMs, stepSeconds).map((p) => [p.lon, p.lat])
}

/** Splits a line where it jumps across ±180° so no segment crosses the whole map. */
export function splitAtAntimeridian(points: readonly LonLat[]): LonLat[][] {
  const parts: LonLat[][] = []
  let current: LonLat[] = []
  for (const p of points) {
    const last = current[current.length - 1]
    if (last && Math.abs(p[0] - last[0]) > 180) {
      parts.push(current)
      current = []
    }
    current.push(p)
  }
  if (current.length > 0) parts.push(current)
  return parts
}

/**
 * The strip a sensor sees along a track: each point offset by halfWidthKm to both sides across the
 * direction of flight, left side forward then right side back, closed. Empty for fewer than 2 points.
 */
export function swathRing(track: readonly LonLat[], halfWidthKm: number): LonLat[] {
  if (track.length < 2) return []
  const left: LonLat[] = []
  const right: LonLat[] = []
  track.forEach((p, i) => {
    const next = track[Math.min(i + 1, track.length - 1)] as LonLat
    const prev = track[Math.max(i - 1, 0)] as LonLat
    const heading = i < track.length - 1 ? bearing(p, next) : bearing(prev, p)
    left.push(destination(p, heading - 90, halfWidthKm))
    right.push(destination(p, heading + 90, halfWidthKm))
  })
  const ring = [...left, ...right.reverse()]
  ring.push(ring[0] as LonLat)
  return ring
}
