import type { AnalysisFigure, AnalysisPage } from '@rs/shared'
import { Card, Empty, Statistic } from 'antd'
import { useMemo } from 'react'
import { useT } from '../../../lib/i18n'
import { Figure, type FigureTableSpec } from '../../../widgets/figure'

type FigureRow = AnalysisFigure['rows'][number]

/**
 * One figure of a page as the figure widget shows it: the server's SVG chart image, the table of its
 * rows (10 a page), what is counted, and CSV and PNG exports carrying the attribution.
 */
function AnalysisFigureCard({
  figure,
  page,
  attribution,
  loading,
}: {
  figure: AnalysisFigure
  page: AnalysisPage
  attribution: string
  loading: 'eager' | 'lazy'
}) {
  const t = useT()
  const table = useMemo<FigureTableSpec<FigureRow>>(
    () => ({ columns: figure.columns, rows: figure.rows, rowKey: (row) => String(figure.rows.indexOf(row)), pageSize: 10 }),
    [figure.columns, figure.rows],
  )
  return (
    <Figure
      title={figure.title}
      counted={figure.counted}
      note={figure.note}
      attribution={attribution}
      chart={
        figure.chartUrl
          ? {
              kind: 'image',
              url: figure.chartUrl,
              size: figure.chartSize,
              alt: t('analysisPage.chartAlt', { title: figure.title, counted: figure.counted }),
              loading,
            }
          : undefined
      }
      table={table}
      exports={['csv', 'png']}
      fileName={[page.title, figure.title, page.asOf]}
      exportTitle={`${page.title} · ${figure.title}`}
      testIds={{ prefix: 'figure', key: figure.key }}
    />
  )
}

/** One analysis page as the API gives it: title and attribution, sentences, highlight figures, then each figure. */
export function AnalysisPageView({ data }: { data: AnalysisPage }) {
  const t = useT()
  const attribution = t('analysisPage.attribution', { source: data.source, asOf: data.asOf })
  return (
    <article className="analysis-page" data-testid="analysis-page">
      <header className="analysis-page__head">
        <h2 className="analysis-page__title">{data.title}</h2>
        <p className="analysis-page__attribution" data-testid="analysis-attribution">
          <span>{t('analysisPage.source', { source: data.source })}</span>
          <span>{t('analysisPage.asOf', { asOf: data.asOf })}</span>
        </p>
      </header>

      {data.summary.length > 0 && (
        <div className="analysis-page__summary" data-testid="analysis-summary">
          {data.summary.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      )}

      {data.highlights.length > 0 && (
        <section aria-label={t('analysisPage.highlights')}>
          <ul className="analysis-page__highlights">
            {data.highlights.map((item) => (
              <li key={item.label}>
                <Card size="small" className="analysis-highlight">
                  <Statistic title={item.label} value={item.value} suffix={item.unit} />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="analysis-page__figures" aria-label={t('analysisPage.figures')}>
        {data.figures.length === 0 ? (
          <Empty description={t('analysisPage.noFigures')} />
        ) : (
          data.figures.map((figure, i) => (
            // the first chart is in view when the page opens; the others load as they scroll near
            <AnalysisFigureCard
              key={figure.key}
              figure={figure}
              page={data}
              attribution={attribution}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          ))
        )}
      </section>

      {data.references && data.references.length > 0 && (
        <section className="analysis-page__references" data-testid="analysis-references" aria-label={t('analysisPage.references')}>
          <h3 className="analysis-page__references-title">{t('analysisPage.references')}</h3>
          <ol>
            {data.references.map((ref) => (
              <li key={ref.url}>
                {ref.publisher}
                {t('analysisPage.referenceSeparator')}
                <a href={ref.url} target="_blank" rel="noopener noreferrer">
                  {ref.title}
                </a>
                {ref.date && t('analysisPage.referenceDate', { date: ref.date })}
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  )
}
