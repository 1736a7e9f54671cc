import { findRoute, GLOBAL_SATELLITE_GROUPS } from '@rs/shared'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'

const CHINESE = findRoute('satellite/chinese')?.children ?? []

/** The home page's satellite catalogue: every Chinese satellite, and the global ones by kind. */
export function SatelliteOverview() {
  const t = useT()
  return (
    <section className="satellite-overview" aria-labelledby="satellite-overview-title">
      <h2 id="satellite-overview-title" className="section-title">
        {t('home.satellites')}
      </h2>
      <div className="satellite-overview__grid">
        <div className="satellite-panel">
          <div className="satellite-panel__head">
            <h3>{t('home.chineseSatellites')}</h3>
            <Link to="/satellite/chinese">{t('home.viewAll')} →</Link>
          </div>
          <ul className="satellite-panel__chips">
            {CHINESE.map((node) => (
              <li key={node.name}>
                <Link className="satellite-chip" to={`/${node.path}`}>
                  {t(node.title)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="satellite-panel">
          <div className="satellite-panel__head">
            <h3>{t('home.globalSatellites')}</h3>
            <Link to="/satellite/global">{t('home.viewAll')} →</Link>
          </div>
          <dl className="satellite-panel__groups">
            {Object.entries(GLOBAL_SATELLITE_GROUPS).map(([group, keys]) => (
              <div key={group} className="satellite-panel__group">
                <dt>{t(`home.satelliteGroups.${group}`)}</dt>
                <dd>
                  <ul className="satellite-panel__chips">
                    {keys.map((key) => (
                      <li key={key}>
                        <Link className="satellite-chip" to={`/satellite/global/${key}`}>
                          {t(`satellite.global.${key}`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  )
}
