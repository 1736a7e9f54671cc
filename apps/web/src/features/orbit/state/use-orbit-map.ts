import { type OrbitTle, orbitFromTle, type Pass, subPoint } from '@rs/shared'
import { boundingExtent } from 'ol/extent'
import type OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import { useEffect, useMemo, useState } from 'react'
import { formatBeijing } from '../../../lib/time'
import { lonLatToExtent } from '../../../map/geometry'
import { createTrackLayers } from '../../../map/track-layer'
import {
  CROWDED_PASSES,
  createFrameLayer,
  createLiveSwathLayer,
  createPassLayer,
  createPassMarkerLayer,
  PASS_COLORS,
  type PassMarker,
  type PassShape,
  passIndexesOf,
} from '../map/pass-layer'
import type { ChosenPassFrames } from '../utils/pass-frames'
import { type LonLat, splitAtAntimeridian, swathRing, trackPoints } from '../utils/pass-geometry'
import type { VectorType } from './orbit-store'

/** A colour per satellite (NORAD number), stable in the order of the list. */
export function colorsOf(noradIds: readonly number[]): Map<number, string> {
  const out = new Map<number, string>()
  for (const id of noradIds) if (!out.has(id)) out.set(id, PASS_COLORS[out.size % PASS_COLORS.length] as string)
  return out
}

/**
 * The orbit screen's map layers: each shown pass's ground track or swath (vector type), the chosen
 * pass highlighted and brought into view, a marker per pass grouped with a count where markers
 * crowd (clicking a group zooms in, clicking a lone pass chooses it), and the live positions of the
 * active satellites with their swath now, moved every second by SGP4 in the browser (the same code
 * as the server's). Above CROWDED_PASSES shown passes, those not chosen are faint tracks only.
 */
export function useOrbitMap({
  passes,
  elements,
  hidden,
  vectorType,
  selectedPass,
  onSelectPass,
  live,
  poi,
  frames,
}: {
  passes: readonly Pass[]
  elements: readonly OrbitTle[]
  hidden: readonly number[]
  vectorType: VectorType
  selectedPass: number | null
  /** Chooses a pass by its place in the list (a click on its marker). */
  onSelectPass: (index: number) => void
  /** Satellites whose current position is shown: NORAD number, label, half swath in km. */
  live: ReadonlyArray<{ noradId: number; label: string; halfSwathKm: number }>
  poi: LonLat | null
  /** The chosen pass's frames (the scenes it would take), or null. */
  frames: ChosenPassFrames | null
}) {
  const layers = useMemo(
    () => ({
      passes: createPassLayer(),
      markers: createPassMarkerLayer(),
      frames: createFrameLayer(),
      live: createTrackLayers(),
      liveSwath: createLiveSwathLayer(),
    }),
    [],
  )
  const overlays = useMemo(
    () => [
      layers.passes.layer,
      layers.frames.layer,
      layers.markers.layer,
      layers.liveSwath.layer,
      layers.live.tracks,
      layers.live.positions,
    ],
    [layers],
  )
  const [map, setMap] = useState<OlMap>()
  const lines = useMemo(() => new Map(elements.map((e) => [e.noradId, e])), [elements])
  const colors = useMemo(() => colorsOf([...passes.map((p) => p.noradId), ...live.map((l) => l.noradId)]), [passes, live])

  const shown = useMemo(() => {
    const hiddenSet = new Set(hidden)
    return passes.flatMap((p, i) => (lines.has(p.noradId) && !hiddenSet.has(p.noradId) ? [i] : []))
  }, [passes, lines, hidden])
  const isCrowded = shown.length > CROWDED_PASSES

  // tracks of the shown passes: 1 minute either side, every 10 s
  const shapes = useMemo(() => {
    const out: Array<PassShape & { bbox: [number, number, number, number] }> = []
    for (const i of shown) {
      const p = passes[i] as Pass
      const tle = lines.get(p.noradId) as OrbitTle
      const highlighted = i === selectedPass
      const quiet = isCrowded && !highlighted
      const track = trackPoints(tle.line1, tle.line2, Date.parse(p.start) - 60_000, Date.parse(p.end) + 60_000, 10)
      const hasSwath = highlighted || (vectorType === 'swath' && !quiet)
      const inPass = hasSwath ? trackPoints(tle.line1, tle.line2, Date.parse(p.start), Date.parse(p.end), 5) : []
      const swath = hasSwath ? swathRing(inPass, highlighted ? p.reachKm : p.swathKm / 2) : null
      const all = [...track, ...(swath ?? [])]
      const bbox: [number, number, number, number] = [
        Math.min(...all.map((q) => q[0])),
        Math.min(...all.map((q) => q[1])),
        Math.max(...all.map((q) => q[0])),
        Math.max(...all.map((q) => q[1])),
      ]
      out.push({
        id: `${i}`,
        color: colors.get(p.noradId) ?? '#1677ff',
        track: splitAtAntimeridian(track),
        swath,
        highlighted,
        quiet,
        bbox,
      })
    }
    return out
  }, [passes, lines, shown, isCrowded, vectorType, selectedPass, colors])

  useEffect(() => layers.passes.setShapes(shapes), [layers, shapes])

  // a marker per shown pass, grouped where they crowd
  const markers = useMemo(
    (): PassMarker[] =>
      shown.map((i) => {
        const p = passes[i] as Pass
        return {
          index: i,
          color: colors.get(p.noradId) ?? '#1677ff',
          at: p.subPoint,
          label: `${p.satellite} ${formatBeijing(p.closestTime, 'MM-DD HH:mm')}`,
        }
      }),
    [passes, shown, colors],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen pass is marked by the next effect, not placed again
  useEffect(() => layers.markers.setMarkers(markers, selectedPass), [layers, markers])
  useEffect(() => layers.markers.setSelected(selectedPass), [layers, selectedPass])
  // a new result: every pass marker in view (the chosen pass's own fit follows below)
  useEffect(() => {
    const extent = passes.length > 0 ? layers.markers.extent() : null
    if (!map || !extent) return
    map.getView().fit(extent, { size: map.getSize(), padding: [50, 50, 50, 50], maxZoom: 9, duration: 0 })
  }, [map, layers, passes])
  // how many markers and groups are drawn at the view's scale (the screen shows it as data-pass-groups)
  const [groupCount, setGroupCount] = useState(0)
  useEffect(() => {
    const count = () => setGroupCount(layers.markers.groups.getFeatures().length)
    layers.markers.groups.on('change', count)
    return () => layers.markers.groups.un('change', count)
  }, [layers])
  // a click on a lone pass chooses it; on a group, zooms in to its passes
  useEffect(() => {
    if (!map) return
    const click = (event: MapBrowserEvent<PointerEvent>) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === layers.markers.layer })
      if (!hit) return
      const indexes = passIndexesOf(hit)
      if (indexes.length === 1) {
        onSelectPass(indexes[0] as number)
        return
      }
      const members = hit.get('features') as Array<{ getGeometry: () => { getCoordinates: () => number[] } }>
      const view = map.getView()
      const extent = boundingExtent(members.map((m) => m.getGeometry().getCoordinates()))
      const resolution = view.getResolution() ?? 1
      // passes at one spot: a closer look by two zoom levels
      if (extent[2] - extent[0] < resolution && extent[3] - extent[1] < resolution)
        view.animate({ center: event.coordinate, zoom: (view.getZoom() ?? 0) + 2, duration: 250 })
      else view.fit(extent, { size: map.getSize(), padding: [80, 80, 80, 80], duration: 250 })
    }
    map.on('singleclick', click as never)
    return () => map.un('singleclick', click as never)
  }, [map, layers, onSelectPass])
  // the chosen pass's frames, each labelled with its centre time in Beijing time
  const chosenColor = selectedPass !== null ? colors.get(passes[selectedPass]?.noradId ?? -1) : undefined
  useEffect(() => {
    const shown = frames && selectedPass !== null && !hidden.includes(passes[selectedPass]?.noradId ?? -1) ? frames.frames : []
    layers.frames.setFrames(
      shown.map((f) => ({ id: `${f.sensor}:${f.index}`, ring: f.ring, centre: f.centre, label: formatBeijing(f.centreMs, 'HH:mm:ss') })),
      chosenColor ?? '#1677ff',
    )
  }, [layers, frames, selectedPass, passes, hidden, chosenColor])
  useEffect(() => {
    const chosen = shapes.find((s) => s.highlighted)
    if (!map || !chosen) return
    map.getView().fit(lonLatToExtent(chosen.bbox), { size: map.getSize(), padding: [60, 60, 60, 60], maxZoom: 8, duration: 250 })
  }, [map, shapes])

  // live positions, once a second
  useEffect(() => {
    const orbits = live.flatMap((l) => {
      const tle = lines.get(l.noradId)
      if (!tle || hidden.includes(l.noradId)) return []
      try {
        return [{ ...l, orbit: orbitFromTle(tle.line1, tle.line2), color: colors.get(l.noradId) ?? '#1677ff' }]
      } catch {
        return []
      }
    })
    const tick = () => {
      performance.mark('orbit-live-tick-start')
      const now = Date.now()
      const positions = []
      const swaths = []
      for (const o of orbits) {
        const p = subPoint(o.orbit, now)
        if (!p) continue
        positions.push({ id: String(o.noradId), color: o.color, label: o.label, lon: p.lon, lat: p.lat })
        const strip: LonLat[] = []
        for (let s = -60; s <= 60; s += 15) {
          const q = subPoint(o.orbit, now + s * 1000)
          if (q) strip.push([q.lon, q.lat])
        }
        if (strip.every((q, i) => i === 0 || Math.abs(q[0] - (strip[i - 1] as LonLat)[0]) < 180))
          swaths.push({ id: String(o.noradId), color: o.color, ring: swathRing(strip, o.halfSwathKm) })
      }
      layers.live.setPositions(positions)
      layers.liveSwath.setSwaths(swaths, poi)
      // the tick's main-thread time, for the live map's measurement (e2e/orbit-live.spec.ts); the last 600 kept
      performance.measure('orbit-live-tick', 'orbit-live-tick-start')
      if (performance.getEntriesByName('orbit-live-tick').length > 600) performance.clearMeasures('orbit-live-tick')
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [layers, live, lines, hidden, colors, poi])

  return { overlays, onMapReady: setMap, colors, isCrowded, groupCount }
}
