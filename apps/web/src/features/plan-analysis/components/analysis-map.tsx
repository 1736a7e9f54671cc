import { LEGEND_ALL, LEGEND_NO_DATA, legendClassOf, legendColor, NO_DATA_COLOR, type PlanAnalysisRow, punctuationNow } from '@rs/shared'
import { Switch, Typography } from 'antd'
import type OlMap from 'ol/Map'
import { lazy, type Ref, Suspense, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { useT } from '../../../lib/i18n'
import { MapLegend } from '../../../map/legend'
import { useChoropleth, useRegionClick } from '../../../map/use-choropleth'
import { useLegend } from '../../../map/use-legend'
import type { PlanFeatureCollection, PlanItemProperties, PlanOverlapProperties } from '../api/fetch-plan-features'
import { createPlanItemLayer, createPlanOverlapLayer, type PlanShapeLayer, unitColor } from '../map/plan-layers'
import { createSwipe, type Swipe } from '../map/swipe'
import { SwipeSlider } from './swipe-slider'

const MapView = lazy(() => import('../../../map/map-view'))

const MAP_HEIGHT = 560
const PALETTE = 'yellowRed'

/** What the choropleth colours by: a region row's km². */
export type MapMeasure = 'newNeed' | 'planned' | 'overlap'

const VALUE: Record<MapMeasure, (row: PlanAnalysisRow) => number> = {
  newNeed: (row) => row.newNeedKm2,
  planned: (row) => row.plannedKm2,
  overlap: (row) => row.overlapKm2,
}

/** One year's shapes on the map. */
export interface YearShapes {
  year: number
  rows: readonly PlanAnalysisRow[]
  items?: PlanFeatureCollection<PlanItemProperties>
  overlaps?: PlanFeatureCollection<PlanOverlapProperties>
}

/** What the page may ask of the map: find a shape and zoom to it. */
export interface AnalysisMapHandle {
  /** Zooms to the overlap of two items and marks it; false when the map has no such shape. */
  zoomToOverlap(idA: number, idB: number): boolean
  /** Zooms to a plan item and marks it; false when the map has no such shape. */
  zoomToItem(id: number): boolean
}

export interface AnalysisMapProps {
  tiandituKey: string
  regionId: string
  measure: MapMeasure
  measureLabel: string
  main: YearShapes
  /** The compare year (年度对比), drawn left of the swipe's divider; null: one year. */
  compare: YearShapes | null
  showItems: boolean
  showOverlaps: boolean
  onRegionClick: (code: string) => void
  ref?: Ref<AnalysisMapHandle>
}

/**
 * The analysis map: the child regions coloured by the measure in the SPEC §9 legend (its classes
 * carry the km² bounds), the plan items in their units' colours, the overlaps in strong red; for a
 * year comparison the other year's regions and shapes left of a swipe divider (卷帘), which a mouse
 * drags and the arrow keys move. A click on a region drills down; the shape under the pointer is
 * named under the map.
 */
export function AnalysisMap({
  tiandituKey,
  regionId,
  measure,
  measureLabel,
  main,
  compare,
  showItems,
  showOverlaps,
  onRegionClick,
  ref,
}: AnalysisMapProps) {
  const t = useT()
  const [map, setMap] = useState<OlMap>()
  const value = VALUE[measure]
  const max = Math.max(0, ...main.rows.map(value), ...(compare?.rows ?? []).map(value))
  const legend = useLegend(Math.max(max, 0.01), PALETTE)
  const checked = legend.items.filter((i) => i.checked).map((i) => i.value)
  const colourOf = (row: PlanAnalysisRow) => {
    const v = value(row)
    const cls = v > 0 ? String(legendClassOf(v, max)) : LEGEND_NO_DATA
    if (!checked.includes(LEGEND_ALL) && !checked.includes(cls)) return null
    return v > 0 ? legendColor(v, max, PALETTE) : NO_DATA_COLOR
  }
  // the choropleth lighter than a statistics map's, so the plans' shapes over it stand out
  const regions = useChoropleth(main.rows, colourOf, { fillOpacity: 0.6 })
  const compareRegions = useChoropleth(compare?.rows ?? [], colourOf, { fillOpacity: 0.6 })
  useRegionClick(map, regions, onRegionClick)

  const layers = useMemo(
    () => ({
      items: createPlanItemLayer(),
      overlaps: createPlanOverlapLayer(),
      compareItems: createPlanItemLayer(),
      compareOverlaps: createPlanOverlapLayer(),
    }),
    [],
  )
  const overlays = useMemo(
    () => [
      regions.layer,
      compareRegions.layer,
      layers.items.layer,
      layers.compareItems.layer,
      layers.overlaps.layer,
      layers.compareOverlaps.layer,
    ],
    [regions, compareRegions, layers],
  )

  useEffect(() => layers.items.setFeatures(main.items?.features), [layers, main.items])
  useEffect(() => layers.overlaps.setFeatures(main.overlaps?.features), [layers, main.overlaps])
  useEffect(() => layers.compareItems.setFeatures(compare?.items?.features), [layers, compare?.items])
  useEffect(() => layers.compareOverlaps.setFeatures(compare?.overlaps?.features), [layers, compare?.overlaps])

  // the swipe: the compare year left of the divider, the plan year right of it
  const [isSwipeShown, setSwipeShown] = useState(true)
  const [fraction, setFraction] = useState(0.5)
  const isComparing = compare !== null && isSwipeShown
  const swipe = useRef<Swipe | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const startFraction = useRef(fraction)
  startFraction.current = fraction
  useEffect(() => {
    compareRegions.layer.setVisible(isComparing)
    layers.items.layer.setVisible(showItems)
    layers.compareItems.layer.setVisible(isComparing && showItems)
    layers.overlaps.layer.setVisible(showOverlaps)
    layers.compareOverlaps.layer.setVisible(isComparing && showOverlaps)
  }, [compareRegions, layers, isComparing, showItems, showOverlaps])
  useEffect(() => {
    if (!map || !isComparing) return
    const made = createSwipe(
      map,
      [
        { layer: compareRegions.layer, side: 'left' },
        { layer: layers.compareItems.layer, side: 'left' },
        { layer: layers.compareOverlaps.layer, side: 'left' },
        { layer: regions.layer, side: 'right' },
        { layer: layers.items.layer, side: 'right' },
        { layer: layers.overlaps.layer, side: 'right' },
      ],
      {
        fraction: startFraction.current,
        onClip: (x) => {
          if (box.current) box.current.dataset.swipeX = String(x)
        },
      },
    )
    swipe.current = made
    return () => {
      made.dispose()
      swipe.current = null
      if (box.current) delete box.current.dataset.swipeX
    }
  }, [map, isComparing, regions, compareRegions, layers])
  useEffect(() => swipe.current?.setFraction(fraction), [fraction])

  // the shape under the pointer, named under the map
  const [hover, setHover] = useState('')
  useEffect(() => {
    if (!map) return
    const listener = (event: { pixel: number[]; dragging: boolean }) => {
      if (event.dragging) return
      const found = map.forEachFeatureAtPixel(event.pixel, (feature) => feature.getProperties(), {
        layerFilter: (layer) => layer === layers.overlaps.layer || layer === layers.items.layer,
        hitTolerance: 2,
      }) as (PlanItemProperties | PlanOverlapProperties | undefined) | undefined
      const area = (v: number) => v.toFixed(2)
      setHover(
        !found
          ? ''
          : found.kind === 'overlap'
            ? t('plan.analysis.hoverOverlap', { a: found.a, b: found.b, itemA: found.itemA, itemB: found.itemB, area: area(found.areaKm2) })
            : t('plan.analysis.hover', { name: found.name, unit: found.unit, area: area(found.areaKm2) }),
      )
    }
    map.on('pointermove', listener as never)
    return () => map.un('pointermove', listener as never)
  }, [map, layers, t])

  const zoomTo = (layer: PlanShapeLayer, match: (p: Record<string, unknown>) => boolean) => {
    const extent = layer.extentOf(match)
    if (!map || !extent) return false
    layers.items.highlight(null)
    layers.overlaps.highlight(null)
    layer.highlight(match)
    map.getView().fit(extent, { padding: [120, 120, 120, 120], maxZoom: 12, duration: 300 })
    return true
  }
  useImperativeHandle(ref, () => ({
    zoomToOverlap: (idA, idB) => zoomTo(layers.overlaps, (p) => p.idA === idA && p.idB === idB),
    zoomToItem: (id) => zoomTo(layers.items, (p) => p.id === id),
  }))

  const units = new Map<string, string>()
  for (const f of [...(main.items?.features ?? []), ...(compare?.items?.features ?? [])])
    units.set(f.properties.unitRegion, f.properties.unit)
  const isTruncated = Boolean(main.items?.truncated || main.overlaps?.truncated || compare?.items?.truncated)

  return (
    <div>
      <div ref={box} style={{ position: 'relative' }} data-testid="analysis-map">
        <Suspense
          fallback={
            <div style={{ height: MAP_HEIGHT }}>
              <PageSpinner />
            </div>
          }
        >
          <MapView tiandituKey={tiandituKey} region={regionId} overlays={overlays} onMapReady={setMap} height={MAP_HEIGHT} />
        </Suspense>
        {isComparing && compare && (
          <SwipeSlider
            fraction={fraction}
            onChange={setFraction}
            label={t('plan.analysis.swipe')}
            leftLabel={t('plan.analysis.yearLabel', { year: compare.year })}
            rightLabel={t('plan.analysis.yearLabel', { year: main.year })}
          />
        )}
        <div style={{ position: 'absolute', right: 8, bottom: 36, zIndex: 3 }}>
          <MapLegend
            items={legend.items}
            mode="num"
            onToggle={legend.toggle}
            onModeChange={() => undefined}
            labels={{ area: null, unitNum: measureLabel }}
          />
        </div>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginTop: 6, minHeight: 24 }}>
        {compare && (
          <span>
            <Switch size="small" checked={isSwipeShown} onChange={setSwipeShown} data-testid="swipe-toggle" />{' '}
            {t('plan.analysis.swipeShow')}
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {t('plan.analysis.swipeHint')}
            </Typography.Text>
          </span>
        )}
        {units.size > 0 && (
          <span data-testid="analysis-units" style={{ fontSize: 12 }}>
            {punctuationNow().label(t('plan.analysis.unitsLegend'))}
            {[...units].map(([code, name]) => (
              <span key={code} style={{ marginRight: 10, whiteSpace: 'nowrap' }}>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    marginRight: 4,
                    verticalAlign: -2,
                    background: unitColor(code),
                    opacity: 0.8,
                  }}
                />
                {name}
              </span>
            ))}
          </span>
        )}
        {isTruncated && (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {t('plan.analysis.truncated')}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 'auto' }} data-testid="analysis-hover">
          {hover}
        </Typography.Text>
      </div>
    </div>
  )
}
