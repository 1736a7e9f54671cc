import { Spin } from 'antd'
import { useT } from '../lib/i18n'

/**
 * Centred spinner for a screen that is loading. `screen`: it stands for a whole screen and holds
 * the viewport's height, so the footer does not show and then jump down when the screen arrives (CLS).
 */
export function PageSpinner({ screen = false }: { screen?: boolean }) {
  const t = useT()
  return (
    <div className={screen ? 'page-spinner page-spinner--screen' : 'page-spinner'} role="status" aria-live="polite">
      <Spin />
      <span className="page-spinner__text">{t('pages.loading')}</span>
    </div>
  )
}
