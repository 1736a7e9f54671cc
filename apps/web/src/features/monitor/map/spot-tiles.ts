import type { MonitorModuleDecl } from '@rs/shared'
import type { FeatureLike } from 'ol/Feature'
import MVT from 'ol/format/MVT'
import VectorTileLayer from 'ol/layer/VectorTile'
import VectorTileSource from 'ol/source/VectorTile'
import type { Style } from 'ol/style'
import type VectorTile from 'ol/VectorTile'
import { authHeaders } from '../../../lib/api-client'
import { spotStyle } from './spot-layer'

/** Above this many spots in the list's answer the detail map draws all of them from vector tiles, not only the page. */
export const MANY_SPOTS = 200

/** The vector-tile URL template of a module's spot layer (the map services' registry name of its declaration). */
export function spotTileUrl(module: MonitorModuleDecl): string | null {
  const layer = module.layers.find((l) => l.kind === 'spots')
  return layer ? `/map/tiles/${layer.name}/{z}/{x}/{y}.mvt` : null
}

/**
 * Loads a tile with the session token as a header (the map services read the same `token` header
 * as /api; a token in the URL would end up in logs). A refused tile (401/403: outside the caller's
 * area ranges) is an empty tile, not an error: the view may reach past the range.
 */
export function loadWithToken(tile: VectorTile<FeatureLike>, url: string): void {
  const format = new MVT()
  tile.setLoader((extent, _resolution, projection) => {
    fetch(url, { headers: authHeaders() })
      .then(async (response) => {
        if (!response.ok) {
          tile.setFeatures([])
          return
        }
        const features = format.readFeatures(await response.arrayBuffer(), { extent, featureProjection: projection })
        tile.setFeatures(features)
      })
      .catch(() => tile.setState(3))
  })
}

/**
 * All spots of a module inside the caller's area ranges, from the module's protected vector tiles
 * (modules/map/layers.ts), each in its type's colour; used when the list holds more spots than a
 * page shows. Feature property `id` is the spot id.
 */
export function createSpotTileLayer(module: MonitorModuleDecl): VectorTileLayer | null {
  const url = spotTileUrl(module)
  if (!url) return null
  const colors = new Map(module.spotTypes.map((s) => [s.value, s.color]))
  const styles = new Map<string, Style>()
  const layer = new VectorTileLayer({
    zIndex: 28,
    declutter: false,
    renderMode: 'hybrid',
    style: (feature) => {
      const type = String(feature.get('spot_type'))
      let style = styles.get(type)
      if (!style) {
        style = spotStyle(colors.get(type) ?? '#888888', false)
        styles.set(type, style)
      }
      return style
    },
  })
  layer.setSource(
    new VectorTileSource({
      format: new MVT(),
      url,
      maxZoom: 16,
      tileLoadFunction: (tile, src) => loadWithToken(tile as VectorTile<FeatureLike>, src),
    }),
  )
  return layer
}
