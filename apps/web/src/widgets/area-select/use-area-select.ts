import type { SceneArea } from '@rs/shared'
import type { Geometry } from 'geojson'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import {
  type Extent,
  SELECT_MODE,
  type SelectMode,
  selectedGeometry,
  selectedSceneArea,
  useSelectStore,
} from '../../features/aoi/state/select-store'
import type { MapViewHandle, MapViewProps } from '../../map/map-view'
import { geometryBBox } from '../../map/quicklook-layer'
import { hydrateArea, openUpload } from './hydrate-area'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a screen asks of the area select. */
export interface AreaSelectOptions {
  /** The select modes offered (all five of SPEC §4 by default); a store left in another mode returns to the first. */
  modes?: readonly SelectMode[]
  /** The area the address names, put into the store once when the screen opens. */
  initialArea?: SceneArea | null
  /** An uploaded area to open as the SHP area whenever it changes (see useLinkedUploadId). */
  openUploadId?: string | null
  /** false while the screen uses another kind of area (orbit's point of interest): the map shows and draws none. */
  isActive?: boolean
}

/** The chosen area and what the panel, the draw toolbar and the map need to change it. */
export interface AreaSelection {
  store: ReturnType<typeof useSelectStore.getState>
  mode: SelectMode
  modes: readonly SelectMode[] | undefined
  /** The chosen area as the image query sends it; null while the mode has none. */
  sceneArea: SceneArea | null
  /** The chosen area as WGS84 GeoJSON (null for a region, which the map outlines by its code). */
  geometry: Geometry | null
  /** false until the initial area is in the store (an uploaded one is fetched first). */
  isReady: boolean
  /** EXTENT mode: a box is being dragged on the map. */
  isBoxing: boolean
  setBoxing: (isBoxing: boolean) => void
  /** EXTENT mode: takes the map's visible extent. */
  takeMapExtent: () => void
  /** EXTENT mode: an extent typed in degrees, shown on the map. */
  chooseExtent: (extent: Extent) => void
  /** Clears the drawing on the map and the current mode's area. */
  clear: () => void
  /** The map's part: spread onto MapView. */
  mapProps: Pick<MapViewProps, 'ref' | 'region' | 'area' | 'fitArea' | 'drawKind' | 'onDrawEnd'>
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * The area select of SPEC §4 (region, map extent, shapefile, drawing, FILE list) over the select store:
 * the state the panel and the map share, the initial area of the address and the map's draw hooks.
 */
export function useAreaSelect({ modes, initialArea, openUploadId, isActive = true }: AreaSelectOptions = {}): AreaSelection {
  const store = useSelectStore()
  const mode = store.selectMode
  const mapRef = useRef<MapViewHandle>(null)

  // the address's area goes into the store once, before the store's area is written back;
  // no area: nothing to wait for (and the first render needs no second one)
  const [isReady, setReady] = useState(() => !initialArea)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the address of the first render
  useEffect(() => {
    let live = true
    if (!initialArea) {
      setReady(true)
      return
    }
    void hydrateArea(initialArea).finally(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    if (openUploadId) void openUpload(openUploadId)
  }, [openUploadId])

  // a mode this screen does not offer (the archive's FILE list on orbit prediction) means nothing here
  const firstMode = modes?.[0]
  useEffect(() => {
    if (modes && firstMode !== undefined && !modes.includes(mode)) useSelectStore.getState().setSelectMode(firstMode)
  }, [mode, modes, firstMode])

  // EXTENT mode: the map view, or a box dragged on the map
  const [isBoxing, setBoxing] = useState(false)
  useEffect(() => {
    if (mode !== SELECT_MODE.EXTENT) setBoxing(false)
  }, [mode])

  const geometry = selectedGeometry(store)
  const drawKind = mode === SELECT_MODE.DRAW ? store.drawType : isBoxing ? 'rectangle' : null
  const onDrawEnd = (drawn: Geometry) => {
    if (mode !== SELECT_MODE.EXTENT) {
      store.setDrawn(drawn)
      return
    }
    const bbox = geometryBBox(drawn as { coordinates: unknown })
    if (bbox) store.setExtent([round6(bbox[0]), round6(bbox[1]), round6(bbox[2]), round6(bbox[3])])
    setBoxing(false)
    mapRef.current?.clearDraw()
  }

  return {
    store,
    mode,
    modes,
    sceneArea: selectedSceneArea(store),
    geometry,
    isReady,
    isBoxing,
    setBoxing,
    takeMapExtent: () => {
      const bbox = mapRef.current?.visibleBBox()
      if (bbox) store.setExtent(bbox)
    },
    chooseExtent: (extent) => {
      store.setExtent(extent)
      mapRef.current?.fitBBox(extent)
    },
    clear: () => {
      mapRef.current?.clearDraw()
      store.clearArea()
    },
    mapProps: {
      ref: mapRef,
      region: isActive && mode === SELECT_MODE.REGION ? store.regionCode : null,
      area: isActive ? geometry : null,
      fitArea: mode === SELECT_MODE.SHP,
      drawKind: isActive ? drawKind : null,
      onDrawEnd,
    },
  }
}

/** The uploaded area an automatic login hands over (code 2: router state or ?geojsonId), if it is an upload id. */
export function useLinkedUploadId(): string | null {
  const location = useLocation()
  const [params] = useSearchParams()
  const id = (location.state as { geojsonId?: string } | null)?.geojsonId ?? params.get('geojsonId')
  return id && UUID.test(id) ? id : null
}

/** The modes whose area is a shape (all but the archive's FILE list): what orbit prediction offers. */
export const SHAPE_MODES: readonly SelectMode[] = [SELECT_MODE.REGION, SELECT_MODE.EXTENT, SELECT_MODE.SHP, SELECT_MODE.DRAW]
