import type { SatelliteMember } from '@rs/shared'
import { punctuationNow } from '@rs/shared'
import { Alert, Button } from 'antd'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { useSatelliteTle } from '../api/fetch-satellite-tle'
import { daysSince } from '../utils/facts'
import { formatUtc } from '../utils/format'
import { matchTle, type TrackedMember } from '../utils/tle-match'
import { Placeholder } from './chip'

// OpenLayers and SGP4 load with the map, after the facts are on screen
const SatelliteTrackerMap = lazy(() => import('./satellite-tracker-map'))

const ALL = '__all'
/** Above this many members, 全部成员 shows positions only (tracks would cover the map). */
const MAX_TRACKS = 10

function EpochLine({ shown, now }: { shown: TrackedMember[]; now: Date }) {
  const t = useT()
  if (shown.length === 0) return null
  const epochs = shown.map((m) => m.epoch).sort()
  const ages = shown.map((m) => daysSince(m.epoch, now)).filter((d): d is number => d !== undefined)
  const minDays = ages.length ? Math.min(...ages) : 0
  const maxDays = ages.length ? Math.max(...ages) : 0
  const first = shown[0]
  const text =
    shown.length === 1 && first
      ? t('satellitePage.tracker.epochOne', { member: first.name, epoch: formatUtc(first.epoch), days: maxDays })
      : minDays === maxDays && formatUtc(epochs[0]).slice(0, 10) === formatUtc(epochs.at(-1)).slice(0, 10)
        ? t('satellitePage.tracker.epochSame', { epoch: formatUtc(epochs[0]).slice(0, 10), days: maxDays })
        : t('satellitePage.tracker.epochRange', {
            from: formatUtc(epochs[0]).slice(0, 10),
            to: formatUtc(epochs.at(-1)).slice(0, 10),
            minDays,
            maxDays,
          })
  return <Alert type="info" showIcon className="satellite-tracker__epoch" data-testid="satellite-tle-epoch" title={text} />
}

/** 实时位置与星下点轨迹: member choice, the TLE epoch and its age, and the lazy map. */
export function SatelliteTracker({ slug, members, tiandituKey }: { slug: string; members: SatelliteMember[]; tiandituKey?: string }) {
  const t = useT()
  const tle = useSatelliteTle(slug)
  const [selected, setSelected] = useState(ALL)
  const match = useMemo(() => matchTle(members, tle.data ?? []), [members, tle.data])
  const now = useMemo(() => new Date(), [])

  // holds the height of the bar and the map it becomes, so the sections below do not jump (CLS)
  if (tle.isPending)
    return (
      <div className="satellite-tracker__pending">
        <Placeholder rows={6} />
      </div>
    )
  if (tle.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('satellitePage.tracker.loadFailed')}
        action={
          <Button size="small" onClick={() => void tle.refetch()}>
            {t('satellitePage.detail.retry')}
          </Button>
        }
      />
    )

  const { tracked, untracked } = match
  const single = tracked.find((m) => m.id === selected)
  const shown = single ? [single] : tracked
  const showTracks = shown.length <= MAX_TRACKS
  return (
    <div className="satellite-tracker" data-testid="satellite-tracker">
      {tracked.length === 0 ? (
        <Alert type="warning" showIcon title={t('satellitePage.tracker.none')} data-testid="satellite-no-tle" />
      ) : (
        <>
          <div className="satellite-tracker__bar">
            {tracked.length > 1 && (
              <label className="satellite-tracker__select">
                <span>{t('satellitePage.tracker.member')}</span>
                {/* a plain select: antd's Select would add ~35 kB to the page */}
                <select value={selected} onChange={(event) => setSelected(event.target.value)} data-testid="satellite-member-select">
                  <option value={ALL}>{t('satellitePage.tracker.allMembers')}</option>
                  {tracked.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                  {untracked.map((name) => (
                    <option key={`none:${name}`} value={`none:${name}`} disabled>
                      {name + punctuationNow().paren(t('satellitePage.tracker.noTle'))}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <EpochLine shown={shown} now={now} />
          </div>
          {!showTracks && <p className="satellite-footnote">{t('satellitePage.tracker.tracksHidden')}</p>}
          <Suspense fallback={<div className="satellite-tracker__placeholder">{t('satellitePage.tracker.mapLoading')}</div>}>
            <SatelliteTrackerMap members={shown} showTracks={showTracks} tiandituKey={tiandituKey} />
          </Suspense>
        </>
      )}
      {untracked.length > 0 && (
        <p className="satellite-footnote" data-testid="satellite-untracked">
          {t('satellitePage.tracker.noTleMembers', { names: punctuationNow().list(untracked) })}
        </p>
      )}
    </div>
  )
}
