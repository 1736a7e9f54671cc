import type { Polygon } from 'geojson'

/** [min longitude, min latitude, max longitude, max latitude] in WGS84 degrees. */
export type LonLatBBox = [number, number, number, number]

/** A WGS84 bbox as a closed GeoJSON polygon (no OpenLayers needed, so stores can use it). */
export function bboxToPolygon([minLon, minLat, maxLon, maxLat]: LonLatBBox): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [minLon, minLat],
        [maxLon, minLat],
        [maxLon, maxLat],
        [minLon, maxLat],
        [minLon, minLat],
      ],
    ],
  }
}
