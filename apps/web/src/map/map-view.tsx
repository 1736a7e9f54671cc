import 'ol/ol.css'
import './map-view.css'
import { regionBoundary, regionByCode } from '@rs/shared/api-paths'
import { Segmented } from 'antd'
import type { Geometry as GeoJsonGeometry } from 'geojson'
import type { Coordinate } from 'ol/coordinate'
import type BaseLayer from 'ol/layer/Base'
import type OlMap from 'ol/Map'
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { callApi } from '../lib/api-client'
import { useT } from '../lib/i18n'
import { type BaseLayerId, DEFAULT_BASE_LAYER, detectOfflineSource, SEA_COLOR } from './base-layers'
import { createMap, type MapController } from './create-map'
import type { DrawKind } from './draw'
import { type LonLatBBox, lonLatToExtent } from './geometry'
import { formatPointer } from './pointer'

/** What a screen may ask of the map beyond its props. */
export interface MapViewHandle {
  /** The visible extent in WGS84 degrees, or undefined before the map exists. */
  visibleBBox(): LonLatBBox | undefined
  clearDraw(): void
  /** Moves the view to a WGS84 box (longitudes may run past ±180 to centre across the antimeridian). */
  fitBBox(bbox: LonLatBBox): void
}

export interface MapViewProps {
  /** Tianditu key (SiteConfig.tiandituKey); empty: only the offline 'VEC' base map. */
  tiandituKey?: string
  /** A region code to fit to; its boundary is outlined when no `area` is given. */
  region?: string | null
  /** The area of interest to show (WGS84 GeoJSON geometry). */
  area?: GeoJsonGeometry | null
  /** Zoom to `area` whenever it changes. */
  fitArea?: boolean
  /** The shape being drawn; null stops drawing. */
  drawKind?: DrawKind | null
  onDrawEnd?: (geometry: GeoJsonGeometry) => void
  height?: number | string
  /** The first view in WGS84 degrees (read when the map is made); China by default. */
  initialBBox?: LonLatBBox
  /** Layers a screen owns and updates itself (e.g. satellite tracks), added to the map while given. */
  overlays?: readonly BaseLayer[]
  /** Called with the OpenLayers map once it exists (and undefined when it goes), for a screen's own interactions. */
  onMapReady?: (map: OlMap | undefined) => void
  ref?: Ref<MapViewHandle>
}

const regionLookup = {
  boundary: (code: string) => callApi(regionBoundary, { query: { code } }),
  detail: (code: string) => callApi(regionByCode, { query: { code } }),
}

/** The portal's one 2D map: offline vector base map, optional Tianditu, zoom, scale, pointer, base switch, drawing, area. */
export function MapView({
  tiandituKey = '',
  region,
  area,
  fitArea = true,
  drawKind = null,
  onDrawEnd,
  height = 560,
  initialBBox,
  overlays,
  onMapReady,
  ref,
}: MapViewProps) {
  const t = useT()
  const target = useRef<HTMLDivElement>(null)
  const [controller, setController] = useState<MapController>()
  const [baseLayer, setBaseLayer] = useState<BaseLayerId>(DEFAULT_BASE_LAYER)
  const [pointer, setPointer] = useState<Coordinate>()
  const [regionOutline, setRegionOutline] = useState<GeoJsonGeometry | null>(null)
  const drawEnd = useRef(onDrawEnd)
  drawEnd.current = onDrawEnd
  const firstView = useRef(initialBBox)
  const mapReady = useRef(onMapReady)
  mapReady.current = onMapReady

  useImperativeHandle(
    ref,
    () => ({
      visibleBBox: () => controller?.visibleBBox(),
      clearDraw: () => controller?.clearDraw(),
      fitBBox: (bbox) => controller?.map.getView().fit(lonLatToExtent(bbox), { size: controller.map.getSize(), duration: 300 }),
    }),
    [controller],
  )

  useEffect(() => {
    let disposed = false
    let made: MapController | undefined
    let frame = 0
    void detectOfflineSource().then((offlineSource) => {
      if (disposed || !target.current) return
      made = createMap({
        target: target.current,
        tiandituKey,
        offlineSource,
        regionLookup,
        initialBBox: firstView.current,
        labels: { zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut'), tiandituAttribution: t('map.tiandituAttribution') },
        onPointer: (coordinate) => {
          cancelAnimationFrame(frame)
          frame = requestAnimationFrame(() => setPointer(coordinate))
        },
        onDrawEnd: (geometry) => drawEnd.current?.(geometry),
      })
      setController(made)
    })
    return () => {
      disposed = true
      cancelAnimationFrame(frame)
      made?.dispose()
      setController(undefined)
    }
  }, [tiandituKey, t])

  useEffect(() => {
    if (!controller) return
    let current = true
    setRegionOutline(null)
    if (region) void controller.fitRegion(region).then((boundary) => current && setRegionOutline(boundary))
    return () => {
      current = false
    }
  }, [controller, region])

  useEffect(() => {
    controller?.showArea(area ?? regionOutline, Boolean(area) && fitArea)
  }, [controller, area, regionOutline, fitArea])

  useEffect(() => {
    mapReady.current?.(controller?.map)
  }, [controller])

  useEffect(() => {
    if (!controller || !overlays?.length) return
    for (const layer of overlays) controller.map.addLayer(layer)
    return () => {
      for (const layer of overlays) controller.map.removeLayer(layer)
    }
  }, [controller, overlays])

  useEffect(() => {
    if (!controller) return
    if (drawKind) controller.startDraw(drawKind)
    else controller.stopDraw()
  }, [controller, drawKind])

  const options = (controller?.baseLayers ?? [{ id: DEFAULT_BASE_LAYER, titleKey: 'map.baseVec' as const }]).map((entry) => ({
    value: entry.id,
    label: t(entry.titleKey),
  }))

  return (
    <div className="map-view" style={{ height, background: SEA_COLOR }} data-testid="map-view">
      <div ref={target} className="map-view__canvas" data-testid="map-canvas" />
      <div className="map-view__base" title={t('map.baseLayers')}>
        <Segmented
          size="small"
          value={baseLayer}
          options={options}
          onChange={(value) => setBaseLayer(controller?.setBaseLayer(value as BaseLayerId) ?? DEFAULT_BASE_LAYER)}
        />
      </div>
      <div className="map-view__pointer" data-testid="map-pointer">
        {formatPointer(pointer, (p) => t('map.pointer', p), t('map.pointerIdle'))}
      </div>
      {drawKind && <div className="map-view__hint">{t('map.drawHint')}</div>}
    </div>
  )
}

export default MapView
