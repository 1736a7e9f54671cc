import ImageLayer from 'ol/layer/Image'
import ImageStatic from 'ol/source/ImageStatic'
import { DATA_PROJECTION, type LonLatBBox } from './geometry'

/** The WGS84 bbox of a GeoJSON Polygon or MultiPolygon: [min lon, min lat, max lon, max lat]. */
export function geometryBBox(geometry: { coordinates: unknown }): LonLatBBox | null {
  let w = Number.POSITIVE_INFINITY
  let s = Number.POSITIVE_INFINITY
  let e = Number.NEGATIVE_INFINITY
  let n = Number.NEGATIVE_INFINITY
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return
    if (typeof node[0] === 'number' && typeof node[1] === 'number') {
      w = Math.min(w, node[0])
      e = Math.max(e, node[0])
      s = Math.min(s, node[1])
      n = Math.max(n, node[1])
      return
    }
    for (const child of node) walk(child)
  }
  walk(geometry.coordinates)
  return Number.isFinite(w) && w < e && s < n ? [w, s, e, n] : null
}

/** The quicklook of the opened scene laid on the map, above the footprints' fill. */
export function createQuicklookLayer(): ImageLayer<ImageStatic> {
  return new ImageLayer({ zIndex: 24, opacity: 0.95 })
}

/**
 * Lays a quicklook picture on the map in a lon/lat bbox (the picture is drawn in that bbox, plate
 * carrée, transparent outside the footprint; OpenLayers reprojects it to the map). Null clears it.
 */
export function showQuicklook(layer: ImageLayer<ImageStatic>, image: { url: string; bbox: LonLatBBox } | null): void {
  if (!image) {
    layer.setSource(null)
    return
  }
  layer.setSource(new ImageStatic({ url: image.url, imageExtent: image.bbox, projection: DATA_PROJECTION }))
}
