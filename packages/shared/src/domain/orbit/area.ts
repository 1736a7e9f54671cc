import geographiclib from 'geographiclib-geodesic'
import type { MultiPolygon, Point, Polygon, Position } from 'geojson'

/**
 * The ground distance from a point to an area: 0 inside it, otherwise the geodesic distance on the
 * WGS-84 ellipsoid (GeographicLib, Karney's algorithm) to the nearest point of its outline. Edges
 * are straight lines in longitude/latitude, as GeoJSON and PostGIS geometry take them (and as the
 * inside test does): each edge is cut into pieces of at most 0.25° in both, and a piece that short
 * is its own geodesic within metres. The nearest piece is found on the sphere (vector algebra over
 * every piece); GeographicLib then measures the pieces within 1 % of the best. Areas must not cross
 * the ±180° meridian.
 */

const WGS84 = geographiclib.Geodesic.WGS84
const DEG = Math.PI / 180
/** Below every geodesic length per radian of the sphere of geodetic coordinates (meridian radius at the equator less 0.5 %). */
const LOWER_KM_PER_RAD = 6335.4 * 0.995

type Vec = [number, number, number]

interface Chunk {
  centre: Vec
  radiusRad: number
  from: number
  to: number
}

const CHUNK = 16

function chunksOf(edges: Edge[]): Chunk[] {
  const out: Chunk[] = []
  for (let from = 0; from < edges.length; from += CHUNK) {
    const to = Math.min(edges.length, from + CHUNK)
    const sum: Vec = [0, 0, 0]
    for (let i = from; i < to; i++) {
      const e = edges[i] as Edge
      for (const v of [e.a, e.b]) {
        sum[0] += v[0]
        sum[1] += v[1]
        sum[2] += v[2]
      }
    }
    const len = norm(sum)
    const centre: Vec = len > 1e-12 ? [sum[0] / len, sum[1] / len, sum[2] / len] : (edges[from] as Edge).a
    let radiusRad = 0
    for (let i = from; i < to; i++) {
      const e = edges[i] as Edge
      radiusRad = Math.max(radiusRad, angle(centre, e.a), angle(centre, e.b))
    }
    out.push({ centre, radiusRad: radiusRad + 1e-9, from, to })
  }
  return out
}

interface Edge {
  a: Vec
  b: Vec
  /** Unit normal of the great circle through a and b (zero for a degenerate edge). */
  n: Vec
  /** n × a and b × n: p lies between a and b (seen from n) when p·na ≥ 0 and p·bn ≥ 0. */
  na: Vec
  bn: Vec
  aLonLat: Position
  bLonLat: Position
}

interface Ring {
  /** lon/lat pairs, closed. */
  points: Position[]
  minLon: number
  maxLon: number
  minLat: number
  maxLat: number
}

/** An area prepared for many distance questions. */
export interface PreparedArea {
  /** Polygons: outer ring then holes. */
  polygons: Ring[][]
  edges: Edge[]
  /** Runs of CHUNK consecutive edges with a cap holding them, to skip far edges. */
  chunks: Chunk[]
  /** A cap that holds every vertex (and so every edge): its centre and angular radius. */
  centre: Vec
  radiusRad: number
  vertexCount: number
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number]
}

/** Longest piece of an edge, in degrees of longitude or latitude. */
const MAX_PIECE_DEG = 0.25

function edgeOf(from: Position, to: Position): Edge {
  const a = toVec(from[0] as number, from[1] as number)
  const b = toVec(to[0] as number, to[1] as number)
  const c = cross(a, b)
  const len = norm(c)
  const n: Vec = len > 1e-15 ? [c[0] / len, c[1] / len, c[2] / len] : [0, 0, 0]
  return { a, b, n, na: cross(n, a), bn: cross(b, n), aLonLat: from, bLonLat: to }
}

function toVec(lon: number, lat: number): Vec {
  const cl = Math.cos(lat * DEG)
  return [cl * Math.cos(lon * DEG), cl * Math.sin(lon * DEG), Math.sin(lat * DEG)]
}
const dot = (u: Vec, v: Vec) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2]
const cross = (u: Vec, v: Vec): Vec => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
const norm = (u: Vec) => Math.hypot(u[0], u[1], u[2])
const angle = (u: Vec, v: Vec) => Math.atan2(norm(cross(u, v)), dot(u, v))

function closeRing(ring: Position[]): Position[] {
  const first = ring[0]
  const last = ring[ring.length - 1]
  if (!first || !last) return []
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first]
}

/** An area: a polygon, several, or a point of interest (POI). */
export type AreaShape = Polygon | MultiPolygon | Point

/** Counts vertices of an area (closing points included), for the complexity budget. */
export function areaVertexCount(geometry: AreaShape): number {
  if (geometry.type === 'Point') return 1
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  let n = 0
  for (const rings of polygons) for (const r of rings) n += r.length
  return n
}

/** Prepares an area in lon/lat degrees. */
export function prepareArea(geometry: AreaShape): PreparedArea {
  if (geometry.type === 'Point') {
    const [lon, lat] = geometry.coordinates as [number, number]
    const v = toVec(lon, lat)
    const p: Position = [lon, lat]
    const edges = [edgeOf(p, p)]
    return { polygons: [], edges, chunks: chunksOf(edges), centre: v, radiusRad: 0, vertexCount: 1, bbox: [lon, lat, lon, lat] }
  }
  const source = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  const polygons: Ring[][] = []
  const edges: Edge[] = []
  const vertices: Vec[] = []
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const rings of source) {
    const prepared: Ring[] = []
    for (const raw of rings) {
      const points = closeRing(raw)
      if (points.length === 0) continue
      let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity]
      for (let i = 0; i < points.length; i++) {
        const p = points[i] as Position
        const lon = p[0] as number
        const lat = p[1] as number
        minLon = Math.min(minLon, lon)
        maxLon = Math.max(maxLon, lon)
        minLat = Math.min(minLat, lat)
        maxLat = Math.max(maxLat, lat)
        const v = toVec(lon, lat)
        vertices.push(v)
        if (i > 0) {
          const q = points[i - 1] as Position
          const q0 = q[0] as number
          const q1 = q[1] as number
          const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(lon - q0), Math.abs(lat - q1)) / MAX_PIECE_DEG))
          let from: Position = q
          for (let k = 1; k <= pieces; k++) {
            const to: Position = k === pieces ? p : [q0 + ((lon - q0) * k) / pieces, q1 + ((lat - q1) * k) / pieces]
            edges.push(edgeOf(from, to))
            from = to
          }
        }
      }
      prepared.push({ points, minLon, maxLon, minLat, maxLat })
      w = Math.min(w, minLon)
      s = Math.min(s, minLat)
      e = Math.max(e, maxLon)
      n = Math.max(n, maxLat)
    }
    if (prepared.length > 0) polygons.push(prepared)
  }
  if (vertices.length === 0) throw new Error('empty area')
  const sum: Vec = [0, 0, 0]
  for (const v of vertices) {
    sum[0] += v[0]
    sum[1] += v[1]
    sum[2] += v[2]
  }
  const len = norm(sum)
  const centre: Vec = len > 1e-9 ? [sum[0] / len, sum[1] / len, sum[2] / len] : (vertices[0] as Vec)
  let radiusRad = 0
  for (const v of vertices) radiusRad = Math.max(radiusRad, angle(centre, v))
  return { polygons, edges, chunks: chunksOf(edges), centre, radiusRad, vertexCount: vertices.length, bbox: [w, s, e, n] }
}

function inRing(ring: Ring, lon: number, lat: number): boolean {
  if (lon < ring.minLon || lon > ring.maxLon || lat < ring.minLat || lat > ring.maxLat) return false
  const pts = ring.points
  let inside = false
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const pi = pts[i] as Position
    const pj = pts[j] as Position
    const xi = pi[0] as number
    const yi = pi[1] as number
    const xj = pj[0] as number
    const yj = pj[1] as number
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Whether a point lies inside the area (in a polygon's outer ring and in none of its holes). */
export function isInside(area: PreparedArea, lon: number, lat: number): boolean {
  for (const rings of area.polygons) {
    const [outer, ...holes] = rings
    if (outer && inRing(outer, lon, lat) && !holes.some((h) => inRing(h, lon, lat))) return true
  }
  return false
}

/**
 * How far p is from an edge on the sphere, as 1 − cos(angle) (cheap, and ordered like the angle),
 * with the nearest point: the foot of the perpendicular when it falls between the ends, else the
 * nearer end.
 */
function edgeKey(edge: Edge, p: Vec): number {
  const { a, b, n, na, bn } = edge
  if (n[0] !== 0 || n[1] !== 0 || n[2] !== 0) {
    if (dot(p, na) >= 0 && dot(p, bn) >= 0) {
      const h = dot(p, n)
      return 1 - Math.sqrt(Math.max(0, 1 - h * h))
    }
  }
  return 1 - Math.max(dot(p, a), dot(p, b))
}

function nearestOnEdge(edge: Edge, p: Vec): Vec {
  const { a, b, n, na, bn } = edge
  if ((n[0] !== 0 || n[1] !== 0 || n[2] !== 0) && dot(p, na) >= 0 && dot(p, bn) >= 0) {
    const h = dot(p, n)
    const proj: Vec = [p[0] - h * n[0], p[1] - h * n[1], p[2] - h * n[2]]
    const l = norm(proj)
    if (l > 1e-12) return [proj[0] / l, proj[1] / l, proj[2] / l]
  }
  return dot(p, a) >= dot(p, b) ? a : b
}

const lonLatOf = (v: Vec): [number, number] => [Math.atan2(v[1], v[0]) / DEG, Math.atan2(v[2], Math.hypot(v[0], v[1])) / DEG]

/** Geodesic distance in km between two lon/lat points (WGS-84). */
export function geodesicKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  return (WGS84.Inverse(lat1, lon1, lat2, lon2, geographiclib.Geodesic.DISTANCE).s12 ?? 0) / 1000
}

/**
 * A lower bound of the distance in km from a point to the area, from its bounding cap alone (0 when
 * the point is in the cap); cheap, for skipping far points.
 */
export function distanceLowerBoundKm(area: PreparedArea, lon: number, lat: number): number {
  return Math.max(0, angle(toVec(lon, lat), area.centre) - area.radiusRad) * LOWER_KM_PER_RAD
}

/**
 * The nearest edges on the sphere: the least angle, and the edges within 1 % (plus 100 m) of it
 * (the ellipsoid may order those otherwise). Chunks of edges whose cap lies beyond that are skipped.
 */
function nearestEdges(area: PreparedArea, p: Vec): { bestRad: number; candidates: number[] } {
  const { chunks, edges } = area
  const lower = new Float64Array(chunks.length)
  const order: number[] = []
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c] as Chunk
    lower[c] = Math.max(0, Math.acos(Math.max(-1, Math.min(1, dot(p, chunk.centre)))) - chunk.radiusRad - 1e-7)
    order.push(c)
  }
  order.sort((a, b) => (lower[a] as number) - (lower[b] as number))
  const window = (rad: number) => rad * 1.01 + 1.6e-5
  let bestKey = Infinity
  let bestRad = Infinity
  const found: Array<[number, number]> = []
  for (const c of order) {
    if ((lower[c] as number) > window(bestRad)) break
    const chunk = chunks[c] as Chunk
    for (let i = chunk.from; i < chunk.to; i++) {
      const k = edgeKey(edges[i] as Edge, p)
      if (k < bestKey) {
        bestKey = k
        bestRad = Math.acos(Math.max(-1, Math.min(1, 1 - k)))
      }
      found.push([i, k])
    }
  }
  const limitKey = 1 - Math.cos(Math.min(Math.PI, window(bestRad)))
  return { bestRad, candidates: found.filter(([, k]) => k <= limitKey).map(([i]) => i) }
}

/** Km per radian of the sphere of geodetic coordinates; geodesics on WGS-84 are within 1 % of it (0.56 % at most). */
const KM_PER_RAD = 6371.0088

/**
 * Cheap bounds of the distance in km (spherical, within 1 %): exact 0 inside; otherwise lower and
 * upper bounds of the geodesic distance. The pass finder measures exactly only when the reach lies
 * between them.
 */
export function distanceBoundsKm(area: PreparedArea, lon: number, lat: number): { lower: number; upper: number } {
  if (isInside(area, lon, lat)) return { lower: 0, upper: 0 }
  const { bestRad } = nearestEdges(area, toVec(lon, lat))
  const approx = bestRad * KM_PER_RAD
  return { lower: Math.max(0, approx * 0.99 - 0.05), upper: approx * 1.01 + 0.05 }
}

/** The distance in km from a point to the area (0 inside) and the nearest point of the area. */
export function distanceToArea(area: PreparedArea, lon: number, lat: number): { km: number; nearest: [number, number] } {
  if (isInside(area, lon, lat)) return { km: 0, nearest: [lon, lat] }
  const p = toVec(lon, lat)
  const { candidates } = nearestEdges(area, p)
  let km = Infinity
  let nearest: [number, number] = [lon, lat]
  for (const i of candidates) {
    const q = lonLatOf(nearestOnEdge(area.edges[i] as Edge, p))
    const d = geodesicKm(lon, lat, q[0], q[1])
    if (d < km) {
      km = d
      nearest = q
    }
  }
  return { km, nearest }
}
