import { ORBIT_LIMITS, orbitFromTle, punctuationNow } from '@rs/shared'
import { Button, Card, Select, Slider, Space, Typography } from 'antd'
import type { CesiumWidget } from 'cesium'
import { useEffect, useMemo, useRef, useState } from 'react'
import { GlobeView } from '../../../globe/globe-view'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import { useOrbitCatalogue, useOrbitElements, usePrediction } from '../api/orbit-api'
import { createOrbitScene, type GlobeSatellite } from '../globe/orbit-scene'
import { useOrbitStore } from '../state/orbit-store'
import { clockStart, globeWindow } from '../utils/globe-clock'

const SPEEDS = [1, 10, 60, 300, 1200]

/**
 * 三维轨道: the chosen satellites on our own CesiumJS globe (offline Natural Earth II imagery) with
 * their orbits, positions, ground tracks and swaths, and a time control (play, pause, speed, a
 * slider over the prediction's window or the next three days, back to now); the clock starts in
 * the window (at its start when now lies outside it). The satellites are those of the open
 * prediction or of the orbit screen's selection, named as the catalogue names them; more can be added here.
 */
export function OrbitGlobeScreen() {
  const t = useT()
  const catalogue = useOrbitCatalogue()
  const elements = useOrbitElements()
  const { params, orbitalPredictId } = useOrbitStore()
  const prediction = usePrediction(orbitalPredictId)
  const [slugs, setSlugs] = useState<string[]>(() => (params.satellites.length > 0 ? params.satellites : ['gf1', 'landsat']))
  const [widget, setWidget] = useState<CesiumWidget>()
  const window = useMemo(() => globeWindow(prediction.data?.query, Date.now()), [prediction.data])
  const [time, setTime] = useState(() => clockStart(window, Date.now()))
  const [playing, setPlaying] = useState(true)
  const [speed, setSpeed] = useState(60)
  const clock = useRef({ base: time, wall: performance.now() })

  const swathOf = useMemo(() => {
    const m = new Map<number, number>()
    for (const p of prediction.data?.passes ?? []) m.set(p.noradId, Math.max(m.get(p.noradId) ?? 0, p.swathKm / 2))
    return m
  }, [prediction.data])

  const satellites = useMemo<GlobeSatellite[]>(() => {
    const chosen = new Set(slugs)
    return (
      (elements.data ?? [])
        // elements over a year old place a satellite nowhere near where it is: left out, as the prediction does
        .filter((e) => chosen.has(e.slug) && e.ageDays <= ORBIT_LIMITS.maxDaysFromEpoch)
        .slice(0, 200)
        .flatMap((e) => {
          try {
            return [
              {
                noradId: e.noradId,
                label: e.satellite,
                orbit: orbitFromTle(e.line1, e.line2),
                halfSwathKm: swathOf.get(e.noradId) ?? (e.swathKm ?? 0) / 2,
              },
            ]
          } catch {
            return []
          }
        })
    )
  }, [elements.data, slugs, swathOf])

  const scene = useMemo(() => (widget ? createOrbitScene(widget) : undefined), [widget])
  useEffect(() => () => scene?.destroy(), [scene])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time is read, not followed, when the satellites change
  useEffect(() => scene?.setSatellites(satellites, time), [scene, satellites])

  // the simulated clock: base time + wall time × speed while playing; a change of play or speed starts from the time shown now
  const simulatedRef = useRef(time)
  const rebase = () => {
    clock.current = { base: simulatedRef.current, wall: performance.now() }
  }
  useEffect(() => {
    if (!scene) return
    let frame = 0
    let lastUi = 0
    const loop = (now: number) => {
      const simulated = playing ? clock.current.base + (now - clock.current.wall) * speed : clock.current.base
      simulatedRef.current = simulated
      scene.setTime(simulated)
      if (now - lastUi > 250) {
        lastUi = now
        setTime(simulated)
      }
      frame = requestAnimationFrame(loop)
    }
    frame = requestAnimationFrame(loop)
    return () => cancelAnimationFrame(frame)
  }, [scene, playing, speed])

  const jump = (to: number) => {
    clock.current = { base: to, wall: performance.now() }
    simulatedRef.current = to
    setTime(to)
  }
  // a prediction read after the first render (or another one) brings its window: the clock starts in it
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new window moves the clock
  useEffect(() => {
    const start = clockStart(window, simulatedRef.current)
    if (start !== simulatedRef.current) jump(start)
  }, [window.start, window.end])
  // the series by the catalogue's name (as the orbit screen's tree and the satellite pages name them), those with elements
  const seriesOptions = useMemo(() => {
    const tracked = new Set((elements.data ?? []).map((e) => e.slug))
    return (catalogue.data ?? []).filter((c) => tracked.has(c.value)).map((c) => ({ value: c.value, label: c.label }))
  }, [catalogue.data, elements.data])

  return (
    <div data-testid="orbit-globe-screen">
      <Card size="small" style={{ marginBottom: 8 }}>
        <Space wrap style={{ width: '100%' }}>
          <Typography.Text strong>{t('orbit.globe.title')}</Typography.Text>
          <Select
            mode="multiple"
            data-testid="globe-satellites"
            style={{ minWidth: 320 }}
            // until the names are there the series are not shown, so no bare slug appears
            value={seriesOptions.length > 0 ? slugs : []}
            loading={seriesOptions.length === 0 && (catalogue.isLoading || elements.isLoading)}
            onChange={setSlugs}
            options={seriesOptions}
            optionFilterProp="label"
            placeholder={t('orbit.globe.noSatellite')}
            aria-label={t('orbit.globe.noSatellite')}
            maxTagCount={4}
          />
          <Button
            data-testid="globe-play"
            onClick={() => {
              rebase()
              setPlaying(!playing)
            }}
          >
            {playing ? t('orbit.globe.pause') : t('orbit.globe.play')}
          </Button>
          <Select
            aria-label={t('orbit.globe.speed')}
            data-testid="globe-speed"
            value={speed}
            onChange={(v) => {
              rebase()
              setSpeed(v)
            }}
            style={{ width: 110 }}
            options={SPEEDS.map((s) => ({ value: s, label: `${s}× ${t('orbit.globe.speed')}` }))}
          />
          <Button onClick={() => jump(Date.now())}>{t('orbit.globe.now')}</Button>
          <Typography.Text data-testid="globe-time">
            {punctuationNow().label(t('orbit.globe.time'))}
            {formatBeijing(time)}
          </Typography.Text>
        </Space>
        <Slider
          min={window.start}
          max={window.end}
          step={60_000}
          value={Math.min(window.end, Math.max(window.start, time))}
          onChange={(v) => jump(v)}
          ariaLabelForHandle={t('orbit.globe.time')}
          ariaValueTextFormatterForHandle={(v) => (v === undefined ? '' : formatBeijing(v))}
          tooltip={{ formatter: (v) => (v === undefined ? '' : formatBeijing(v, 'MM-DD HH:mm')) }}
        />
      </Card>
      <GlobeView height={640} onReady={setWidget} />
    </div>
  )
}

export default OrbitGlobeScreen
