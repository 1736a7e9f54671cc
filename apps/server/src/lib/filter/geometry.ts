import { type Box, FILTER_LIMITS, FilterError } from './ast'

/**
 * Geometries a client sends (a GeoJSON object, or WKT parsed into one): checked for shape, ranges
 * and size before any reaches the database, and written back as plain GeoJSON text.
 */

export const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const
export type GeometryType = (typeof GEOMETRY_TYPES)[number]

const bad = (reason: string) => new FilterError('stac.cql2.badGeometry', { reason })

/** Nesting depth of `coordinates` for each type. */
const DEPTH: Record<GeometryType, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 }

function position(p: unknown): [number, number] {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((v) => typeof v === 'number' && Number.isFinite(v)))
    throw bad('坐标应为 [经度, 纬度] 数字对')
  const [lon, lat] = p as [number, number]
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) throw bad(`坐标 [${lon}, ${lat}] 超出经度 -180–180、纬度 -90–90 的范围`)
  return [lon, lat]
}

/**
 * A checked copy of a GeoJSON geometry (2D, WGS84): rings closed with at least 4 positions, lines
 * of at least 2, all positions inside the world; at most `maxVertices` positions overall.
 */
export function checkGeometry(
  value: unknown,
  maxVertices: number = FILTER_LIMITS.maxVertices,
): { type: GeometryType; coordinates: unknown } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('应为 GeoJSON 几何对象')
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown }
  if (typeof type !== 'string' || !(GEOMETRY_TYPES as readonly string[]).includes(type))
    throw bad(`几何类型应为 ${GEOMETRY_TYPES.join('、')} 之一`)
  const t = type as GeometryType
  let vertices = 0
  const walk = (node: unknown, depth: number, role: 'line' | 'ring' | 'points' | 'none'): unknown => {
    if (depth === 0) {
      vertices += 1
      if (vertices > maxVertices) throw new FilterError('stac.cql2.tooManyVertices', { max: maxVertices })
      return position(node)
    }
    if (!Array.isArray(node)) throw bad('coordinates 的嵌套层数与几何类型不符')
    const out = node.map((child) => walk(child, depth - 1, nextRole(t, depth - 1)))
    if (role === 'line' && out.length < 2) throw bad('线至少需要 2 个点')
    if (role === 'ring') {
      if (out.length < 4) throw bad('面的每个环至少需要 4 个点（首尾相同）')
      const first = out[0] as number[]
      const last = out[out.length - 1] as number[]
      if (first[0] !== last[0] || first[1] !== last[1]) throw bad('面的环应首尾闭合')
    }
    if (role === 'none' && out.length === 0 && depth > 0) throw bad('几何不能为空')
    return out
  }
  const checked = walk(coordinates, DEPTH[t], nextRole(t, DEPTH[t]))
  return { type: t, coordinates: checked }
}

/** What the array at a given depth of a type's coordinates is. */
function nextRole(t: GeometryType, depth: number): 'line' | 'ring' | 'points' | 'none' {
  if (depth === 1 && (t === 'LineString' || t === 'MultiLineString')) return 'line'
  if (depth === 1 && (t === 'Polygon' || t === 'MultiPolygon')) return 'ring'
  if (depth === 1 && t === 'MultiPoint') return 'points'
  return 'none'
}

/** A bbox as a GeoJSON polygon (the intersects operand of CQL2's BBOX / ENVELOPE). */
export function boxPolygon(box: Box): { type: 'Polygon'; coordinates: number[][][] } {
  const { minx, miny, maxx, maxy } = box
  return {
    type: 'Polygon',
    coordinates: [
      [
        [minx, miny],
        [maxx, miny],
        [maxx, maxy],
        [minx, maxy],
        [minx, miny],
      ],
    ],
  }
}

/**
 * A bbox array [w, s, e, n] or [w, s, zmin, e, n, zmax] checked against the world; a west greater
 * than east crosses the antimeridian and comes back as two boxes.
 */
export function checkBbox(values: readonly number[]): Box[] {
  if (!(values.length === 4 || values.length === 6) || !values.every((v) => typeof v === 'number' && Number.isFinite(v)))
    throw new FilterError('stac.errors.badBbox')
  const [w, s, e, n] = (values.length === 4 ? values : [values[0], values[1], values[3], values[4]]) as [number, number, number, number]
  if (w < -180 || w > 180 || e < -180 || e > 180 || s < -90 || n > 90 || s > n) throw new FilterError('stac.errors.badBbox')
  if (w <= e) return [{ minx: w, miny: s, maxx: e, maxy: n }]
  return [
    { minx: w, miny: s, maxx: 180, maxy: n },
    { minx: -180, miny: s, maxx: e, maxy: n },
  ]
}
