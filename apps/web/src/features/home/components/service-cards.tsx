import { AimOutlined, BarChartOutlined, GlobalOutlined, RadarChartOutlined, SearchOutlined } from '@ant-design/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PATHS } from '../../../config/paths'
import { useT } from '../../../lib/i18n'

interface ServiceCard {
  key: 'normal' | 'orbitalPredict' | 'statistics' | 'monitor' | 'satellite'
  title: string
  to: string
  icon: ReactNode
}

const CARDS: ServiceCard[] = [
  { key: 'normal', title: 'nav.normal', to: PATHS.normal, icon: <SearchOutlined /> },
  { key: 'orbitalPredict', title: 'nav.orbitalPredict', to: PATHS.orbitalPredict, icon: <AimOutlined /> },
  { key: 'statistics', title: 'nav.statistics', to: PATHS.statistics, icon: <BarChartOutlined /> },
  { key: 'monitor', title: 'nav.monitor', to: PATHS.monitor, icon: <RadarChartOutlined /> },
  { key: 'satellite', title: 'nav.satellite', to: PATHS.satellite, icon: <GlobalOutlined /> },
]

/** The home page's service entries. */
export function ServiceCards() {
  const t = useT()
  return (
    <section className="service-cards" aria-labelledby="service-cards-title">
      <h2 id="service-cards-title" className="section-title">
        {t('home.services')}
      </h2>
      <ul className="service-cards__list">
        {CARDS.map((card) => (
          <li key={card.key}>
            <Link to={card.to} className="service-card" data-testid={`service-${card.key}`}>
              <span className="service-card__icon">{card.icon}</span>
              <span className="service-card__title">{t(card.title)}</span>
              <span className="service-card__desc">{t(`home.cards.${card.key}`)}</span>
              <span className="service-card__enter">{t('home.enter')} →</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
