import { useT } from '../../../lib/i18n'

/** The total site-visit figure; a dash while unknown. */
export function VisitsFigure({ total }: { total: number | undefined }) {
  const t = useT()
  return (
    <div className="visits-figure">
      <span className="visits-figure__label">{t('home.visits')}</span>
      <span className="visits-figure__value" data-testid="home-visits">
        {total === undefined ? '—' : total.toLocaleString('zh-CN')}
      </span>
      <span className="visits-figure__unit">{t('home.visitsUnit')}</span>
    </div>
  )
}
