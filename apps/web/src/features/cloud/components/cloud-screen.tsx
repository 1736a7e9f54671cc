import './cloud-screen.css'
import {
  beijingMonth,
  COVERAGE_CLASSES,
  type CoverageClassKey,
  formatBeijingTime,
  legendColor,
  MONITOR_MODULES,
  orbitFromTle,
  punctuationNow,
  quarterKeyOf,
  subPoint,
} from '@rs/shared'
import {
  coverageMonths,
  coverageStatistics,
  monitorBatches,
  monitorStatistics,
  normalmetaSummary,
  pushStatistics,
  satelliteTle,
} from '@rs/shared/api-paths'
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { callApi } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { periodLabel } from '../../../lib/period'
import { useChoropleth } from '../../../map/use-choropleth'

const MapView = lazy(() => import('../../../map/map-view'))

/** How often the screen asks again (?refresh=<seconds>, at least 5); a failed ask keeps what it showed. */
const REFRESH_MS =
  typeof window === 'undefined' ? 60_000 : Math.max(5, Number(new URLSearchParams(window.location.search).get('refresh')) || 60) * 1000
const ROTATE_MS = 15_000
const ROTATING: CoverageClassKey[] = ['sub1', 'm2', 'm5', 'm16']
const STAGE = { width: 1920, height: 1080 }
const SAT_STYLE = new Style({
  image: new Circle({ radius: 4, fill: new Fill({ color: '#36cfc9' }), stroke: new Stroke({ color: '#fff', width: 1 }) }),
})

const live = { refetchInterval: REFRESH_MS, placeholderData: keepPreviousData, retry: 2, staleTime: REFRESH_MS / 2 } as const
const fmt = (n: number) => n.toLocaleString('zh-CN')

/** The stage scaled to the window: the whole 1920×1080 wall, no scroll, whatever the screen. */
function useStageScale(): number {
  const [scale, setScale] = useState(1)
  useLayoutEffect(() => {
    const fit = () => setScale(Math.min(window.innerWidth / STAGE.width, window.innerHeight / STAGE.height))
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [])
  return scale
}

/**
 * 云服务大图 (/cloud, public): the platform at a glance on a 1920×1080 wall — archive totals and the
 * last 24 hours, this quarter's coverage by province (classes in turn), pushes by province this
 * month, the satellites in orbit now (moved every 2 s from their elements by the shared SGP4) and
 * the monitoring modules' latest batches. Every part asks again each minute and keeps what it
 * showed when the API does not answer, saying since when. `?refresh=30` asks every 30 s.
 */
export function CloudScreen() {
  const t = useT()
  const scale = useStageScale()
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 2_000)
    document.body.style.overflow = 'hidden'
    return () => {
      clearInterval(id)
      document.body.style.overflow = ''
    }
  }, [])

  const summary = useQuery({ queryKey: ['cloud', 'summary'], queryFn: ({ signal }) => callApi(normalmetaSummary, { signal }), ...live })
  const months = useQuery({ queryKey: ['cloud', 'months'], queryFn: ({ signal }) => callApi(coverageMonths, { signal }), ...live })
  // this quarter; a quarter without imagery yet (the demo's fixed archive) shows the latest quarter that has some
  const thisQuarter = quarterKeyOf(now)
  const latestMonth = months.data?.[months.data.length - 1]
  const quarter =
    months.data && !months.data.some((m) => `${Math.floor(m / 100)}Q${Math.ceil((m % 100) / 3)}` === thisQuarter) && latestMonth
      ? `${Math.floor(latestMonth / 100)}Q${Math.ceil((latestMonth % 100) / 3)}`
      : thisQuarter
  const classKey = ROTATING[Math.floor(now / ROTATE_MS) % ROTATING.length] as CoverageClassKey
  const coverage = useQuery({
    queryKey: ['cloud', 'coverage', quarter, classKey],
    queryFn: ({ signal }) => callApi(coverageStatistics, { query: { period: quarter, class: classKey } as never, signal }),
    ...live,
  })
  const month = beijingMonth(now)
  const monthKey = `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`
  const pushesMonth = useQuery({
    queryKey: ['cloud', 'push', monthKey],
    queryFn: ({ signal }) => callApi(pushStatistics, { query: { by: 'province', period: monthKey } as never, signal }),
    ...live,
  })
  const pushesAll = useQuery({
    queryKey: ['cloud', 'push', 'all'],
    queryFn: ({ signal }) => callApi(pushStatistics, { query: { by: 'province' } as never, signal }),
    enabled: pushesMonth.data !== undefined && pushesMonth.data.rows.length === 0,
    ...live,
  })
  const tle = useQuery({
    queryKey: ['cloud', 'tle'],
    queryFn: ({ signal }) => callApi(satelliteTle, { query: {}, signal }),
    staleTime: 3_600_000,
    retry: 2,
  })
  const monitors = useQueries({
    queries: MONITOR_MODULES.map((m) => ({
      queryKey: ['cloud', 'monitor', m.key],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const [stats, batches] = await Promise.all([
          callApi(monitorStatistics, { query: { module: m.key } as never, signal }),
          callApi(monitorBatches, { query: { module: m.key } as never, signal }),
        ])
        return { spots: stats.total.num ?? 0, batch: batches[batches.length - 1]?.batch ?? null, illustrative: stats.illustrative }
      },
      ...live,
    })),
  })

  const all = [summary, coverage, pushesMonth, ...monitors]
  const failing = all.some((q) => q.isError)
  const lastOk = Math.max(...all.map((q) => q.dataUpdatedAt))

  // coverage map: provinces coloured by their share
  const rows = coverage.data?.rows ?? []
  const regionLayer = useChoropleth(rows, (r) => (r.percent > 0 ? legendColor(r.percent, 100, 'yellowRed') : '#cccccc'))

  // satellites now
  const orbits = useMemo(
    () =>
      (tle.data ?? []).flatMap((e) => {
        try {
          return [orbitFromTle(e.line1, e.line2)]
        } catch {
          return []
        }
      }),
    [tle.data],
  )
  const satSource = useRef(new VectorSource())
  const satLayer = useMemo(() => new VectorLayer({ source: satSource.current, style: SAT_STYLE, zIndex: 30 }), [])
  useEffect(() => {
    const features: Feature[] = []
    for (const orbit of orbits) {
      const p = subPoint(orbit, now)
      if (p) features.push(new Feature(new Point(fromLonLat([p.lon, p.lat]))))
    }
    satSource.current.clear()
    satSource.current.addFeatures(features)
  }, [orbits, now])

  const pushes = pushesMonth.data?.rows.length ? pushesMonth.data : pushesAll.data
  const pushRows = [...(pushes?.rows ?? [])].sort((a, b) => b.scenes - a.scenes).slice(0, 12)
  const pushMax = Math.max(1, ...pushRows.map((r) => r.scenes))
  const classLevel = t(`coverage.classLevel.${classKey}`)

  return (
    <div className="cloud-screen" data-testid="cloud-screen">
      <div className="cloud-screen__stage" style={{ transform: `scale(${scale})` }}>
        <header className="cloud-screen__header">
          <h1>{t('cloud.title')}</h1>
          <div style={{ textAlign: 'right' }}>
            <div className="cloud-big" style={{ fontSize: 30 }} data-testid="cloud-clock">
              {formatBeijingTime(now)}
            </div>
            {failing ? (
              <div className="cloud-stale" data-testid="cloud-stale">
                {t('cloud.stale', { time: lastOk ? formatBeijingTime(lastOk, 'HH:mm:ss') : '—' })}
              </div>
            ) : (
              <div className="cloud-note">{t('cloud.updated', { time: lastOk ? formatBeijingTime(lastOk, 'HH:mm:ss') : '—' })}</div>
            )}
          </div>
        </header>

        <section className="cloud-panel" style={{ gridRow: '2 / 3' }} aria-label={t('cloud.archive')}>
          <h2>
            {t('cloud.archive')}{' '}
            {summary.data?.illustrative && <span className="cloud-note">{punctuationNow().paren(t('cloud.demo'))}</span>}
          </h2>
          <div>{t('cloud.scenes')}</div>
          <div className="cloud-big" data-testid="cloud-scenes">
            {summary.data ? fmt(summary.data.scenes) : '—'}
            <span className="cloud-unit">{t('cloud.unitScene')}</span>
          </div>
          <div style={{ display: 'flex', gap: 40, marginTop: 12 }}>
            <div>
              <div>{t('cloud.last24h')}</div>
              <div className="cloud-big" style={{ fontSize: 40 }} data-testid="cloud-last24h">
                {summary.data ? fmt(summary.data.last24h) : '—'}
              </div>
            </div>
            <div>
              <div>{t('cloud.satellites')}</div>
              <div className="cloud-big" style={{ fontSize: 40 }}>
                {summary.data ? fmt(summary.data.satellites) : '—'}
                <span className="cloud-unit">{t('cloud.unitSat')}</span>
              </div>
            </div>
          </div>
          <div className="cloud-note" style={{ marginTop: 12 }}>
            {punctuationNow().label(t('cloud.latest'))}
            {summary.data?.latestAcquiredAt ? formatBeijingTime(summary.data.latestAcquiredAt) : '—'}
          </div>
        </section>

        <section className="cloud-panel" style={{ gridRow: '2 / 4' }} aria-label={t('cloud.coverage', { period: '', level: '' })}>
          <h2 data-testid="cloud-coverage">
            {t('cloud.coverage', { period: periodLabel(quarter, t), level: classLevel })}{' '}
            {coverage.data ? `${coverage.data.national.percent.toFixed(2)}%` : '—'}
          </h2>
          <div className="cloud-map">
            <Suspense fallback={null}>
              <MapView region="100000" overlays={[regionLayer.layer]} height="100%" />
            </Suspense>
          </div>
          <div className="cloud-note" style={{ marginTop: 6 }}>
            {t('cloud.coverageNote')} ·{' '}
            {COVERAGE_CLASSES.filter((c) => ROTATING.includes(c.key)).map((c) => (
              <span key={c.key} style={{ marginRight: 10, color: c.key === classKey ? '#fff' : undefined }}>
                {t(`coverage.classLevel.${c.key}`)}
              </span>
            ))}
          </div>
        </section>

        <section className="cloud-panel" style={{ gridRow: '2 / 3' }} aria-label={t('cloud.pushes', { period: '' })}>
          <h2>
            {pushesMonth.data?.rows.length
              ? t('cloud.pushes', { period: periodLabel(monthKey, t) })
              : t('cloud.pushesNone', { period: periodLabel(monthKey, t) })}
          </h2>
          <div data-testid="cloud-pushes">
            {pushRows.map((r) => (
              <div className="cloud-bar" key={r.key}>
                <span>{r.label}</span>
                <div className="cloud-bar__track">
                  <div className="cloud-bar__fill" style={{ width: `${(100 * r.scenes) / pushMax}%` }} />
                </div>
                <span style={{ textAlign: 'right' }}>
                  {fmt(r.scenes)}
                  <span className="cloud-unit">{t('cloud.unitScene')}</span>
                </span>
              </div>
            ))}
          </div>
        </section>

        <section className="cloud-panel" style={{ gridRow: '3 / 4' }} aria-label={t('cloud.orbit')}>
          <h2>
            {t('cloud.orbit')} <span className="cloud-note">{t('cloud.orbitCount', { count: orbits.length })}</span>
          </h2>
          <div className="cloud-map" data-testid="cloud-orbit">
            <Suspense fallback={null}>
              <MapView initialBBox={[-180, -75, 180, 75]} overlays={[satLayer]} height="100%" />
            </Suspense>
          </div>
        </section>

        <section className="cloud-panel" style={{ gridRow: '3 / 4' }} aria-label={t('cloud.monitor')}>
          <h2>{t('cloud.monitor')}</h2>
          <div data-testid="cloud-monitor" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px 18px' }}>
            {MONITOR_MODULES.map((m, i) => {
              const d = monitors[i]?.data
              return (
                <div key={m.key}>
                  <div style={{ color: '#fff' }}>{t(m.titleKey as never)}</div>
                  <div className="cloud-note">
                    {d
                      ? `${t('cloud.monitorSpots', { count: fmt(d.spots) })} · ${d.batch ? t('cloud.monitorBatch', { batch: d.batch }) : '—'}`
                      : '—'}
                  </div>
                </div>
              )
            })}
          </div>
        </section>
      </div>
    </div>
  )
}
