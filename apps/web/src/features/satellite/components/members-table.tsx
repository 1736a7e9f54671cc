import type { SatelliteMember } from '@rs/shared'
import { useT } from '../../../lib/i18n'
import { statusOf } from '../utils/facts'
import { DASH, formatNumber, unconfirmed, uniqueKeys } from '../utils/format'
import { StatusTag } from './status-tag'

function LaunchDate({ member }: { member: SatelliteMember }) {
  const t = useT()
  if (!member.launchDate) return <span className="satellite-muted">{t('satellitePage.members.dateUnconfirmed')}</span>
  const caveat = member.launchCaveat
  return (
    <>
      {member.launchDate}
      {caveat && (
        <span className="satellite-caveat" data-testid="launch-caveat">
          {caveat.kind === 'beijing'
            ? t('satellitePage.members.beijing')
            : t(`satellitePage.members.${caveat.kind}`, { utcDate: caveat.utcDate })}
        </span>
      )}
    </>
  )
}

const fixed = (value: number | undefined, unit = '') => (value === undefined ? DASH : `${formatNumber(value, 2)}${unit}`)

/** The members of a series: launch, status, catalogue numbers and the orbit figures derived from each TLE. */
export function MembersTable({ members, isChinese }: { members: SatelliteMember[]; isChinese: boolean }) {
  const t = useT()
  if (members.length === 0) return <p className="satellite-muted">{t('satellitePage.members.empty')}</p>
  const keys = uniqueKeys(members.map((m) => `${m.noradId ?? ''}|${m.name ?? ''}`))
  return (
    <div data-testid="satellite-members">
      <section
        className={`satellite-table-wrap${members.length > 12 ? ' satellite-table-wrap--tall' : ''}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls on a phone is reached and scrolled by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={t('satellitePage.members.title')}
      >
        <table className="satellite-table">
          <thead>
            <tr>
              <th>{t('satellitePage.members.name')}</th>
              <th>{t('satellitePage.members.launchDate')}</th>
              <th>{t('satellitePage.members.status')}</th>
              <th>{t('satellitePage.members.norad')}</th>
              <th>{t('satellitePage.members.cospar')}</th>
              <th className="satellite-table__num">{t('satellitePage.members.altitude')}</th>
              <th className="satellite-table__num">{t('satellitePage.members.inclination')}</th>
              <th className="satellite-table__num">{t('satellitePage.members.period')}</th>
              <th>{t('satellitePage.members.ltdn')}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m, i) => (
              <tr key={keys[i]} data-testid="satellite-member-row">
                <td className="satellite-table__name">
                  <div className="satellite-member__name">{m.name ?? DASH}</div>
                </td>
                <td className="satellite-table__nowrap">
                  <LaunchDate member={m} />
                </td>
                <td>
                  <StatusTag status={statusOf(m.status)} />
                </td>
                <td>{m.noradId ?? unconfirmed(t)}</td>
                <td className="satellite-table__nowrap">{m.cospar ?? unconfirmed(t)}</td>
                <td className="satellite-table__num">{fixed(m.orbitFromTle?.meanAltitudeKm, ' km')}</td>
                <td className="satellite-table__num">{fixed(m.orbitFromTle?.inclinationDeg, '°')}</td>
                <td className="satellite-table__num">{fixed(m.orbitFromTle?.periodMin, ' min')}</td>
                <td>{m.orbitFromTle?.ltdnApprox ?? DASH}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="satellite-footnote">{t('satellitePage.members.tleFigures')}</p>
      {isChinese && <p className="satellite-footnote">{t('satellitePage.members.beijingNote')}</p>}
    </div>
  )
}
