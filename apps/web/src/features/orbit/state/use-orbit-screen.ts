import { ORBIT_LIMITS, type OrbitArea, type PassQuery, type SceneArea } from '@rs/shared'
import type { Geometry } from 'geojson'
import { useEffect, useMemo } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { useOrbitElements, usePrediction, usePredictPasses } from '../api/orbit-api'
import { useOrbitAreaGeometry } from '../api/orbit-area'
import { type ChosenPassFrames, framesOfPass, sceneAreaOf } from '../utils/pass-frames'
import { ORBIT_TAB, type OrbitState, useOrbitStore } from './orbit-store'
import { useOrbitMap } from './use-orbit-map'

/** The area a prediction is asked for: the point of interest, or the chosen area (a region or upload by reference, a polygon as it is). */
export function orbitAreaOf(
  orbit: Pick<OrbitState, 'areaKind' | 'poi'>,
  area: SceneArea | null,
  geometry: Geometry | null,
): OrbitArea | null {
  if (orbit.areaKind === 'poi') return orbit.poi ? { type: 'Point', coordinates: orbit.poi } : null
  if (!area) return null
  if (area.mode === 'region') return { regionCode: area.regionCode }
  if (area.mode === 'shp') return { uploadId: area.uploadId }
  if (geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')) return geometry as OrbitArea
  return null
}

/**
 * 轨道预测 (OrbitalPredict) as one hook: the prediction asked for the chosen area (`area` and its
 * `geometry` from the screen's area select) and the store's parameters, the satellites shown live,
 * the chosen pass's frames and the map layers.
 */
export function useOrbitScreen(area: SceneArea | null, geometry: Geometry | null) {
  const orbit = useOrbitStore()
  const elements = useOrbitElements()
  const predict = usePredictPasses()
  const prediction = usePrediction(orbit.orbitalPredictId)
  const orbitArea = orbitAreaOf(orbit, area, geometry)

  const handleStart = () => {
    const { params } = orbit
    if (!orbitArea || !params.start || !params.end) return
    const body: PassQuery = {
      satellites: params.satellites,
      start: params.start,
      end: params.end,
      area: orbitArea,
      ...(params.maxRollDeg !== null ? { maxRollDeg: params.maxRollDeg } : {}),
      // sent as it is: the default shown in the form, another minimum, or null for none
      minSunElevationDeg: params.minSunElevationDeg,
    }
    orbit.start()
    predict.mutate(body, {
      onSuccess: (answer) => orbit.finish(answer.id),
      // a refusal in the server's words (an automatic login's code 3 also opens the login dialog: lib/api-client.ts)
      onError: (error) => {
        orbit.fail()
        notify.error(errorMessage(error))
      },
    })
  }

  const data = prediction.data
  // the 3D page is one click away from a result: its code (CesiumJS) is fetched while the person reads the list
  useEffect(() => {
    if (!data) return
    const timer = setTimeout(() => void import('../components/orbit-globe-screen').catch(() => undefined), 1500)
    return () => clearTimeout(timer)
  }, [data])
  const passes = orbit.tab === ORBIT_TAB.RESULT && data ? data.passes : []
  // live: the satellites of the result (with their widest swath), or those chosen before a prediction
  const live = useMemo(() => {
    if (data && orbit.tab === ORBIT_TAB.RESULT) {
      const widest = new Map<number, { label: string; half: number }>()
      for (const p of data.passes)
        widest.set(p.noradId, { label: p.satellite, half: Math.max(widest.get(p.noradId)?.half ?? 0, p.swathKm / 2) })
      return [...widest.entries()].map(([noradId, w]) => ({ noradId, label: w.label, halfSwathKm: w.half }))
    }
    const chosen = new Set(orbit.params.satellites)
    return (elements.data ?? [])
      .filter((e) => chosen.has(e.slug) && e.ageDays <= ORBIT_LIMITS.maxDaysFromEpoch)
      .map((e) => ({ noradId: e.noradId, label: e.satellite, halfSwathKm: (e.swathKm ?? 0) / 2 }))
  }, [data, orbit.tab, orbit.params.satellites, elements.data])
  // the chosen pass's frames: the scenes it would take over the prediction's area
  const areaGeometry = useOrbitAreaGeometry(data?.query.area)
  const chosen = orbit.selectedPass !== null ? passes[orbit.selectedPass] : undefined
  const frames = useMemo((): ChosenPassFrames | null => {
    const tle = chosen && elements.data?.find((e) => e.noradId === chosen.noradId)
    if (!chosen || !tle || !areaGeometry.data) return null
    try {
      return framesOfPass(chosen, tle, areaGeometry.data)
    } catch {
      return null
    }
  }, [chosen, elements.data, areaGeometry.data])
  const archiveCode = chosen ? elements.data?.find((e) => e.noradId === chosen.noradId)?.archiveCode : undefined
  const mapLayers = useOrbitMap({
    passes,
    elements: elements.data ?? [],
    hidden: orbit.hiddenSatellites,
    vectorType: orbit.vectorType,
    selectedPass: orbit.selectedPass,
    onSelectPass: orbit.selectPass,
    live,
    poi: orbit.areaKind === 'poi' ? orbit.poi : null,
    frames,
  })

  return {
    orbit,
    prediction,
    hasArea: orbitArea !== null,
    handleStart,
    liveCount: live.length,
    chosen,
    frames,
    isFramesLoading: frames === null && areaGeometry.isLoading,
    /** The chosen pass's satellite's archive code and the prediction's area as an image query's: its archived scenes. */
    archiveLink: archiveCode && data ? { satelliteCode: archiveCode, area: sceneAreaOf(data.query.area) } : null,
    mapLayers,
  }
}
