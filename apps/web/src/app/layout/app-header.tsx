import { Link } from '../../components/link'
import { Logo } from '../../components/logo'
import { AccountActions } from '../../features/auth/components/account-actions'
import { LanguageSwitch } from '../../features/site/components/language-switch'
import { useT } from '../../lib/i18n'

/** The header: logo and name, language switch, account actions. */
export function AppHeader({ englishSiteUrl }: { englishSiteUrl: string | undefined }) {
  const t = useT()
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/home" className="app-header__brand" aria-label={t('app.name')}>
          <Logo />
          <span className="app-header__name">{t('app.name')}</span>
        </Link>
        <div className="app-header__actions">
          <LanguageSwitch englishSiteUrl={englishSiteUrl} />
          <AccountActions />
        </div>
      </div>
    </header>
  )
}
