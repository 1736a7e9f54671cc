import type { Geometry as GeoJsonGeometry } from 'geojson'
import Attribution from 'ol/control/Attribution'
import ScaleLine from 'ol/control/ScaleLine'
import Zoom from 'ol/control/Zoom'
import type { Coordinate } from 'ol/coordinate'
import type Draw from 'ol/interaction/Draw'
import OlMap from 'ol/Map'
import View from 'ol/View'
import { currentCanvasPixelRatio } from '../lib/platform'
import { createAoiLayer, showAoi } from './aoi-layer'
import {
  type BaseLayerEntry,
  type BaseLayerId,
  createBaseLayers,
  DEFAULT_BASE_LAYER,
  type OfflineSourceKind,
  switchBaseLayer,
} from './base-layers'
import { clearDrawing, createDrawInteraction, createDrawLayer, type DrawKind } from './draw'
import { CHINA_BBOX, fitToRegion, type RegionLookup } from './fit'
import { extentToLonLat, type LonLatBBox, lonLatToExtent, MAP_PROJECTION } from './geometry'
import { signalRenderState } from './render-signal'

export interface MapOptions {
  target: HTMLElement
  tiandituKey: string
  offlineSource: OfflineSourceKind
  regionLookup: RegionLookup
  labels: { zoomIn: string; zoomOut: string; tiandituAttribution: string }
  onPointer?: (coordinate: Coordinate | undefined) => void
  onDrawEnd?: (geometry: GeoJsonGeometry) => void
  fetchJson?: (url: string) => Promise<unknown>
  /** The first view in WGS84 degrees; China by default. */
  initialBBox?: LonLatBBox
}

/** What a screen can do with a map; React effects call these. */
export interface MapController {
  map: OlMap
  baseLayers: BaseLayerEntry[]
  setBaseLayer(id: BaseLayerId): BaseLayerId
  startDraw(kind: DrawKind): void
  stopDraw(): void
  clearDraw(): void
  /** Shows the area of interest (WGS84 GeoJSON); with `fit`, zooms to it. */
  showArea(geometry: GeoJsonGeometry | null, fit?: boolean): void
  /** Fits to a region by code and answers its boundary (for outlining). */
  fitRegion(code: string): Promise<GeoJsonGeometry | null>
  /** The visible extent in WGS84. */
  visibleBBox(): LonLatBBox
  dispose(): void
}

/** Builds the portal's OpenLayers map: base layers, drawing and area layers, zoom, scale line and attribution. */
export function createMap(options: MapOptions): MapController {
  const baseLayers = createBaseLayers({
    tiandituKey: options.tiandituKey,
    offlineSource: options.offlineSource,
    tiandituAttribution: options.labels.tiandituAttribution,
    fetchJson: options.fetchJson,
  })
  const drawLayer = createDrawLayer()
  const aoiLayer = createAoiLayer()
  const view = new View({ projection: MAP_PROJECTION, minZoom: 2, maxZoom: 18, constrainResolution: false })
  const map = new OlMap({
    target: options.target,
    layers: [...baseLayers.map((e) => e.layer), drawLayer, aoiLayer],
    view,
    pixelRatio: currentCanvasPixelRatio(),
    controls: [
      new Zoom({ zoomInTipLabel: options.labels.zoomIn, zoomOutTipLabel: options.labels.zoomOut }),
      new ScaleLine({ units: 'metric' }),
      new Attribution({ collapsible: true, collapsed: true }),
    ],
  })
  view.fit(lonLatToExtent(options.initialBBox ?? CHINA_BBOX), { size: map.getSize() ?? [800, 600] })
  // the container says when the map has drawn everything it shows (data-render-state, data-rendered)
  const stopRenderSignal = signalRenderState(map, options.target)

  let draw: Draw | undefined
  const onMove = (event: { coordinate: Coordinate }) => options.onPointer?.(event.coordinate)
  map.on('pointermove', onMove)
  const viewport = map.getViewport()
  const onLeave = () => options.onPointer?.(undefined)
  viewport?.addEventListener('mouseleave', onLeave)

  const controller: MapController = {
    map,
    baseLayers,
    setBaseLayer: (id) => switchBaseLayer(baseLayers, id),
    startDraw(kind) {
      controller.stopDraw()
      const source = drawLayer.getSource()
      if (!source) return
      draw = createDrawInteraction(kind, source, (geometry) => options.onDrawEnd?.(geometry))
      // a finished shape becomes the area of interest, which the area layer shows
      draw.on('drawend', () => source.once('addfeature', () => source.clear()))
      map.addInteraction(draw)
    },
    stopDraw() {
      if (draw) map.removeInteraction(draw)
      draw = undefined
    },
    clearDraw() {
      const source = drawLayer.getSource()
      if (source) clearDrawing(source)
    },
    showArea(geometry, fit = false) {
      const extent = showAoi(aoiLayer, geometry)
      if (fit && extent) view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 14, duration: 300 })
    },
    fitRegion: async (code) => (await fitToRegion(view, code, options.regionLookup, { duration: 300 })).boundary,
    visibleBBox: () => extentToLonLat(view.calculateExtent(map.getSize())),
    dispose() {
      controller.stopDraw()
      stopRenderSignal()
      viewport?.removeEventListener('mouseleave', onLeave)
      map.un('pointermove', onMove)
      map.setTarget(undefined)
    },
  }
  switchBaseLayer(baseLayers, DEFAULT_BASE_LAYER)
  return controller
}
