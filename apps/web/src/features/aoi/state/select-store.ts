import type { AoiUpload, AreaGeometry, SceneArea, UploadReport } from '@rs/shared'
import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import type { Geometry } from 'geojson'
import { create } from 'zustand'
import { bboxToPolygon } from '../../../map/bbox'

/** Select modes of SPEC §4. */
export const SELECT_MODE = { REGION: 1, EXTENT: 2, SHP: 3, DRAW: 4, FILE: 5 } as const
export type SelectMode = (typeof SELECT_MODE)[keyof typeof SELECT_MODE]

/** Sidebar tabs of SPEC §4. */
export const SIDEBAR_TAB = { SELECT: 1, RESULT: 2, COVERAGE: 3 } as const
export type SidebarTab = (typeof SIDEBAR_TAB)[keyof typeof SIDEBAR_TAB]

export type DrawType = 'rectangle' | 'polygon' | 'circle'

/** [min lon, min lat, max lon, max lat] in WGS84. */
export type Extent = [number, number, number, number]

/** The image query's select state (SPEC §3), without the results that the search will bring. */
export interface SelectState {
  selectMode: SelectMode
  sidebarTab: SidebarTab
  regionCode: string
  extent: Extent | null
  drawType: DrawType | null
  drawGeojson: Geometry | null
  shp: Pick<AoiUpload, 'uploadId' | 'name' | 'geojson' | 'areaKm2' | 'featureCount' | 'vertexCount' | 'notices'> | null
  /** FILE mode: the stored list (upload id) and its match report when this page uploaded it. */
  fileList: { uploadId: string; report: UploadReport | null } | null
  resultIds: string[]
  checkedIds: string[]
  total: number
  unionArea: number
  setSelectMode: (mode: SelectMode) => void
  setRegion: (code: string) => void
  setExtent: (extent: Extent | null) => void
  chooseDrawType: (type: DrawType) => void
  setDrawn: (geometry: Geometry) => void
  setShp: (upload: SelectState['shp']) => void
  setFileList: (list: SelectState['fileList']) => void
  clearArea: () => void
  reset: () => void
}

const NO_RESULTS = { resultIds: [], checkedIds: [], total: 0, unionArea: 0 }

const INITIAL = {
  selectMode: SELECT_MODE.REGION as SelectMode,
  sidebarTab: SIDEBAR_TAB.SELECT as SidebarTab,
  regionCode: WHOLE_COUNTRY_CODE,
  extent: null,
  drawType: null,
  drawGeojson: null,
  shp: null,
  fileList: null,
  ...NO_RESULTS,
}

/**
 * SPEC §4: changing the select mode, the region or the extent clears the results; choosing a
 * draw type switches to draw mode.
 */
export const useSelectStore = create<SelectState>((set, get) => ({
  ...INITIAL,
  setSelectMode: (mode) => {
    if (mode === get().selectMode) return
    set({ selectMode: mode, drawType: mode === SELECT_MODE.DRAW ? get().drawType : null, sidebarTab: SIDEBAR_TAB.SELECT, ...NO_RESULTS })
  },
  setRegion: (code) => set({ regionCode: code, ...NO_RESULTS }),
  setExtent: (extent) => set({ extent, ...NO_RESULTS }),
  chooseDrawType: (type) => set({ drawType: type, selectMode: SELECT_MODE.DRAW, drawGeojson: null, ...NO_RESULTS }),
  setDrawn: (geometry) => set({ drawGeojson: geometry, ...NO_RESULTS }),
  setShp: (upload) => set({ shp: upload, ...NO_RESULTS }),
  setFileList: (list) => set({ fileList: list, ...NO_RESULTS }),
  clearArea: () => {
    const mode = get().selectMode
    if (mode === SELECT_MODE.DRAW) set({ drawGeojson: null, drawType: null, ...NO_RESULTS })
    else if (mode === SELECT_MODE.EXTENT) set({ extent: null, ...NO_RESULTS })
    else if (mode === SELECT_MODE.SHP) set({ shp: null, ...NO_RESULTS })
    else if (mode === SELECT_MODE.FILE) set({ fileList: null, ...NO_RESULTS })
    else if (mode === SELECT_MODE.REGION) set({ regionCode: WHOLE_COUNTRY_CODE, ...NO_RESULTS })
  },
  reset: () => set(INITIAL),
}))

/** The area the current mode selects, as WGS84 GeoJSON; the region mode's area is the region's boundary (drawn by the map). */
export function selectedGeometry(state: Pick<SelectState, 'selectMode' | 'extent' | 'drawGeojson' | 'shp'>): Geometry | null {
  switch (state.selectMode) {
    case SELECT_MODE.EXTENT:
      return state.extent ? bboxToPolygon(state.extent) : null
    case SELECT_MODE.DRAW:
      return state.drawGeojson
    case SELECT_MODE.SHP:
      return state.shp?.geojson ?? null
    default:
      return null
  }
}

/** The query area of the current mode as the image query sends it (SceneArea); null while the mode has none. */
export function selectedSceneArea(
  state: Pick<SelectState, 'selectMode' | 'regionCode' | 'extent' | 'drawGeojson' | 'shp' | 'fileList'>,
): SceneArea | null {
  switch (state.selectMode) {
    case SELECT_MODE.REGION:
      return { mode: 'region', regionCode: state.regionCode }
    case SELECT_MODE.EXTENT:
      return state.extent ? { mode: 'extent', bbox: state.extent } : null
    case SELECT_MODE.DRAW: {
      const g = state.drawGeojson
      return g && (g.type === 'Polygon' || g.type === 'MultiPolygon') ? { mode: 'draw', geometry: g as AreaGeometry } : null
    }
    case SELECT_MODE.SHP:
      return state.shp ? { mode: 'shp', uploadId: state.shp.uploadId } : null
    case SELECT_MODE.FILE:
      return state.fileList ? { mode: 'file', uploadId: state.fileList.uploadId } : null
    default:
      return null
  }
}
