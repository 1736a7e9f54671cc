import { Spin } from 'antd'
import { useT } from '../lib/i18n'

/** Centred spinner for a screen that is loading. */
export function PageSpinner() {
  const t = useT()
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin />
      <span className="page-spinner__text">{t('pages.loading')}</span>
    </div>
  )
}
