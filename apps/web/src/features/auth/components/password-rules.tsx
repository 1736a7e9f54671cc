import { CheckCircleFilled, CloseCircleOutlined, InfoCircleOutlined } from '@ant-design/icons'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordClassCount } from '@rs/shared'
import { useT } from '../../../lib/i18n'

/** The password rule of 等保 level 3, stated on the form and ticked as the user types (the server enforces it). */
export function PasswordRules({ password, username }: { password: string; username: string }) {
  const t = useT()
  const length = [...password].length
  const name = username.trim().toLowerCase()
  const rules = [
    { key: 'length', ok: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH },
    { key: 'classes', ok: passwordClassCount(password) >= 3 },
    { key: 'name', ok: password.length > 0 && (name.length < 3 || !password.toLowerCase().includes(name)) },
  ] as const
  return (
    <div className="password-rules" data-testid="password-rules">
      <div className="password-rules__title">{t('account.rules.title')}</div>
      <ul>
        {rules.map((r) => (
          <li key={r.key} className={r.ok ? 'is-ok' : ''}>
            {r.ok ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(`account.rules.${r.key}`)}
          </li>
        ))}
        <li>
          <InfoCircleOutlined /> {t('account.rules.history')}
        </li>
      </ul>
    </div>
  )
}
