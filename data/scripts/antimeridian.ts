/**
 * Polygons drawn for the sphere (world-atlas, d3-geo) made ready for planar EPSG:4326.
 *
 * On the sphere an edge from 179.9° to −180° is a short step across the antimeridian; a planar
 * renderer draws it across the whole map, so a ring that crosses the antimeridian becomes a band
 * round the world (Russia at 65–71°N, Fiji at 16.5°S). A ring that goes round a pole (Antarctica's
 * coast) crosses the antimeridian once and does not close in the plane at all.
 *
 * `unwrapPolygons` makes every ring continuous (longitudes may then run past ±180), closes a ring
 * that goes round a pole along that pole's parallel (±90°), and leaves polygons without such edges
 * as they are. The caller then cuts at ±180 and moves the outer parts back (PostGIS
 * `ST_WrapX(ST_WrapX(g, 180, -360), -180, 360)`).
 */

export type Position = number[]
export type PolygonCoordinates = Position[][]
export type AreaGeometry =
  | { type: 'Polygon'; coordinates: PolygonCoordinates }
  | { type: 'MultiPolygon'; coordinates: PolygonCoordinates[] }

const x = (p: Position) => p[0] as number
const y = (p: Position) => p[1] as number

/** Whether a consecutive pair of positions of some ring lies more than 180° of longitude apart. */
export function crossesAntimeridian(geometry: AreaGeometry): boolean {
  return polygonsOf(geometry).some((polygon) => polygon.some(ringCrosses))
}

function ringCrosses(ring: Position[]): boolean {
  return ring.some((p, i) => i > 0 && Math.abs(x(p) - x(ring[i - 1] as Position)) > 180)
}

function polygonsOf(geometry: AreaGeometry): PolygonCoordinates[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
}

interface Unwrapped {
  ring: Position[]
  /** whole turns round the globe: 0 for a ring that closes in the plane, ±1 for one round a pole */
  turns: number
}

/** Adds ±360 to longitudes after every edge longer than 180°, so each edge is the short way round. */
export function unwrapRing(ring: Position[]): Unwrapped {
  let offset = 0
  const out = ring.map((p, i) => {
    if (i > 0) {
      const dx = x(p) - x(ring[i - 1] as Position)
      if (dx > 180) offset -= 360
      else if (dx < -180) offset += 360
    }
    return [x(p) + offset, ...p.slice(1)]
  })
  return { ring: out, turns: Math.round(offset / 360) }
}

/**
 * A ring round a pole, unwrapped (it ends 360° east or west of where it starts), closed along the
 * pole's parallel: the area between the ring and the pole.
 */
function closeAtPole(ring: Position[]): Position[] {
  const first = ring[0] as Position
  const last = ring[ring.length - 1] as Position
  const pole = ring.reduce((s, p) => s + y(p), 0) < 0 ? -90 : 90
  return [...ring, [x(last), pole], [x(first), pole], [x(first), y(first)]]
}

/** Moves a ring by whole turns so that its first longitude lies within 180° of `center`. */
function near(ring: Position[], center: number): Position[] {
  const shift = Math.round((center - x(ring[0] as Position)) / 360) * 360
  return shift === 0 ? ring : ring.map((p) => [x(p) + shift, ...p.slice(1)])
}

/**
 * The polygons of a spherical geometry with continuous rings. A polygon whose rings have no edge
 * longer than 180° comes back unchanged. Otherwise its rings are unwrapped; a ring round a pole
 * becomes a polygon of its own, closed at the pole (they overlap where one such ring lies inside
 * another, as Antarctica's coast and world-atlas's tiny ring at −89.999°: a union resolves it), and
 * holes are moved next to their exterior.
 */
export function unwrapPolygons(geometry: AreaGeometry): PolygonCoordinates[] {
  const result: PolygonCoordinates[] = []
  for (const polygon of polygonsOf(geometry)) {
    if (!polygon.some(ringCrosses)) {
      result.push(polygon)
      continue
    }
    const rings = polygon.map(unwrapRing)
    const polar = rings.filter((r) => r.turns !== 0).map((r) => closeAtPole(r.ring))
    const closed = rings.filter((r) => r.turns === 0).map((r) => r.ring)
    if (polar.length > 0) {
      // rings that close in the plane are holes of the polar area (lakes, ice-free islands in the ice)
      const [first, ...others] = polar as [Position[], ...Position[][]]
      const center = (Math.min(...first.map(x)) + Math.max(...first.map(x))) / 2
      result.push([first, ...closed.map((r) => near(r, center))], ...others.map((r) => [r]))
      continue
    }
    const [exterior, ...holes] = closed as [Position[], ...Position[][]]
    const center = (Math.min(...exterior.map(x)) + Math.max(...exterior.map(x))) / 2
    result.push([exterior, ...holes.map((r) => near(r, center))])
  }
  return result
}
