import type { NewsItem } from '@rs/shared'
import { NEWS_ARTICLE_LANGUAGE } from '@rs/shared'
import type { ReactNode } from 'react'
import { Link } from '../../../components/link'
import { OwnText, useT } from '../../../lib/i18n'
import { useLatestNews } from '../api/fetch-latest-news'
import { BlockEmpty, BlockError, BlockSkeleton } from './block-state'

/** A cover thumbnail, or a dated block for an article without one. */
function NewsThumb({ item }: { item: NewsItem }) {
  if (item.coverUrl) return <img className="home-news__cover" src={item.coverUrl} alt="" loading="lazy" decoding="async" />
  const [year, month, day] = item.date.split('-')
  return (
    <span className="home-news__date-block" aria-hidden="true">
      <span className="home-news__day">{day}</span>
      <span className="home-news__month">
        {year}-{month}
      </span>
    </span>
  )
}

/** 'Latest news': the newest articles with date, source and cover, linking to each article and to the list. */
export function LatestNews() {
  const t = useT()
  const news = useLatestNews()
  let content: ReactNode
  if (news.isPending) content = <BlockSkeleton rows={6} variant="news" />
  else if (news.isError) content = <BlockError text={t('home.news.failed')} onRetry={() => void news.refetch()} />
  else if (news.data.items.length === 0) content = <BlockEmpty text={t('home.news.empty')} />
  else
    content = (
      <ul className="home-news" data-testid="home-news">
        {news.data.items.map((item) => (
          <li key={item.id}>
            <Link to={`/satellite/news/${item.id}`} className="home-news__item">
              <NewsThumb item={item} />
              <span className="home-news__text">
                <span className="home-news__title" lang={NEWS_ARTICLE_LANGUAGE}>
                  {item.title}
                </span>
                <span className="home-news__summary" lang={NEWS_ARTICLE_LANGUAGE}>
                  {item.summary}
                </span>
                <span className="home-news__meta">
                  <time dateTime={item.date}>{item.date}</time>
                  <OwnText>{item.source}</OwnText>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    )
  return (
    <section className="home-block home-latest" aria-labelledby="home-news-title">
      <header className="home-block__head">
        <h2 id="home-news-title" className="home-block__title">
          {t('home.news.title')}
        </h2>
        <Link to="/satellite/news" className="home-block__more" data-testid="home-news-more">
          {t('home.news.more')} ›
        </Link>
      </header>
      {content}
    </section>
  )
}
