import type { MultiPolygon, Polygon, Position } from 'geojson'
import initGeos from 'geos-wasm'
import { geojsonToGeosGeom, geosGeomToGeojson } from 'geos-wasm/helpers'

/**
 * Repair of user-drawn or uploaded areas with GEOS (WebAssembly), meant to run in a worker thread
 * of lib/workers: each polygon is made valid by GEOS's 'structure' method (shells unioned, holes
 * subtracted, so a self-crossing outline keeps the area it encloses), then all are unioned into one
 * valid MultiPolygon. The database then only stores and measures a valid shape, never repairs one.
 */

type Geos = Awaited<ReturnType<typeof initGeos>>

let geosReady: Promise<Geos> | undefined
const geos = () => {
  geosReady ??= initGeos()
  return geosReady
}

const STRUCTURE_METHOD = 1
const GEOS_GEOMETRYCOLLECTION = 7

export interface RepairedArea {
  /** The valid area as a GeoJSON MultiPolygon, lon/lat degrees. */
  geometry: MultiPolygon
  /** Vertices of the repaired area. */
  vertexCount: number
}

const closed = (ring: Position[]): Position[] => {
  const first = ring[0]
  const last = ring[ring.length - 1]
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring
}

/** Makes one valid MultiPolygon of the polygons (rings of [lon, lat]); undefined when no area is left. */
export async function repairArea(polygons: Position[][][]): Promise<RepairedArea | undefined> {
  const g = await geos()
  const params = g.GEOSMakeValidParams_create()
  g.GEOSMakeValidParams_setMethod(params, STRUCTURE_METHOD)
  g.GEOSMakeValidParams_setKeepCollapsed(params, 0)
  const parts: number[] = []
  let union = 0
  try {
    for (const rings of polygons) {
      const usable = rings.map(closed).filter((r) => r.length >= 4)
      if (usable.length === 0 || (usable[0]?.length ?? 0) < 4) continue
      const raw = geojsonToGeosGeom({ type: 'Polygon', coordinates: usable } as Polygon, g)
      if (!raw) continue
      const valid = g.GEOSMakeValidWithParams(raw, params)
      g.GEOSGeom_destroy(raw)
      if (valid) parts.push(valid)
    }
    if (parts.length === 0) return undefined
    const array = g.Module._malloc(4 * parts.length)
    g.Module.HEAPU32.set(Uint32Array.from(parts), array / 4)
    // the collection takes ownership of the parts
    const collection = g.GEOSGeom_createCollection(GEOS_GEOMETRYCOLLECTION, array, parts.length)
    g.Module._free(array)
    parts.length = 0
    union = g.GEOSUnaryUnion(collection)
    g.GEOSGeom_destroy(collection)
    if (!union) return undefined
    const geometry = toMultiPolygon(geosGeomToGeojson(union, g))
    if (!geometry || geometry.coordinates.length === 0) return undefined
    let vertexCount = 0
    for (const polygon of geometry.coordinates) for (const ring of polygon) vertexCount += ring.length
    return { geometry, vertexCount }
  } finally {
    for (const p of parts) g.GEOSGeom_destroy(p)
    if (union) g.GEOSGeom_destroy(union)
    g.GEOSMakeValidParams_destroy(params)
  }
}

function toMultiPolygon(value: unknown): MultiPolygon | undefined {
  const geometry = value as { type?: string; coordinates?: unknown; geometries?: unknown[] }
  if (geometry.type === 'MultiPolygon') return geometry as MultiPolygon
  if (geometry.type === 'Polygon') return { type: 'MultiPolygon', coordinates: [(geometry as Polygon).coordinates] }
  if (geometry.type === 'GeometryCollection') {
    const polygons = (geometry.geometries ?? []).flatMap((child) => toMultiPolygon(child)?.coordinates ?? [])
    return { type: 'MultiPolygon', coordinates: polygons }
  }
  return undefined
}

/** Whether the polygons (rings of [lon, lat]) form one valid MultiPolygon as they are, by GEOS's own test. */
export async function isValidArea(polygons: Position[][][]): Promise<boolean> {
  const g = await geos()
  const geometry = geojsonToGeosGeom({ type: 'MultiPolygon', coordinates: polygons } as MultiPolygon, g)
  if (!geometry) return false
  try {
    return g.GEOSisValid(geometry) === 1
  } finally {
    g.GEOSGeom_destroy(geometry)
  }
}
