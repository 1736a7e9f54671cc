import { checkedLegendValues, LEGEND_ALL, type LegendItem, PLAN_ITEM_STATES, type PlanItem, toggleLegendItem } from '@rs/shared'
import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { LazyMapView } from '../../../map/lazy-map-view'
import { MapLegend } from '../../../map/legend'
import { createPlanItemsLayer, ITEM_STATE_COLORS, OVERLAP_COLOR } from '../map/plan-items-layer'

export interface PlanItemsMapProps {
  items: readonly PlanItem[]
  /** The unit: outlined while the plan has no items. */
  unitRegion: string
  selectedId?: number | null
  onSelect?: (id: number | null) => void
  tiandituKey: string
  height?: number
}

/**
 * A plan's items on the portal's map, coloured by their review state, those that other units' plans
 * overlap outlined in orange; the legend (SPEC §9 style) lets through states or the overlapping
 * items; a click on an item selects it in the table.
 */
export function PlanItemsMap({ items, unitRegion, selectedId = null, onSelect, tiandituKey, height = 420 }: PlanItemsMapProps) {
  const t = useT()
  const layer = useMemo(() => createPlanItemsLayer(), [])
  const overlays = useMemo(() => [layer.layer], [layer])
  const [map, setMap] = useState<OlMap>()
  const [legend, setLegend] = useState<LegendItem[]>(() => [
    { value: LEGEND_ALL, label: t('legend.all'), color: '', checked: true },
    ...PLAN_ITEM_STATES.map((state) => ({
      value: state,
      label: t(`plan.itemState.${state}`),
      color: ITEM_STATE_COLORS[state],
      checked: false,
    })),
    { value: 'overlap', label: t('plan.fill.legendOverlap'), color: OVERLAP_COLOR, checked: false },
  ])
  const checked = checkedLegendValues(legend)
  const checkedKey = checked.join(',')

  // the items in view whenever they change (not when the legend filters them)
  const fittedItems = useRef<readonly PlanItem[] | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: checkedKey stands for checked
  useEffect(() => {
    layer.setItems(items, checked)
    const extent = layer.extent()
    if (!map || fittedItems.current === items) return
    fittedItems.current = items
    if (extent) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 11, duration: 0 })
  }, [layer, items, checkedKey, map])

  useEffect(() => layer.setSelected(selectedId), [layer, selectedId])

  useEffect(() => {
    if (!map || !onSelect) return
    const click = (event: MapBrowserEvent<PointerEvent>) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (feature) => feature.getId(), { layerFilter: (l) => l === layer.layer })
      onSelect(typeof hit === 'number' ? hit : null)
    }
    map.on('singleclick', click as never)
    return () => map.un('singleclick', click as never)
  }, [map, layer, onSelect])

  return (
    <div style={{ position: 'relative' }} data-testid="plan-map">
      <LazyMapView
        tiandituKey={tiandituKey}
        region={items.length === 0 ? unitRegion : null}
        overlays={overlays}
        onMapReady={setMap}
        height={height}
      />
      <div style={{ position: 'absolute', right: 8, bottom: 36, zIndex: 3 }}>
        <MapLegend
          items={legend}
          mode="num"
          onToggle={(value) => setLegend((current) => toggleLegendItem(current, value))}
          onModeChange={() => undefined}
          labels={{ area: null, unitNum: t('plan.fill.legendUnit') }}
        />
      </div>
    </div>
  )
}
