import { Button, Result } from 'antd'
import type { ChunkFailure } from '../lib/chunk-load'
import { useT } from '../lib/i18n'

/** Shown instead of a blank page when a screen's code or stylesheet could not be loaded. */
export function ChunkErrorView({ reason = 'failed' }: { reason?: ChunkFailure }) {
  const t = useT()
  return (
    <div className="status-page" data-testid="chunk-error">
      <Result
        status="warning"
        title={t('pages.chunkFailedTitle')}
        subTitle={t(reason === 'timeout' ? 'errors.chunkTimeout' : 'errors.chunkFailed')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('pages.retry')}
          </Button>
        }
      />
    </div>
  )
}
