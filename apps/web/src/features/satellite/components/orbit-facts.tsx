import type { SatelliteNominalOrbit } from '@rs/shared'
import { Descriptions } from 'antd'
import { useT } from '../../../lib/i18n'
import { formatFigure, orbitTypeName, unconfirmed } from '../utils/format'

/** The nominal orbit as the sources state it (type, altitude, inclination, descending node, revisit). */
export function OrbitFacts({ orbit }: { orbit: SatelliteNominalOrbit | undefined | null }) {
  const t = useT()
  if (!orbit) return <p className="satellite-muted">{t('satellitePage.orbit.none')}</p>
  return (
    <div data-testid="satellite-orbit">
      <p className="satellite-footnote satellite-footnote--top">{t('satellitePage.orbit.nominal')}</p>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
        items={[
          { key: 'type', label: t('satellitePage.orbit.type'), children: orbitTypeName(t, orbit.type) },
          {
            key: 'alt',
            label: t('satellitePage.orbit.altitude'),
            children: formatFigure(t, orbit.altitudeKm, 'satellitePage.orbit.kmValue'),
          },
          {
            key: 'inc',
            label: t('satellitePage.orbit.inclination'),
            children: formatFigure(t, orbit.inclinationDeg, 'satellitePage.orbit.degValue'),
          },
          { key: 'ltdn', label: t('satellitePage.orbit.ltdn'), children: orbit.localTimeOfDescendingNode ?? unconfirmed(t) },
          {
            key: 'revisit',
            label: t('satellitePage.orbit.revisit'),
            children: formatFigure(t, orbit.revisitDays, 'satellitePage.orbit.daysValue'),
            span: 2,
          },
        ]}
      />
    </div>
  )
}
