import { useT } from '../../../lib/i18n'

/** Grey placeholder rows while a home block's data loads (plain CSS, no library). */
export function BlockSkeleton({ rows, variant }: { rows: number; variant: 'news' | 'event' }) {
  const t = useT()
  return (
    <div className={`home-skeleton home-skeleton--${variant}`} role="status" aria-busy="true" aria-label={t('home.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="home-skeleton__row">
          <span className="home-skeleton__thumb" />
          <span className="home-skeleton__lines">
            <span className="home-skeleton__line" />
            <span className="home-skeleton__line home-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  )
}

/** A block whose data failed: what failed and a retry button; the rest of the page keeps working. */
export function BlockError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const t = useT()
  return (
    <div className="home-block__message home-block__message--error" role="alert">
      <span>{text}</span>
      <button type="button" className="home-link-button" onClick={onRetry}>
        {t('home.retry')}
      </button>
    </div>
  )
}

/** A block with nothing to list. */
export function BlockEmpty({ text }: { text: string }) {
  return <div className="home-block__message">{text}</div>
}
