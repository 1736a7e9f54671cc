import { getCenter } from 'ol/extent'
import type Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import { DATA_PROJECTION, MAP_PROJECTION } from '../../../map/geometry'

/** Ten well-separated colours for the units' items (Tableau 10). */
const UNIT_COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#ff9da7', '#bab0ac', '#e15759']
/** The overlaps: a strong violet with a white halo, apart from the choropleth's yellow-to-red and the units' colours. */
export const OVERLAP_COLOR = '#7b1fa2'
/** A shape narrower than this many pixels is also drawn as a dot, so a national view still shows it. */
const MIN_SHAPE_PIXELS = 6

/** A unit's colour on the map and in the unit legend, the same for its code in every year and region. */
export function unitColor(unitRegion: string): string {
  let hash = 0
  for (const char of unitRegion) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003
  return UNIT_COLORS[hash % UNIT_COLORS.length] as string
}

function rgba(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** The plans' shapes on the map and how the screen updates them. */
export interface PlanShapeLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the shapes (GeoJSON features in WGS84; each keeps its properties). */
  setFeatures(features: readonly unknown[] | undefined): void
  /** The map extent of the shapes whose properties match, or undefined when none does. */
  extentOf(match: (properties: Record<string, unknown>) => boolean): number[] | undefined
  /** Marks the shapes whose properties match (drawn thicker), or none. */
  highlight(match: ((properties: Record<string, unknown>) => boolean) | null): void
}

const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: MAP_PROJECTION })

function shapeLayer(styleOf: (feature: Feature, isMarked: boolean) => Style | Style[], zIndex: number): PlanShapeLayer {
  const source = new VectorSource()
  let marked: ((properties: Record<string, unknown>) => boolean) | null = null
  const layer = new VectorLayer({
    source,
    zIndex,
    style: (feature, resolution) => {
      const isMarked = marked?.(feature.getProperties()) ?? false
      const style = styleOf(feature as Feature, isMarked)
      const styles = Array.isArray(style) ? style : [style]
      const extent = feature.getGeometry()?.getExtent()
      if (!extent || Math.max(extent[2] - extent[0], extent[3] - extent[1]) / resolution >= MIN_SHAPE_PIXELS) return styles
      const color = (styles[styles.length - 1]?.getStroke()?.getColor() as string | undefined) ?? OVERLAP_COLOR
      const dot = new Style({
        geometry: new Point(getCenter(extent)),
        image: new Circle({ radius: isMarked ? 6 : 4, fill: new Fill({ color }), stroke: new Stroke({ color: '#ffffff', width: 1 }) }),
        zIndex: 3,
      })
      return [...styles, dot]
    },
  })
  return {
    layer,
    setFeatures(features) {
      source.clear()
      if (features && features.length > 0)
        source.addFeatures(format.readFeatures({ type: 'FeatureCollection', features: features as never[] }) as Feature[])
    },
    extentOf(match) {
      const found = source.getFeatures().filter((f) => match(f.getProperties()))
      if (found.length === 0) return undefined
      const extent = found[0]?.getGeometry()?.getExtent().slice() as number[]
      for (const f of found.slice(1)) {
        const e = f.getGeometry()?.getExtent()
        if (!e) continue
        extent[0] = Math.min(extent[0] as number, e[0] as number)
        extent[1] = Math.min(extent[1] as number, e[1] as number)
        extent[2] = Math.max(extent[2] as number, e[2] as number)
        extent[3] = Math.max(extent[3] as number, e[3] as number)
      }
      return extent
    },
    highlight(match) {
      marked = match
      layer.changed()
    },
  }
}

/** The plan items, filled lightly in their unit's colour and outlined in it, above the choropleth. */
export function createPlanItemLayer(zIndex = 30): PlanShapeLayer {
  const cache = new Map<string, Style>()
  return shapeLayer((feature, isMarked) => {
    const color = unitColor(String(feature.get('unitRegion') ?? ''))
    const key = `${color}|${isMarked}`
    let style = cache.get(key)
    if (!style) {
      style = new Style({
        fill: new Fill({ color: rgba(color, isMarked ? 0.5 : 0.3) }),
        stroke: new Stroke({ color, width: isMarked ? 3 : 1.5 }),
        zIndex: isMarked ? 2 : 1,
      })
      cache.set(key, style)
    }
    return style
  }, zIndex)
}

// a white halo under the outline keeps the overlap apart from whatever lies below it
const HALO = new Style({ stroke: new Stroke({ color: '#ffffff', width: 6 }), zIndex: 0 })
const OVERLAP_STYLE = [
  HALO,
  new Style({ fill: new Fill({ color: rgba(OVERLAP_COLOR, 0.6) }), stroke: new Stroke({ color: '#3c0050', width: 2.5 }), zIndex: 1 }),
]
const OVERLAP_MARKED = [
  HALO,
  new Style({ fill: new Fill({ color: rgba(OVERLAP_COLOR, 0.8) }), stroke: new Stroke({ color: '#000000', width: 3.5 }), zIndex: 2 }),
]

/** The overlaps between units' items: strong violet, outlined dark on a white halo, above the items. */
export function createPlanOverlapLayer(zIndex = 40): PlanShapeLayer {
  return shapeLayer((_feature, isMarked) => (isMarked ? OVERLAP_MARKED : OVERLAP_STYLE), zIndex)
}
