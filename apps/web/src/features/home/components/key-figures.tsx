import type { ReactNode } from 'react'
import { groupDigits } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { useSatelliteList } from '../../../lib/satellite-list'
import { useLatestNews } from '../api/fetch-latest-news'

/** One figure's state as its own query reports it. */
export interface FigureState {
  value: number | undefined
  isPending: boolean
}

function Figure({ label, unit, state, testId }: { label: string; unit: string; state: FigureState; testId: string }) {
  const t = useT()
  let value: ReactNode
  if (state.value !== undefined) value = groupDigits(state.value)
  else if (state.isPending) value = <span className="home-figure__placeholder" role="status" aria-label={t('home.loading')} />
  else value = <span title={t('home.figureUnknown')}>—</span>
  return (
    <div className="home-figure">
      <dt className="home-figure__label">{label}</dt>
      <dd className="home-figure__value">
        <span data-testid={testId}>{value}</span>
        {unit && <span className="home-figure__unit">{unit}</span>}
      </dd>
    </div>
  )
}

/**
 * The banner's key figures: satellite series and satellites (member counts of /api/satellite/list),
 * satellites with orbit elements (trackedCount of the same list), news articles and total site visits. Each
 * figure loads on its own and shows a placeholder meanwhile.
 */
export function KeyFigures({ visits }: { visits: FigureState }) {
  const t = useT()
  const list = useSatelliteList()
  const news = useLatestNews()
  const members = list.data?.reduce((sum, series) => sum + series.memberCount, 0)
  const tracked = list.data?.reduce((sum, series) => sum + series.trackedCount, 0)
  return (
    <dl className="home-figures" aria-label={t('home.figuresLabel')}>
      <Figure
        label={t('home.figures.series')}
        unit={t('home.figures.seriesUnit')}
        state={{ value: list.data?.length, isPending: list.isPending }}
        testId="home-series"
      />
      <Figure
        label={t('home.figures.satellites')}
        unit={t('home.figures.satellitesUnit')}
        state={{ value: members, isPending: list.isPending }}
        testId="home-satellites"
      />
      <Figure
        label={t('home.figures.tracked')}
        unit={t('home.figures.trackedUnit')}
        state={{ value: tracked, isPending: list.isPending }}
        testId="home-tracked"
      />
      <Figure
        label={t('home.figures.news')}
        unit={t('home.figures.newsUnit')}
        state={{ value: news.data?.total, isPending: news.isPending }}
        testId="home-news-total"
      />
      <Figure label={t('home.visits')} unit={t('home.visitsUnit')} state={visits} testId="home-visits" />
    </dl>
  )
}
