import {
  AimOutlined,
  BarChartOutlined,
  FundOutlined,
  GlobalOutlined,
  PictureOutlined,
  RadarChartOutlined,
  SearchOutlined,
  SendOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'
import { Link } from '../../../components/link'
import { PATHS } from '../../../config/paths'
import { useT } from '../../../lib/i18n'

interface ServiceCard {
  key: 'normal' | 'orbitalPredict' | 'coverage' | 'push' | 'monitor' | 'satellite' | 'analysis' | 'typicalImage'
  title: string
  to: string
  icon: ReactNode
  /** A note on who may open it: login, or a granted module. */
  access?: 'home.loginNeeded' | 'home.authNeeded'
}

const CARDS: ServiceCard[] = [
  { key: 'normal', title: 'nav.normal', to: PATHS.normal, icon: <SearchOutlined /> },
  { key: 'orbitalPredict', title: 'nav.orbitalPredict', to: PATHS.orbitalPredict, icon: <AimOutlined />, access: 'home.loginNeeded' },
  { key: 'coverage', title: 'nav.coverageStatics', to: PATHS.statistics, icon: <BarChartOutlined /> },
  { key: 'push', title: 'nav.pushStatics', to: '/statistics/push', icon: <SendOutlined /> },
  { key: 'monitor', title: 'nav.monitor', to: PATHS.monitor, icon: <RadarChartOutlined />, access: 'home.authNeeded' },
  { key: 'satellite', title: 'nav.satellite', to: PATHS.satellite, icon: <GlobalOutlined /> },
  { key: 'analysis', title: 'nav.dynamicAnalysis', to: '/satellite/analysis', icon: <FundOutlined /> },
  { key: 'typicalImage', title: 'nav.typicalImage', to: '/satellite/image', icon: <PictureOutlined /> },
]

/** The home page's entries to every service. */
export function ServiceCards() {
  const t = useT()
  return (
    <section className="home-services" aria-labelledby="service-cards-title">
      <h2 id="service-cards-title" className="section-title">
        {t('home.services')}
      </h2>
      <ul className="home-services__list">
        {CARDS.map((card) => (
          <li key={card.key}>
            <Link to={card.to} className="home-service" data-testid={`service-${card.key}`}>
              <span className="home-service__icon" aria-hidden="true">
                {card.icon}
              </span>
              <span className="home-service__text">
                <span className="home-service__title">
                  {t(card.title)}
                  {card.access && <span className="home-tag">{t(card.access)}</span>}
                </span>
                <span className="home-service__desc">{t(`home.cards.${card.key}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
