import { useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { formatBeijing } from '../../../lib/time'
import type { LonLatBBox } from '../../../map/geometry'
import { MapView, type MapViewHandle } from '../../../map/map-view'
import { createTrackLayers, type TrackLine, type TrackPosition } from '../../../map/track-layer'
import { groundTrack, hasDecayed, type OrbitModel, parseTle, type SubSatellitePoint, subSatellitePoint } from '../utils/orbit'
import type { TrackedMember } from '../utils/tle-match'

/** The whole world, slightly trimmed at the poles (Web Mercator). */
const WORLD: LonLatBBox = [-180, -65, 180, 78]
const MAP_HEIGHT = 500
const POSITION_EVERY_MS = 1000
const TRACK_EVERY_MS = 60_000

export interface SatelliteTrackerMapProps {
  members: TrackedMember[]
  /** Draw the ground tracks (±1 period) besides the positions. */
  showTracks: boolean
  tiandituKey?: string
}

interface Readout {
  id: string
  name: string
  color: string
  point?: SubSatellitePoint
  /** No point because, by its elements, the orbit has decayed. */
  isDecayed: boolean
}

/**
 * The satellites' sub-satellite points on the portal map, propagated from their TLEs with SGP4 every
 * second while the page is visible, and their ground tracks over one period either side of now.
 */
export default function SatelliteTrackerMap({ members, showTracks, tiandituKey = '' }: SatelliteTrackerMapProps) {
  const t = useT()
  const layers = useMemo(() => createTrackLayers(), [])
  const overlays = useMemo(() => [layers.tracks, layers.positions], [layers])
  const models = useMemo(
    () =>
      members.flatMap((m) => {
        const model = parseTle(m.line1, m.line2)
        return model ? [{ member: m, model }] : []
      }),
    [members],
  )
  const mapRef = useRef<MapViewHandle>(null)
  // the first view is centred on the first satellite; a new choice of members moves the view there
  const [firstView] = useState(() => viewAround(models[0]?.model, new Date()))
  const isFirstChoice = useRef(true)
  useEffect(() => {
    if (isFirstChoice.current) {
      isFirstChoice.current = false
      return
    }
    mapRef.current?.fitBBox(viewAround(models[0]?.model, new Date()))
  }, [models])
  const [readouts, setReadouts] = useState<Readout[]>([])
  const [computedAt, setComputedAt] = useState<Date>()

  useEffect(() => {
    let lastTracks = Number.NEGATIVE_INFINITY
    let timer: ReturnType<typeof setInterval> | undefined

    const tick = () => {
      const now = new Date()
      const points = models.map(({ member, model }) => {
        const point = subSatellitePoint(model, now)
        return { member, model, point, isDecayed: !point && hasDecayed(model) }
      })
      layers.setPositions(
        points.flatMap(({ member, point }): TrackPosition[] =>
          point ? [{ id: member.id, color: member.color, label: member.name, lon: point.lon, lat: point.lat }] : [],
        ),
      )
      if (now.getTime() - lastTracks >= TRACK_EVERY_MS) {
        lastTracks = now.getTime()
        layers.setTracks(showTracks ? models.map(({ member, model }) => trackLine(member, model, now)) : [])
      }
      setReadouts(
        points.map(({ member, point, isDecayed }) => ({ id: member.id, name: member.name, color: member.color, point, isDecayed })),
      )
      setComputedAt(now)
    }
    const start = () => {
      if (timer === undefined && !document.hidden) timer = setInterval(tick, POSITION_EVERY_MS)
    }
    const stop = () => {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
    }
    const onVisibility = () => {
      if (document.hidden) stop()
      else {
        tick()
        start()
      }
    }
    tick()
    start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [models, layers, showTracks])

  const listed = readouts.length <= 12 ? readouts : []
  return (
    <div className="satellite-tracker__map" data-testid="satellite-tracker-map">
      <MapView ref={mapRef} tiandituKey={tiandituKey} height={MAP_HEIGHT} initialBBox={firstView} overlays={overlays} />
      <div className="satellite-tracker__readout">
        {computedAt && (
          <div className="satellite-muted" data-testid="satellite-computed-at">
            {t('satellitePage.tracker.updatedAt', { time: formatBeijing(computedAt) })}
          </div>
        )}
        {showTracks && (
          <div className="satellite-tracker__legend">
            <span className="satellite-tracker__dash satellite-tracker__dash--past" />
            {t('satellitePage.tracker.legendPast')}
            <span className="satellite-tracker__dash" />
            {t('satellitePage.tracker.legendFuture')}
          </div>
        )}
        <ul className="satellite-plain-list">
          {listed.map((r) => (
            <li key={r.id} data-testid="satellite-position">
              <span className="satellite-dot" style={{ background: r.color }} />
              {r.point
                ? t('satellitePage.tracker.position', {
                    member: r.name,
                    lon: r.point.lon.toFixed(2),
                    lat: r.point.lat.toFixed(2),
                    alt: Math.round(r.point.altitudeKm),
                  })
                : t('satellitePage.labelled', {
                    label: r.name,
                    value: t(r.isDecayed ? 'satellitePage.tracker.decayed' : 'satellitePage.tracker.propagationFailed'),
                  })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

function trackLine(member: TrackedMember, model: OrbitModel, now: Date): TrackLine {
  const track = groundTrack(model, now, { periods: 1, pointsPerPeriod: 180 })
  return { id: member.id, color: member.color, past: track.past, future: track.future }
}

/**
 * A world-wide box centred on where a satellite is now (its longitude; its latitude held within ±20°
 * so the polar parts of a track stay in view); the whole world when it cannot be propagated.
 */
function viewAround(model: OrbitModel | undefined, now: Date): LonLatBBox {
  const point = model ? subSatellitePoint(model, now) : undefined
  if (!point) return WORLD
  const lat = Math.max(-20, Math.min(20, point.lat))
  return [point.lon - 180, lat - 60, point.lon + 180, lat + 60]
}
