import type { SatelliteFacts } from '@rs/shared'
import { Alert, Button } from 'antd'
import { Link } from '../../../components/link'
import { useLocale, useT } from '../../../lib/i18n'
import { type SatelliteSummary, useSatelliteList } from '../../../lib/satellite-list'
import { useSatelliteDetails } from '../api/fetch-satellite-detail'
import { bestResolutionM, statusOf } from '../utils/facts'
import { categoryColor, categoryName, DASH, formatNumber } from '../utils/format'
import { navTitleKey, type SatelliteSectionId, satellitePath, sectionGroups, sectionSlugs } from '../utils/sections'
import { Chip, Placeholder } from './chip'
import { StatusTag } from './status-tag'

interface CardProps {
  section: SatelliteSectionId
  slug: string
  summary?: SatelliteSummary
  facts?: SatelliteFacts | null
  isFactsLoading: boolean
}

function SeriesCard({ section, slug, summary, facts, isFactsLoading }: CardProps) {
  const t = useT()
  const locale = useLocale()
  const name = locale === 'en-US' ? summary?.nameEn || summary?.nameZh : summary?.nameZh
  const best = facts ? bestResolutionM(facts) : undefined
  const pending = isFactsLoading ? '…' : DASH
  return (
    <Link to={satellitePath(section, slug)} className="satellite-card" data-testid={`satellite-card-${slug}`}>
      <article className="satellite-card__body">
        <div className="satellite-card__tags">
          {summary && <Chip tone={categoryColor(summary.category)}>{categoryName(t, summary.category)}</Chip>}
          {summary && <StatusTag status={statusOf(summary.status)} />}
        </div>
        <div className="satellite-card__name">{name || t(navTitleKey(section, slug))}</div>
        {summary ? (
          <dl className="satellite-card__facts">
            <div>
              <dt>{t('satellitePage.index.operator')}</dt>
              <dd title={facts?.operator}>{facts ? (facts.operator ?? DASH) : pending}</dd>
            </div>
            <div>
              <dt>{t('satellitePage.index.members')}</dt>
              <dd>{t('satellitePage.index.membersValue', { count: summary.memberCount })}</dd>
            </div>
            <div>
              <dt>{t('satellitePage.index.bestResolution')}</dt>
              <dd>{best !== undefined ? `${formatNumber(best)} m` : facts ? DASH : pending}</dd>
            </div>
          </dl>
        ) : (
          <div className="satellite-card__missing">{t('satellitePage.index.notInList')}</div>
        )}
      </article>
    </Link>
  )
}

/** The section's index: a card per series (global ones under their kind), from the satellite list and each series' facts. */
export function SatelliteIndex({ section }: { section: SatelliteSectionId }) {
  const t = useT()
  const list = useSatelliteList()
  const slugs = sectionSlugs(section)
  const details = useSatelliteDetails(list.data ? slugs : [])
  const factsOf = new Map(slugs.map((slug, i) => [slug, details[i]]))
  const summaries = new Map((list.data ?? []).map((s) => [s.slug, s]))

  return (
    <div className="satellite-index" data-testid="satellite-index">
      <h1 className="satellite-page__title">{t(`satellitePage.sections.${section}`)}</h1>
      <p className="satellite-index__intro">
        {t(section === 'chinese' ? 'satellitePage.index.chineseIntro' : 'satellitePage.index.globalIntro')}
      </p>
      {list.isPending && <Placeholder rows={8} />}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('satellitePage.index.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('satellitePage.detail.retry')}
            </Button>
          }
        />
      )}
      {list.data &&
        sectionGroups(section).map((group) => (
          <section key={group.key} className="satellite-index__group" data-testid={`satellite-group-${group.key}`}>
            {group.titleKey && <h2 className="satellite-index__group-title">{t(group.titleKey)}</h2>}
            <div className="satellite-index__grid">
              {group.slugs.map((slug) => {
                const query = factsOf.get(slug)
                return (
                  <SeriesCard
                    key={slug}
                    section={section}
                    slug={slug}
                    summary={summaries.get(slug)}
                    facts={query?.data}
                    isFactsLoading={Boolean(query?.isPending)}
                  />
                )
              })}
            </div>
          </section>
        ))}
    </div>
  )
}
