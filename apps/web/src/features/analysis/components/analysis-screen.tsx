import type { AnalysisPageKey } from '@rs/shared'
import { Button, Card, Result, Skeleton } from 'antd'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useAnalysisPage } from '../api/fetch-analysis-page'
import { AnalysisNav } from './analysis-nav'
import { AnalysisPageView } from './analysis-page-view'
import '../analysis.css'

/** Placeholder shapes while a page loads: heading, sentences, highlight cards and one figure. */
function AnalysisSkeleton() {
  const t = useT()
  return (
    <div className="analysis-page" data-testid="analysis-loading" role="status" aria-label={t('pages.loading')}>
      <Skeleton active title={{ width: 220 }} paragraph={{ rows: 2, width: ['60%', '40%'] }} />
      <ul className="analysis-page__highlights">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Card size="small">
              <Skeleton active title={false} paragraph={{ rows: 2, width: ['50%', '70%'] }} />
            </Card>
          </li>
        ))}
      </ul>
      <Card className="figure-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  )
}

/** The 动态分析 screen: navigation between the six pages and the current page from the API. */
export function AnalysisScreen({ page }: { page: AnalysisPageKey }) {
  const t = useT()
  const query = useAnalysisPage(page)
  return (
    <div className="analysis">
      <div className="analysis__bar">
        <h1 className="analysis__heading">{t('analysisPage.title')}</h1>
        <AnalysisNav current={page} />
      </div>
      {query.isPending ? (
        <AnalysisSkeleton />
      ) : query.isError ? (
        <div className="status-page" data-testid="analysis-error">
          <Result
            status="error"
            title={t('analysisPage.loadFailed')}
            subTitle={errorMessage(query.error) || t('analysisPage.loadFailedDesc')}
            extra={
              <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
                {t('analysisPage.retry')}
              </Button>
            }
          />
        </div>
      ) : (
        <AnalysisPageView data={query.data} />
      )}
    </div>
  )
}
