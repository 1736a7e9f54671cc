import MVT from 'ol/format/MVT'
import VectorTileLayer from 'ol/layer/VectorTile'
import VectorTileSource from 'ol/source/VectorTile'
import { Stroke, Style } from 'ol/style'

/**
 * Past this many matching scenes the map draws every matching footprint from the server's vector
 * tiles (POST /api/normalmeta/tiles), under the page's own footprints: a page holds at most 100,
 * the tiles hold the rest so that 10,000 footprints stay smooth.
 */
export const FOOTPRINT_TILE_THRESHOLD = 500

/** Whether a search with this many matches draws all of them as vector tiles. */
export function usesFootprintTiles(total: number | undefined, threshold: number = FOOTPRINT_TILE_THRESHOLD): boolean {
  return total !== undefined && total > threshold
}

/** Light outline of the matching footprints beyond the page (the page's own stay blue and clickable). */
export const FOOTPRINT_TILE_STYLE = new Style({
  // outlines only: a fill would add up to a solid blue where thousands overlap
  stroke: new Stroke({ color: 'rgba(22, 119, 255, 0.3)', width: 0.6 }),
})

/** The layer of all matching footprints; `show(url)` points it at a tile URL template, `show(null)` empties it. */
export interface FootprintTileLayer {
  layer: VectorTileLayer
  show(url: string | null): void
  url(): string | null
}

/** Creates the all-matching footprint layer, below the page's footprint layer (zIndex 25). */
export function createFootprintTileLayer(): FootprintTileLayer {
  let current: string | null = null
  const layer = new VectorTileLayer({ zIndex: 24, style: FOOTPRINT_TILE_STYLE, renderMode: 'hybrid', declutter: false })
  return {
    layer,
    show(url) {
      if (url === current) return
      current = url
      // the scene tiles stop at the server's max zoom; deeper views overzoom the last level
      layer.setSource(url ? new VectorTileSource({ format: new MVT(), url, maxZoom: 14 }) : null)
    },
    url: () => current,
  }
}
