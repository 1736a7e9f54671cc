import type { Geometry as GeoJsonGeometry } from 'geojson'
import GeoJSON from 'ol/format/GeoJSON'
import type Circle from 'ol/geom/Circle'
import type Geometry from 'ol/geom/Geometry'
import Polygon, { fromCircle } from 'ol/geom/Polygon'
import { transformExtent } from 'ol/proj'
import type { LonLatBBox } from './bbox'

/** The map's projection (Web Mercator); every GeoJSON in and out of the map is WGS84 degrees. */
export const MAP_PROJECTION = 'EPSG:3857'
export const DATA_PROJECTION = 'EPSG:4326'

export { bboxToPolygon, type LonLatBBox } from './bbox'

const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: MAP_PROJECTION })

/** Segments of the polygon that stands for a drawn circle in a query. */
export const CIRCLE_SEGMENTS = 64

/** A circle drawn on the map as the polygon a spatial query can use. */
export function circleToPolygon(circle: Circle, sides = CIRCLE_SEGMENTS): Polygon {
  return fromCircle(circle, sides)
}

/** A map geometry (EPSG:3857) as WGS84 GeoJSON, coordinates rounded to 7 decimals (about 1 cm). */
export function toLonLatGeoJSON(geometry: Geometry): GeoJsonGeometry {
  const geo = geometry.getType() === 'Circle' ? circleToPolygon(geometry as Circle) : geometry
  return roundCoordinates(format.writeGeometryObject(geo) as GeoJsonGeometry)
}

/** WGS84 GeoJSON as a map geometry (EPSG:3857). */
export function fromLonLatGeoJSON(geometry: GeoJsonGeometry): Geometry {
  const read = format.readGeometry(geometry)
  if (!read) throw new TypeError('not a GeoJSON geometry')
  return read
}

function roundCoordinates<T>(node: T): T {
  if (typeof node === 'number') return (Math.round(node * 1e7) / 1e7) as T
  if (Array.isArray(node)) return node.map(roundCoordinates) as T
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'type' ? v : roundCoordinates(v)])) as T
  }
  return node
}

/** A map extent (EPSG:3857) as a WGS84 bbox, clamped to valid degrees and rounded to 6 decimals. */
export function extentToLonLat(extent: number[]): LonLatBBox {
  const [a, b, c, d] = transformExtent(extent, MAP_PROJECTION, DATA_PROJECTION)
  const r = (v: number) => Math.round(v * 1e6) / 1e6
  return [r(Math.max(-180, a ?? -180)), r(Math.max(-85, b ?? -85)), r(Math.min(180, c ?? 180)), r(Math.min(85, d ?? 85))]
}

/** A WGS84 bbox as a map extent (EPSG:3857). */
export function lonLatToExtent(bbox: LonLatBBox): number[] {
  return transformExtent(bbox, DATA_PROJECTION, MAP_PROJECTION)
}

export { Polygon }
