import type { ReactNode } from 'react'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'
import { satellitePageOf } from '../../../lib/satellite-path'
import { useRecentEvents } from '../api/fetch-satellite-events'
import { BlockEmpty, BlockError, BlockSkeleton } from './block-state'

/** 'Recent satellite events': a dated timeline of launches, each linking to its satellite page. */
export function RecentEvents() {
  const t = useT()
  const events = useRecentEvents()
  let content: ReactNode
  if (events.isPending) content = <BlockSkeleton rows={6} variant="event" />
  else if (events.isError) content = <BlockError text={t('home.events.failed')} onRetry={() => void events.refetch()} />
  else if (events.data.length === 0) content = <BlockEmpty text={t('home.events.empty')} />
  else
    content = (
      <ol className="home-timeline" data-testid="home-events">
        {events.data.map((event) => (
          <li key={`${event.date}-${event.slug}-${event.member}`} className="home-timeline__item">
            <div className="home-timeline__top">
              <time className="home-timeline__date" dateTime={event.date}>
                {event.date}
              </time>
              <span className={`home-tag${event.country === 'CN' ? ' home-tag--cn' : ''}`}>
                {t(event.country === 'CN' ? 'home.events.domestic' : 'home.events.foreign')}
              </span>
            </div>
            <Link to={satellitePageOf(event.slug)} className="home-timeline__link">
              <span className="home-timeline__series">{event.seriesName}</span>
              <span className="home-timeline__member">
                {event.member} {t(`home.events.${event.kind}`)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    )
  return (
    <section className="home-block home-events" aria-labelledby="home-events-title">
      <header className="home-block__head">
        <h2 id="home-events-title" className="home-block__title">
          {t('home.events.title')}
        </h2>
        <Link to="/satellite/chinese" className="home-block__more">
          {t('home.events.more')} ›
        </Link>
      </header>
      {content}
    </section>
  )
}
