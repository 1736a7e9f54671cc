import { useLocale, useT } from '../../../lib/i18n'
import { useSwitchLanguage } from '../../../lib/i18n/use-language-address'

/**
 * 中/EN: with an English site configured, EN links there; otherwise it switches the interface
 * between Chinese and English in place, the address following (`?lang=en`: lib/i18n/address.ts).
 */
export function LanguageSwitch({ englishSiteUrl }: { englishSiteUrl: string | undefined }) {
  const t = useT()
  const locale = useLocale()
  const switchLanguage = useSwitchLanguage()
  if (englishSiteUrl && locale === 'zh-CN') {
    return (
      <a className="language-switch" href={englishSiteUrl} title={t('header.switchLanguageTitle')} data-testid="header-language">
        <span className="language-switch__current">{t('header.languageZh')}</span>
        <span className="language-switch__sep">/</span>
        <span>{t('header.languageEn')}</span>
      </a>
    )
  }
  const next = locale === 'zh-CN' ? 'en-US' : 'zh-CN'
  return (
    <button
      type="button"
      className="language-switch"
      onClick={() => switchLanguage(next)}
      title={t('header.switchLanguageLocal')}
      data-testid="header-language"
    >
      <span className={locale === 'zh-CN' ? 'language-switch__current' : undefined}>{t('header.languageZh')}</span>
      <span className="language-switch__sep">/</span>
      <span className={locale === 'en-US' ? 'language-switch__current' : undefined}>{t('header.languageEn')}</span>
    </button>
  )
}
