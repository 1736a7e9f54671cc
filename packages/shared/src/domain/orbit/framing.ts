import geographiclib from 'geographiclib-geodesic'
import type { Position } from 'geojson'
import { sgp4 } from 'satellite.js'
import { isInside, type PreparedArea } from './area'
import { type Orbit, subPoint } from './propagate'

/**
 * Scene framing: how a sensor's swath is cut into frames along the ground track. One code for the
 * demo image archive (apps/server/src/datasets/scene-archive/generate.ts cuts the scenes it stores)
 * and for orbit prediction (the frames a chosen pass would take, passFrames below): frames of the
 * sensor's length (at most MAX_FRAME_KM) are cut at multiples of their angle along the orbit,
 * counted from the ascending node (argument of latitude), so a path's frames repeat; sensors that
 * share one name (WFV1…WFV4) split the swath side by side; each frame's footprint is a geodesic
 * quadrilateral (GeographicLib, WGS-84).
 */

const geod = geographiclib.Geodesic.WGS84

/** A point in degrees, [lon, lat]. */
export type LonLat = [number, number]

/** Longest frame along the track in km (the usual scene length of wide-swath sensors). */
export const MAX_FRAME_KM = 185
/** Mean Earth radius (IUGG), km: turns a frame's ground length into its angle along the orbit. */
export const MEAN_EARTH_KM = 6371.0088

/** The point `distanceM` metres from lon/lat along azimuth `azimuthDeg` (clockwise from north), on the WGS84 ellipsoid. */
export function geodesicDestination(lon: number, lat: number, azimuthDeg: number, distanceM: number): LonLat {
  const r = geod.Direct(lat, lon, azimuthDeg, distanceM)
  return [r.lon2 as number, r.lat2 as number]
}

/** Geodesic distance in metres and forward azimuth in degrees from a to b (WGS84). */
export function geodesicInverse(a: LonLat, b: LonLat): { distanceM: number; azimuthDeg: number } {
  const r = geod.Inverse(a[1], a[0], b[1], b[0])
  return { distanceM: r.s12 as number, azimuthDeg: r.azi1 as number }
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

/**
 * A frame's footprint: the quadrilateral whose near and far edges are geodesics of `widthM` centred
 * on `back` and `front` (two points of the ground track, or of the track shifted off nadir) and
 * perpendicular to the track there. Corners in ring order, closed: back-left, back-right,
 * front-right, front-left, back-left (or its reverse from back-right when that is counter-clockwise).
 */
export function frameFootprint(back: LonLat, front: LonLat, widthM: number): LonLat[] {
  const forward = geodesicInverse(back, front).azimuthDeg
  const backward = geodesicInverse(front, back).azimuthDeg
  const half = widthM / 2
  // the heading at the front is the reverse of the azimuth from front to back
  const frontHeading = backward + 180
  const bl = geodesicDestination(back[0], back[1], forward - 90, half)
  const br = geodesicDestination(back[0], back[1], forward + 90, half)
  const fr = geodesicDestination(front[0], front[1], frontHeading + 90, half)
  const fl = geodesicDestination(front[0], front[1], frontHeading - 90, half)
  // counter-clockwise exterior ring whatever the direction of flight (GeoJSON's right-hand rule);
  // either way edges 0–1 (back) and 2–3 (front) are the frame's width
  const ring = [bl, br, fr, fl, bl]
  return signedArea(ring) >= 0 ? ring : [br, bl, fl, fr, br]
}

/** A frame's length along the track (km) for a sub-swath of widthKm: as long as wide, 5 to MAX_FRAME_KM. */
export function frameLengthKm(widthKm: number): number {
  return Math.min(MAX_FRAME_KM, Math.max(widthKm, 5))
}

/** A frame's angle along the orbit in degrees: its ground length at the track's angular rate. */
export function frameAngleDeg(frameKm: number): number {
  return ((frameKm / MEAN_EARTH_KM) * 180) / Math.PI
}

/** A sensor as framing sees it: sensors with one name share the swath (each row holds the whole). */
export interface FramingSensor {
  id: string
  name: string
  swathKm: number
}

/** Sensors that share one name (WFV1…WFV4, PMS1/PMS2) split the swath side by side: each one's width and its offset from the track (km, + right). */
export function subSwaths<S extends FramingSensor>(sensors: S[]): Array<{ sensor: S; widthKm: number; offsetKm: number }> {
  const groups = new Map<string, S[]>()
  for (const s of sensors) groups.set(s.name, [...(groups.get(s.name) ?? []), s])
  return sensors.map((s) => {
    const group = groups.get(s.name) ?? [s]
    const i = group.indexOf(s)
    const widthKm = s.swathKm / group.length
    return { sensor: s, widthKm, offsetKm: (i - (group.length - 1) / 2) * widthKm }
  })
}

/** A ground-track point with its argument of latitude. */
export interface FramingPoint {
  t: number
  lon: number
  lat: number
  altKm: number
  /** argument of latitude, degrees from the ascending node, unwrapped (grows without bound) */
  u: number
}

/** Argument of latitude (degrees, 0–360) from an ECI position and velocity. */
export function argumentOfLatitude(r: { x: number; y: number; z: number }, v: { x: number; y: number; z: number }): number {
  const h = { x: r.y * v.z - r.z * v.y, y: r.z * v.x - r.x * v.z, z: r.x * v.y - r.y * v.x }
  // node vector n = k × h
  const n = { x: -h.y, y: h.x }
  const nLen = Math.hypot(n.x, n.y)
  const rLen = Math.hypot(r.x, r.y, r.z)
  let u = (Math.acos(Math.max(-1, Math.min(1, (n.x * r.x + n.y * r.y) / (nLen * rLen)))) * 180) / Math.PI
  if (r.z < 0) u = 360 - u
  return u
}

/** The track point at argument of latitude u (unwrapped), linear between the points; null outside the track. */
export function atU(track: readonly FramingPoint[], u: number): FramingPoint | null {
  let lo = 0
  let hi = track.length - 1
  if (hi < 1 || u < (track[0] as FramingPoint).u || u > (track[hi] as FramingPoint).u) return null
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((track[mid] as FramingPoint).u <= u) lo = mid
    else hi = mid
  }
  const a = track[lo] as FramingPoint
  const b = track[hi] as FramingPoint
  const f = b.u === a.u ? 0 : (u - a.u) / (b.u - a.u)
  let dLon = b.lon - a.lon
  if (dLon > 180) dLon -= 360
  if (dLon < -180) dLon += 360
  return { t: a.t + f * (b.t - a.t), lon: a.lon + f * dLon, lat: a.lat + f * (b.lat - a.lat), altKm: a.altKm + f * (b.altKm - a.altKm), u }
}

/** The frame indices k of a track: frame k spans [k·du, (k+1)·du] of unwrapped argument of latitude, wholly within the track. */
export function* frameIndices(track: readonly FramingPoint[], du: number): Generator<number> {
  const first = track[0]
  const last = track[track.length - 1]
  if (!first || !last) return
  for (let k = Math.ceil(first.u / du); (k + 1) * du <= last.u; k++) yield k
}

/** Moves track points shiftKm across the direction of flight from back to front (+ right, − left); the heading is back→front's azimuth. */
export function acrossTrack(back: LonLat, front: LonLat, shiftKm: number): (p: { lon: number; lat: number }) => LonLat {
  const heading = geodesicInverse(back, front).azimuthDeg
  return (p) =>
    shiftKm === 0 ? [p.lon, p.lat] : geodesicDestination(p.lon, p.lat, heading + (shiftKm > 0 ? 90 : -90), Math.abs(shiftKm) * 1000)
}

/** Track points with their argument of latitude from startMs to endMs every stepS seconds (the end included), u unwrapped. */
export function framingTrack(orbit: Orbit, startMs: number, endMs: number, stepS: number): FramingPoint[] {
  const out: FramingPoint[] = []
  let turns = 0
  let lastU = -1
  const times: number[] = []
  for (let t = startMs; t < endMs; t += stepS * 1000) times.push(t)
  times.push(endMs)
  for (const t of times) {
    const jd = t / 86_400_000 + 2440587.5
    const pv = sgp4(orbit.satrec, (jd - orbit.satrec.jdsatepoch) * 1440)
    const p = subPoint(orbit, t)
    if (!pv || !p) continue
    const u = argumentOfLatitude(pv.position, pv.velocity)
    if (lastU >= 0 && u < lastU - 180) turns++
    lastU = u
    out.push({ t, lon: p.lon, lat: p.lat, altKm: p.altitudeKm, u: u + 360 * turns })
  }
  return out
}

/** One frame a pass would take. */
export interface PassFrame {
  /** Sensor id of the sub-swath (WFV2 of WFV1…WFV4). */
  sensor: string
  /** Frame index along the orbit from the ascending node (the archive's row, before wrapping). */
  index: number
  /** Times the frame's back edge, centre and front edge are imaged (ms since 1970). */
  startMs: number
  centreMs: number
  endMs: number
  /** Centre of the frame on the ground (after the roll). */
  centre: LonLat
  /** Closed ring, counter-clockwise. */
  ring: LonLat[]
}

/** Step of the track the frames are interpolated on, s (the archive uses 30). */
const PASS_TRACK_STEP_S = 10

/**
 * The frames a pass would take over an area: the pass's swath (its sensors side by side, shifted
 * rollKm across the track toward the area: + right of the direction of flight) cut the archive's
 * way along the ground track from a frame before the pass's start to a frame after its end, kept
 * when the footprint touches the area; in time order.
 */
export function passFrames(
  orbit: Orbit,
  pass: { startMs: number; endMs: number; sensors: FramingSensor[]; rollShiftKm: number },
  area: PreparedArea,
): PassFrame[] {
  const parts = subSwaths(pass.sensors)
  const longest = Math.max(...parts.map((p) => frameLengthKm(p.widthKm)), 5)
  // a frame's duration at about 7 km/s over the ground, with room: frames cut at the ends still touch
  const marginMs = Math.ceil(longest / 6) * 1000 + PASS_TRACK_STEP_S * 1000
  const track = framingTrack(orbit, pass.startMs - marginMs, pass.endMs + marginMs, PASS_TRACK_STEP_S)
  const out: PassFrame[] = []
  for (const { sensor, widthKm, offsetKm } of parts) {
    const du = frameAngleDeg(frameLengthKm(widthKm))
    for (const k of frameIndices(track, du)) {
      const back = atU(track, k * du)
      const front = atU(track, (k + 1) * du)
      const mid = atU(track, (k + 0.5) * du)
      if (!back || !front || !mid) continue
      const shift = acrossTrack([back.lon, back.lat], [front.lon, front.lat], offsetKm + pass.rollShiftKm)
      const ring = frameFootprint(shift(back), shift(front), widthKm * 1000)
      if (!ringTouchesArea(ring, area)) continue
      out.push({
        sensor: sensor.id,
        index: k,
        startMs: Math.round(back.t),
        centreMs: Math.round(mid.t),
        endMs: Math.round(front.t),
        centre: shift(mid),
        ring,
      })
    }
  }
  return out.sort((a, b) => a.centreMs - b.centreMs || a.sensor.localeCompare(b.sensor))
}

/**
 * The roll shift (km across the track, + right of the direction of flight) that points the swath's
 * centre rollDeg toward a point: the side is the point's side of the track at the sub-satellite point.
 */
export function rollShiftKm(from: LonLat, headingDeg: number, toward: LonLat, altitudeKm: number, rollDeg: number): number {
  if (rollDeg <= 0) return 0
  const az = geodesicInverse(from, toward).azimuthDeg
  const rel = (((az - headingDeg) % 360) + 360) % 360 // 0–360 clockwise from the heading
  const side = rel > 0 && rel < 180 ? 1 : -1
  return side * altitudeKm * Math.tan((rollDeg * Math.PI) / 180)
}

/** Whether segments ab and cd cross or touch (planar, lon/lat). */
function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const o = (p: Position, q: Position, r: Position) =>
    ((q[0] as number) - (p[0] as number)) * ((r[1] as number) - (p[1] as number)) -
    ((q[1] as number) - (p[1] as number)) * ((r[0] as number) - (p[0] as number))
  const d1 = o(c, d, a)
  const d2 = o(c, d, b)
  const d3 = o(a, b, c)
  const d4 = o(a, b, d)
  return ((d1 >= 0 && d2 <= 0) || (d1 <= 0 && d2 >= 0)) && ((d3 >= 0 && d4 <= 0) || (d3 <= 0 && d4 >= 0))
}

/** Whether a point lies in a closed ring (planar, lon/lat, even-odd). */
function inRing(ring: readonly Position[], lon: number, lat: number): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = (ring[i] as Position)[0] as number
    const yi = (ring[i] as Position)[1] as number
    const xj = (ring[j] as Position)[0] as number
    const yj = (ring[j] as Position)[1] as number
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/**
 * Whether a frame's ring (a small convex quadrilateral, lon/lat) meets the area: a corner inside the
 * area, a vertex of the area (or the point of interest) inside the frame, or crossing edges; edges are
 * straight in lon/lat as the area's own (and PostGIS geometry's). Frames must not cross ±180°.
 */
export function ringTouchesArea(ring: readonly LonLat[], area: PreparedArea): boolean {
  const lons = ring.map((p) => p[0])
  const lats = ring.map((p) => p[1])
  const [w, s, e, n] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]
  const [aw, as, ae, an] = area.bbox
  if (e < aw || w > ae || n < as || s > an) return false
  if (area.polygons.length === 0) {
    // a point of interest
    return inRing(ring, aw, as)
  }
  if (ring.some((p) => isInside(area, p[0], p[1]))) return true
  for (const rings of area.polygons)
    for (const r of rings) {
      if (r.maxLon < w || r.minLon > e || r.maxLat < s || r.minLat > n) continue
      const pts = r.points
      for (let i = 0; i < pts.length; i++) {
        const p = pts[i] as Position
        const x = p[0] as number
        const y = p[1] as number
        if (x >= w && x <= e && y >= s && y <= n && inRing(ring, x, y)) return true
        if (i === 0) continue
        const q = pts[i - 1] as Position
        if (Math.max(x, q[0] as number) < w || Math.min(x, q[0] as number) > e) continue
        if (Math.max(y, q[1] as number) < s || Math.min(y, q[1] as number) > n) continue
        for (let j = 0; j + 1 < ring.length; j++) if (segmentsMeet(q, p, ring[j] as LonLat, ring[j + 1] as LonLat)) return true
      }
    }
  return false
}
