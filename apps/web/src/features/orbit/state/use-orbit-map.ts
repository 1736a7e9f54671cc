import { type OrbitTle, orbitFromTle, type Pass, subPoint } from '@rs/shared'
import type OlMap from 'ol/Map'
import { useEffect, useMemo, useState } from 'react'
import { formatBeijing } from '../../../lib/time'
import { lonLatToExtent } from '../../../map/geometry'
import { createTrackLayers } from '../../../map/track-layer'
import { createFrameLayer, createLiveSwathLayer, createPassLayer, PASS_COLORS, type PassShape } from '../map/pass-layer'
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
 * pass highlighted and brought into view, and the live positions of the active satellites with
 * their swath now, moved every second by SGP4 in the browser (the same code as the server's).
 */
export function useOrbitMap({
  passes,
  elements,
  hidden,
  vectorType,
  selectedPass,
  live,
  poi,
  frames,
}: {
  passes: readonly Pass[]
  elements: readonly OrbitTle[]
  hidden: readonly number[]
  vectorType: VectorType
  selectedPass: number | null
  /** Satellites whose current position is shown: NORAD number, label, half swath in km. */
  live: ReadonlyArray<{ noradId: number; label: string; halfSwathKm: number }>
  poi: LonLat | null
  /** The chosen pass's frames (the scenes it would take), or null. */
  frames: ChosenPassFrames | null
}) {
  const layers = useMemo(
    () => ({ passes: createPassLayer(), frames: createFrameLayer(), live: createTrackLayers(), liveSwath: createLiveSwathLayer() }),
    [],
  )
  const overlays = useMemo(
    () => [layers.passes.layer, layers.frames.layer, layers.liveSwath.layer, layers.live.tracks, layers.live.positions],
    [layers],
  )
  const [map, setMap] = useState<OlMap>()
  const lines = useMemo(() => new Map(elements.map((e) => [e.noradId, e])), [elements])
  const colors = useMemo(() => colorsOf([...passes.map((p) => p.noradId), ...live.map((l) => l.noradId)]), [passes, live])

  // tracks of the shown passes: 1 minute either side, every 10 s
  const shapes = useMemo(() => {
    const hiddenSet = new Set(hidden)
    const out: Array<PassShape & { bbox: [number, number, number, number] }> = []
    passes.forEach((p, i) => {
      const tle = lines.get(p.noradId)
      if (!tle || hiddenSet.has(p.noradId)) return
      const highlighted = i === selectedPass
      const track = trackPoints(tle.line1, tle.line2, Date.parse(p.start) - 60_000, Date.parse(p.end) + 60_000, 10)
      const inPass = trackPoints(tle.line1, tle.line2, Date.parse(p.start), Date.parse(p.end), 5)
      const swath = vectorType === 'swath' || highlighted ? swathRing(inPass, highlighted ? p.reachKm : p.swathKm / 2) : null
      const all = [...track, ...(swath ?? [])]
      const bbox: [number, number, number, number] = [
        Math.min(...all.map((q) => q[0])),
        Math.min(...all.map((q) => q[1])),
        Math.max(...all.map((q) => q[0])),
        Math.max(...all.map((q) => q[1])),
      ]
      out.push({ id: `${i}`, color: colors.get(p.noradId) ?? '#1677ff', track: splitAtAntimeridian(track), swath, highlighted, bbox })
    })
    return out
  }, [passes, lines, hidden, vectorType, selectedPass, colors])

  useEffect(() => layers.passes.setShapes(shapes), [layers, shapes])
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

  return { overlays, onMapReady: setMap, colors }
}
