import type { Geometry as GeoJsonGeometry } from 'geojson'
import Feature from 'ol/Feature'
import VectorLayer from 'ol/layer/Vector'
import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import VectorSource from 'ol/source/Vector'
import { Fill, Stroke, Style } from 'ol/style'
import { fromLonLatGeoJSON } from './geometry'

/** A scene's footprint as the layer needs it: its id and WGS84 GeoJSON (Polygon or MultiPolygon). */
export interface FootprintInput {
  id: string
  footprint: { type: string; coordinates: unknown }
}

/** What the list marks: the hovered scene, the checked scenes and the opened one. */
export interface FootprintHighlight {
  hoveredId: string | null
  activeId: string | null
  checkedIds: ReadonlySet<string>
}

export const FOOTPRINT_STYLES = {
  plain: new Style({ fill: new Fill({ color: 'rgba(22, 119, 255, 0.06)' }), stroke: new Stroke({ color: '#1677ff', width: 1.2 }) }),
  checked: new Style({ fill: new Fill({ color: 'rgba(82, 196, 26, 0.16)' }), stroke: new Stroke({ color: '#389e0d', width: 2 }) }),
  hovered: new Style({
    fill: new Fill({ color: 'rgba(250, 173, 20, 0.28)' }),
    stroke: new Stroke({ color: '#d46b08', width: 3 }),
    zIndex: 2,
  }),
  // the opened scene's quicklook lies under it: outline only
  active: new Style({ stroke: new Stroke({ color: '#cf1322', width: 2.5 }), zIndex: 1 }),
} as const

/** The style of one footprint: hovered over opened over checked over plain. */
export function footprintStyle(id: string, highlight: FootprintHighlight): Style {
  if (highlight.hoveredId === id) return FOOTPRINT_STYLES.hovered
  if (highlight.activeId === id) return FOOTPRINT_STYLES.active
  if (highlight.checkedIds.has(id)) return FOOTPRINT_STYLES.checked
  return FOOTPRINT_STYLES.plain
}

/** The result footprints (落图) and how a screen updates them. */
export interface FootprintLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the footprints (one feature per scene, its id the scene id). */
  setScenes(scenes: readonly FootprintInput[]): void
  setHighlight(highlight: FootprintHighlight): void
  /** The map extent of every footprint, or undefined when there is none. */
  extent(): number[] | undefined
}

/** Creates the footprint layer, drawn above the base map and below the area of interest. */
export function createFootprintLayer(): FootprintLayer {
  const source = new VectorSource()
  let highlight: FootprintHighlight = { hoveredId: null, activeId: null, checkedIds: new Set() }
  const layer = new VectorLayer({
    source,
    zIndex: 25,
    style: (feature) => footprintStyle(String(feature.getId()), highlight),
  })
  return {
    layer,
    setScenes(scenes) {
      source.clear()
      const features: Feature[] = []
      for (const scene of scenes) {
        const feature = new Feature(fromLonLatGeoJSON(scene.footprint as GeoJsonGeometry))
        feature.setId(scene.id)
        features.push(feature)
      }
      source.addFeatures(features)
    },
    setHighlight(next) {
      highlight = next
      layer.changed()
    },
    extent() {
      if (source.getFeatures().length === 0) return undefined
      return source.getExtent() ?? undefined
    },
  }
}

/** The id of the footprint under a pixel (the smallest one when they overlap), or null. */
export function footprintAt(map: OlMap, layer: VectorLayer<VectorSource>, pixel: number[]): string | null {
  let best: { id: string; size: number } | null = null
  map.forEachFeatureAtPixel(
    pixel,
    (feature) => {
      const extent = feature.getGeometry()?.getExtent()
      const size = extent ? (extent[2] - extent[0]) * (extent[3] - extent[1]) : Number.POSITIVE_INFINITY
      if (!best || size < best.size) best = { id: String(feature.getId()), size }
      return undefined
    },
    { layerFilter: (l) => l === layer, hitTolerance: 2 },
  )
  return (best as { id: string } | null)?.id ?? null
}

/** Hover and click on footprints: the id under the pointer (null when it leaves them) and the clicked id. Returns the unbinding. */
export function bindFootprintPointer(
  map: OlMap,
  layer: VectorLayer<VectorSource>,
  handlers: { onHover: (id: string | null) => void; onClick: (id: string) => void },
): () => void {
  let last: string | null = null
  const move = (event: MapBrowserEvent) => {
    if (event.dragging) return
    const id = layer.getVisible() ? footprintAt(map, layer, event.pixel) : null
    if (id !== last) {
      last = id
      handlers.onHover(id)
    }
    map.getTargetElement()?.style.setProperty('cursor', id ? 'pointer' : '')
  }
  const click = (event: MapBrowserEvent) => {
    const id = layer.getVisible() ? footprintAt(map, layer, event.pixel) : null
    if (id) handlers.onClick(id)
  }
  map.on('pointermove', move)
  map.on('singleclick', click)
  return () => {
    map.un('pointermove', move)
    map.un('singleclick', click)
  }
}

/** The uncovered parts of a search area (coverage gaps), hatched red. */
export const GAP_STYLE = new Style({
  fill: new Fill({ color: 'rgba(245, 34, 45, 0.28)' }),
  stroke: new Stroke({ color: '#cf1322', width: 1.5 }),
})

/** A layer for one WGS84 geometry drawn in a fixed style (coverage gaps); `show(null)` clears it. */
export function createGapLayer(): { layer: VectorLayer<VectorSource>; show(geometry: GeoJsonGeometry | null): void } {
  const source = new VectorSource()
  const layer = new VectorLayer({ source, zIndex: 26, style: GAP_STYLE })
  return {
    layer,
    show(geometry) {
      source.clear()
      if (geometry) source.addFeature(new Feature(fromLonLatGeoJSON(geometry)))
    },
  }
}
