import { Button, Result } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../lib/i18n'
import { Link } from './link'

export type StatusKind = 401 | 403 | 404

const TEST_IDS: Record<StatusKind, string> = { 401: 'page-401', 403: 'page-403', 404: 'page-404' }

export interface StatusPageProps {
  kind: StatusKind
  /** Replaces the default explanation (for example the missing area range). */
  description?: string
  /** Shown on the 401 page: opens the login popup. */
  onLogin?: () => void
  extra?: ReactNode
}

/** The 401, 403 and 404 pages. */
export function StatusPage({ kind, description, onLogin, extra }: StatusPageProps) {
  const t = useT()
  const title = t(`nav.error${kind}`)
  const text = description ?? t(`pages.error${kind}`)
  return (
    <div className="status-page" data-testid={TEST_IDS[kind]}>
      <Result
        status={kind === 404 ? '404' : '403'}
        title={
          <span>
            {kind} · {title}
          </span>
        }
        subTitle={text}
        extra={
          <>
            {onLogin && (
              <Button type="primary" onClick={onLogin}>
                {t('pages.login')}
              </Button>
            )}
            <Link to="/home">
              <Button>{t('pages.backHome')}</Button>
            </Link>
            {extra}
          </>
        }
      />
    </div>
  )
}
