import { Alert } from 'antd'
import { Link } from '../../../components/link'
import { useT } from '../../../lib/i18n'
import { dismissPasswordWarning, useAuthStore } from '../state/auth-store'

/** The password-age warning after login (SPEC.md §8), until closed or logged out. */
export function PasswordWarning() {
  const t = useT()
  const isShown = useAuthStore((s) => s.isPasswordWarning)
  if (!isShown) return null
  return (
    <div className="password-warning" data-testid="password-warning">
      <Alert
        type="warning"
        showIcon
        title={t('errors.passwordStale')}
        action={
          <Link to="/resetPassword?mode=change" onClick={dismissPasswordWarning}>
            {t('header.changePassword')}
          </Link>
        }
        closable={{ onClose: dismissPasswordWarning }}
      />
    </div>
  )
}
