import { Button, Result } from 'antd'
import { useRouteError } from 'react-router'
import { ChunkErrorView } from '../../components/chunk-error-view'
import { Link } from '../../components/link'
import { isChunkLoadError } from '../../lib/chunk-load'
import { useT } from '../../lib/i18n'

/** A route's error view: the reload view for a failed chunk, otherwise a short error page, never a blank page. */
export function RouteError() {
  const t = useT()
  const error = useRouteError()
  if (isChunkLoadError(error)) return <ChunkErrorView reason={error.reason} />
  console.error('route error', error)
  return (
    <div className="status-page" data-testid="page-error">
      <Result
        status="error"
        title={t('pages.chunkFailedTitle')}
        subTitle={t('pages.pageError')}
        extra={
          <>
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('pages.retry')}
            </Button>
            <Link to="/home">
              <Button>{t('pages.backHome')}</Button>
            </Link>
          </>
        }
      />
    </div>
  )
}
