import GeoJSON from 'ol/format/GeoJSON'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Fill, Stroke, Style, Text } from 'ol/style'
import { DATA_PROJECTION, MAP_PROJECTION } from './geometry'

/** A region boundary as the region API answers it (GeoJSON Feature, WGS84). */
export interface BoundaryFeature {
  type: 'Feature'
  geometry: { type: string; coordinates: unknown[] }
  properties: { code: string; name: string; level: string }
}

/** The statistics map's regions and how a screen updates them. */
export interface RegionLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the regions (feature id = region code). */
  setRegions(boundaries: readonly BoundaryFeature[]): void
  /** Fill colours by region code (null: not drawn) and the code marked as the largest. */
  setColors(colors: ReadonlyMap<string, string | null>, largest: string | null): void
  /** The map extent of the regions, or undefined when there is none. */
  extent(): number[] | undefined
}

const OUTLINE = new Stroke({ color: 'rgba(60, 60, 60, 0.7)', width: 0.8 })
const LARGEST = new Stroke({ color: '#1677ff', width: 3 })

/** Fill with a colour in hex and an opacity. */
function fillOf(hex: string, opacity: number): Fill {
  const n = Number.parseInt(hex.slice(1), 16)
  return new Fill({ color: `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})` })
}

/**
 * Creates the choropleth of a region's children (SPEC §9 legend colours), drawn above the base map;
 * `fillOpacity` 0.8 unless a screen draws shapes over it and wants it lighter.
 */
export function createRegionLayer({ fillOpacity = 0.8 }: { fillOpacity?: number } = {}): RegionLayer {
  const source = new VectorSource()
  let colors: ReadonlyMap<string, string | null> = new Map()
  let largest: string | null = null
  const cache = new Map<string, Style>()
  const layer = new VectorLayer({
    source,
    zIndex: 20,
    style: (feature) => {
      const code = String(feature.getId())
      const color = colors.get(code)
      if (!color) return new Style({ stroke: OUTLINE })
      const isLargest = code === largest
      const key = `${color}|${isLargest}|${feature.get('name')}`
      let style = cache.get(key)
      if (!style) {
        style = new Style({
          fill: fillOf(color, fillOpacity),
          stroke: isLargest ? LARGEST : OUTLINE,
          zIndex: isLargest ? 2 : 1,
          text: new Text({ text: String(feature.get('name') ?? ''), font: '12px sans-serif', overflow: false }),
        })
        cache.set(key, style)
      }
      return style
    },
  })
  const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: MAP_PROJECTION })
  return {
    layer,
    setRegions(boundaries) {
      source.clear()
      const features = boundaries.map((b) => {
        const feature = format.readFeature(b)
        const one = Array.isArray(feature) ? feature[0] : feature
        one?.setId(b.properties.code)
        one?.set('name', b.properties.name)
        return one
      })
      source.addFeatures(features.filter((f) => f !== undefined))
    },
    setColors(next, nextLargest) {
      colors = next
      largest = nextLargest
      layer.changed()
    },
    extent() {
      return source.getFeatures().length === 0 ? undefined : (source.getExtent() ?? undefined)
    },
  }
}
