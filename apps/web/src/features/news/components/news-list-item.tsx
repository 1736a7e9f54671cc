import type { NewsItem } from '@rs/shared'
import { NEWS_ARTICLE_LANGUAGE } from '@rs/shared'
import type { ReactNode } from 'react'
import { Link } from '../../../components/link'
import { Interpolated, OwnText, useT } from '../../../lib/i18n'

export interface NewsListItemProps {
  item: NewsItem
  /** The Chinese name of the article's satellite, when it has one. */
  satelliteName?: string
  /** Link that filters the list by the article's satellite. */
  satelliteFilterTo?: string
  actions?: ReactNode
}

/** One article in the list: cover thumbnail when present, title, summary, date, source and satellite. */
export function NewsListItem({ item, satelliteName, satelliteFilterTo, actions }: NewsListItemProps) {
  const t = useT()
  const to = `/satellite/news/${item.id}`
  return (
    <article className="news-item" data-testid={`news-item-${item.id}`}>
      {item.coverUrl && (
        <Link to={to} className="news-item__cover" tabIndex={-1} aria-hidden="true">
          <img src={item.coverUrl} alt="" loading="lazy" decoding="async" />
        </Link>
      )}
      <div className="news-item__text">
        <h2 className="news-item__title">
          <Link to={to} lang={NEWS_ARTICLE_LANGUAGE}>
            {item.title}
          </Link>
        </h2>
        <p className="news-item__summary" lang={NEWS_ARTICLE_LANGUAGE}>
          {item.summary}
        </p>
        <div className="news-item__meta">
          <time dateTime={item.date}>{item.date}</time>
          <span>
            <Interpolated template={t('newsPage.source')} values={{ source: <OwnText>{item.source}</OwnText> }} />
          </span>
          {item.satelliteSlug && satelliteFilterTo && (
            <Link to={satelliteFilterTo} className="news-satellite-tag">
              {satelliteName ?? item.satelliteSlug}
            </Link>
          )}
          {actions && <span className="news-item__actions">{actions}</span>}
        </div>
      </div>
    </article>
  )
}
