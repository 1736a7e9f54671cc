import type { PlanItemState } from '@rs/shared'
import type { Geometry as GeoJsonGeometry } from 'geojson'
import Feature from 'ol/Feature'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Fill, Stroke, Style } from 'ol/style'
import { fromLonLatGeoJSON } from '../../../map/geometry'

/** The colour of each item state on the map, the table's tags and the legend. */
export const ITEM_STATE_COLORS: Record<PlanItemState, string> = { pending: '#1677ff', accepted: '#389e0d', returned: '#cf1322' }
/** The outline of an item that other units' plans overlap. */
export const OVERLAP_COLOR = '#fa8c16'

/** An item as the layer needs it. */
export interface PlanItemFeature {
  id: number
  state: PlanItemState
  overlapKm2: number
  geometry: unknown
  /** where other units' plans overlap it */
  overlaps?: ReadonlyArray<{ geometry?: unknown }>
}

const hexToRgba = (hex: string, alpha: number) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

const STATE_STYLES = Object.fromEntries(
  Object.entries(ITEM_STATE_COLORS).map(([state, color]) => [
    state,
    new Style({ fill: new Fill({ color: hexToRgba(color, 0.18) }), stroke: new Stroke({ color, width: 1.8 }) }),
  ]),
) as Record<PlanItemState, Style>
/** Drawn over an item's own style when it overlaps other units' plans: a wide dashed orange outline. */
const OVERLAP_STYLE = new Style({ stroke: new Stroke({ color: OVERLAP_COLOR, width: 3.5, lineDash: [8, 5] }), zIndex: 1 })
const SELECTED_STYLE = new Style({ stroke: new Stroke({ color: '#000000', width: 3 }), zIndex: 2 })
/** The overlap areas themselves, over the items: an orange fill under a thin outline. */
const OVERLAP_AREA_STYLE = new Style({
  fill: new Fill({ color: hexToRgba(OVERLAP_COLOR, 0.5) }),
  stroke: new Stroke({ color: OVERLAP_COLOR, width: 1 }),
  zIndex: 3,
})

/** The styles of one item: its state's fill and outline, the overlap outline when it overlaps, a dark outline when selected. */
export function planItemStyles(item: Pick<PlanItemFeature, 'state' | 'overlapKm2'>, isSelected: boolean): Style[] {
  return [STATE_STYLES[item.state], ...(item.overlapKm2 > 0 ? [OVERLAP_STYLE] : []), ...(isSelected ? [SELECTED_STYLE] : [])]
}

/** Which items the legend lets through: every item (empty), an item of a checked state, or an overlapping one when 'overlap' is checked. */
export function isItemShown(item: Pick<PlanItemFeature, 'state' | 'overlapKm2'>, checked: readonly string[]): boolean {
  if (checked.length === 0) return true
  return checked.includes(item.state) || (checked.includes('overlap') && item.overlapKm2 > 0)
}

export interface PlanItemsLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the items; only those the legend lets through are drawn. */
  setItems(items: readonly PlanItemFeature[], checked: readonly string[]): void
  setSelected(id: number | null): void
  /** The map extent of the drawn items, or undefined when none is drawn. */
  extent(): number[] | undefined
}

/** The layer of a plan’s items, coloured by state, overlapping ones outlined and the overlap areas filled, above the base map and below a drawn area. */
export function createPlanItemsLayer(): PlanItemsLayer {
  const source = new VectorSource()
  let selected: number | null = null
  const layer = new VectorLayer({
    source,
    zIndex: 25,
    style: (feature) =>
      feature.get('overlap') ? OVERLAP_AREA_STYLE : planItemStyles(feature.get('item') as PlanItemFeature, feature.getId() === selected),
  })
  return {
    layer,
    setItems(items, checked) {
      source.clear()
      const features: Feature[] = []
      for (const item of items) {
        if (!item.geometry || !isItemShown(item, checked)) continue
        const feature = new Feature(fromLonLatGeoJSON(item.geometry as GeoJsonGeometry))
        feature.setId(item.id)
        feature.set('item', item)
        features.push(feature)
        for (const [k, overlap] of (item.overlaps ?? []).entries()) {
          if (!overlap.geometry) continue
          const area = new Feature(fromLonLatGeoJSON(overlap.geometry as GeoJsonGeometry))
          area.setId(`overlap-${item.id}-${k}`)
          area.set('overlap', true)
          features.push(area)
        }
      }
      source.addFeatures(features)
    },
    setSelected(id) {
      selected = id
      layer.changed()
    },
    extent() {
      return source.getFeatures().length === 0 ? undefined : (source.getExtent() ?? undefined)
    },
  }
}
