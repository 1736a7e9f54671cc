import { FileImageOutlined, ReadOutlined } from '@ant-design/icons'
import type { SatelliteFacts } from '@rs/shared'
import { Button, Descriptions, Result } from 'antd'
import { Link } from '../../../components/link'
import { useLocale, useT } from '../../../lib/i18n'
import { useSatelliteDetail } from '../api/fetch-satellite-detail'
import { countryCodes, statusOf } from '../utils/facts'
import { categoryColor, categoryName, countryName, DASH, unconfirmed } from '../utils/format'
import { navTitleKey, type SatelliteSectionId, satellitePath, TYPICAL_IMAGE_SLUGS } from '../utils/sections'
import { Chip, Placeholder } from './chip'
import { MembersTable } from './members-table'
import { OrbitFacts } from './orbit-facts'
import { Panel } from './panel'
import { SatelliteTracker } from './satellite-tracker'
import { SensorList } from './sensor-list'
import { SourcesCard } from './sources-card'
import { StatusTag } from './status-tag'

export interface SatellitePageProps {
  section: SatelliteSectionId
  slug: string
  /** Tianditu key for the map's base layers (site configuration); empty: offline base map only. */
  tiandituKey?: string
}

function Overview({ facts, slug }: { facts: SatelliteFacts; slug: string }) {
  const t = useT()
  const locale = useLocale()
  const status = statusOf(facts.status)
  return (
    <Panel testId="satellite-overview">
      <div className="satellite-hero__head">
        {/* the name in the screen's language alone: the other is a labelled fact below, not a subtitle */}
        <h1 className="satellite-page__title satellite-hero__title">
          {(locale === 'en-US' ? facts.nameEn || facts.nameZh : facts.nameZh || facts.nameEn) || slug}
        </h1>
        <div className="satellite-hero__tags">
          {facts.category && <Chip tone={categoryColor(facts.category)}>{categoryName(t, facts.category)}</Chip>}
          <StatusTag status={status} />
        </div>
      </div>
      <p className="satellite-hero__summary" data-testid="satellite-summary">
        {facts.summary ?? t('satellitePage.detail.noSummary')}
      </p>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
        items={[
          {
            key: 'nameZh',
            label: t('satellitePage.detail.nameZh'),
            children: facts.nameZh ? <span lang="zh-CN">{facts.nameZh}</span> : DASH,
          },
          { key: 'nameEn', label: t('satellitePage.detail.nameEn'), children: facts.nameEn ?? DASH },
          { key: 'country', label: t('satellitePage.detail.country'), children: countryName(t, facts.country) },
          { key: 'category', label: t('satellitePage.detail.category'), children: categoryName(t, facts.category) },
          { key: 'status', label: t('satellitePage.detail.status'), children: t(`satellitePage.status.${status}`) },
          {
            key: 'members',
            label: t('satellitePage.detail.memberCount'),
            children: t('satellitePage.detail.memberCountValue', { count: facts.members.length }),
          },
          { key: 'operator', label: t('satellitePage.detail.operator'), children: facts.operator ?? unconfirmed(t), span: 3 },
        ]}
      />
      <div className="satellite-hero__links">
        <Link to={`/satellite/news?satellite=${encodeURIComponent(slug)}`} data-testid="satellite-news-link">
          <Button icon={<ReadOutlined />}>{t('satellitePage.detail.relatedNews')}</Button>
        </Link>
        {TYPICAL_IMAGE_SLUGS.includes(slug) && (
          <Link to="/satellite/image" data-testid="satellite-image-link">
            <Button icon={<FileImageOutlined />}>{t('satellitePage.detail.typicalImages')}</Button>
          </Link>
        )}
      </div>
    </Panel>
  )
}

/** One satellite series: overview, live position and track, members, orbit, sensors, sources. */
export function SatellitePage({ section, slug, tiandituKey }: SatellitePageProps) {
  const t = useT()
  const detail = useSatelliteDetail(slug)

  if (detail.isPending)
    return (
      <div data-testid="satellite-loading" className="satellite-loading">
        <Panel>
          <Placeholder rows={6} />
        </Panel>
      </div>
    )
  if (detail.isError)
    return (
      <Panel>
        <Result
          status="error"
          title={t('satellitePage.detail.loadFailed')}
          data-testid="satellite-error"
          extra={
            <Button type="primary" onClick={() => void detail.refetch()}>
              {t('satellitePage.detail.retry')}
            </Button>
          }
        />
      </Panel>
    )
  const facts = detail.data
  if (!facts)
    return (
      <Panel>
        <Result
          status="404"
          title={t('satellitePage.detail.notFoundTitle')}
          subTitle={t('satellitePage.detail.notFoundDesc', { name: t(navTitleKey(section, slug)) })}
          data-testid="satellite-not-found"
          extra={
            <Link to={satellitePath(section)}>
              <Button type="primary">{t('satellitePage.detail.backToIndex', { section: t(`satellitePage.sections.${section}`) })}</Button>
            </Link>
          }
        />
      </Panel>
    )

  return (
    <div className="satellite-page" data-testid="satellite-page">
      <Overview facts={facts} slug={slug} />
      <Panel title={t('satellitePage.tracker.title')}>
        <SatelliteTracker slug={slug} members={facts.members} tiandituKey={tiandituKey} />
      </Panel>
      <Panel title={t('satellitePage.members.title')}>
        {facts.membersNote && (
          <p className="satellite-footnote satellite-footnote--top" data-testid="satellite-members-note">
            {t('satellitePage.labelled', { label: t('satellitePage.members.listNote'), value: facts.membersNote })}
          </p>
        )}
        <MembersTable members={facts.members} isChinese={countryCodes(facts.country).includes('CN')} />
      </Panel>
      <Panel title={t('satellitePage.orbit.title')}>
        <OrbitFacts orbit={facts.orbit} />
      </Panel>
      <Panel title={t('satellitePage.sensors.title')}>
        <SensorList sensors={facts.sensors} />
      </Panel>
      <Panel title={t('satellitePage.sources.title')}>
        <SourcesCard sources={facts.sources} unconfirmed={facts.unconfirmed} />
      </Panel>
    </div>
  )
}
