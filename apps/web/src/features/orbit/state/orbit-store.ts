import { DEFAULT_MIN_SUN_ELEVATION_DEG } from '@rs/shared'
import { create } from 'zustand'

/** Orbit tab of SPEC §4: SELECT 1, RESULT 2. */
export const ORBIT_TAB = { SELECT: 1, RESULT: 2 } as const
export type OrbitTab = (typeof ORBIT_TAB)[keyof typeof ORBIT_TAB]

/** What the map draws for each pass ('vector type' of SPEC §3): its ground track or its swath. */
export type VectorType = 'track' | 'swath'

/** The selected parameters of a prediction (times as ISO strings). */
export interface OrbitParams {
  satellites: string[]
  start: string | null
  end: string | null
  /** null: each satellite's own. */
  maxRollDeg: number | null
  /** For sensors that need daylight (optical, hyperspectral); DEFAULT_MIN_SUN_ELEVATION_DEG at first, null: no minimum. */
  minSunElevationDeg: number | null
}

/** SPEC §3 orbital prediction state: tab, selected parameters, geometry kind, orbitalPredictId, started flag, vector type, selected pass, active satellites, POI position. */
export interface OrbitState {
  tab: OrbitTab
  params: OrbitParams
  /** 'area': the shared area-select widget; 'poi': a point of interest. */
  areaKind: 'area' | 'poi'
  poi: [number, number] | null
  orbitalPredictId: number | null
  started: boolean
  vectorType: VectorType
  /** Index of the chosen pass in the prediction's list. */
  selectedPass: number | null
  /** NORAD numbers switched off on the map (all others are shown). */
  hiddenSatellites: number[]
  setTab: (tab: OrbitTab) => void
  setParams: (params: Partial<OrbitParams>) => void
  setAreaKind: (kind: 'area' | 'poi') => void
  setPoi: (poi: [number, number] | null) => void
  start: () => void
  finish: (id: number) => void
  fail: () => void
  open: (id: number) => void
  setVectorType: (v: VectorType) => void
  selectPass: (index: number | null) => void
  toggleSatellite: (noradId: number, shown: boolean) => void
  /** SPEC §4: clear returns to SELECT. */
  clear: () => void
}

/** The next full hour and three days on: the window a person usually wants first. */
function defaultWindow(now = Date.now()): { start: string; end: string } {
  const start = Math.ceil(now / 3_600_000) * 3_600_000
  return { start: new Date(start).toISOString(), end: new Date(start + 3 * 86_400_000).toISOString() }
}

const INITIAL_PARAMS: OrbitParams = {
  satellites: [],
  ...defaultWindow(),
  maxRollDeg: null,
  minSunElevationDeg: DEFAULT_MIN_SUN_ELEVATION_DEG,
}

export const useOrbitStore = create<OrbitState>((set) => ({
  tab: ORBIT_TAB.SELECT,
  params: INITIAL_PARAMS,
  areaKind: 'area',
  poi: null,
  orbitalPredictId: null,
  started: false,
  vectorType: 'swath',
  selectedPass: null,
  hiddenSatellites: [],
  setTab: (tab) => set({ tab }),
  setParams: (params) => set((s) => ({ params: { ...s.params, ...params } })),
  setAreaKind: (areaKind) => set({ areaKind }),
  setPoi: (poi) => set({ poi }),
  start: () => set({ started: true }),
  finish: (id) => set({ started: false, orbitalPredictId: id, tab: ORBIT_TAB.RESULT, selectedPass: null, hiddenSatellites: [] }),
  fail: () => set({ started: false }),
  open: (id) => set({ orbitalPredictId: id, tab: ORBIT_TAB.RESULT, selectedPass: null, hiddenSatellites: [] }),
  setVectorType: (vectorType) => set({ vectorType }),
  selectPass: (selectedPass) => set({ selectedPass }),
  toggleSatellite: (noradId, shown) =>
    set((s) => ({
      hiddenSatellites: shown ? s.hiddenSatellites.filter((n) => n !== noradId) : [...new Set([...s.hiddenSatellites, noradId])],
    })),
  clear: () => set({ tab: ORBIT_TAB.SELECT, orbitalPredictId: null, started: false, selectedPass: null, hiddenSatellites: [] }),
}))
