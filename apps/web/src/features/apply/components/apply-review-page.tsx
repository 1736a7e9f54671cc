import { useT } from '../../../lib/i18n'
import { ApplyTable } from './apply-table'
import type { RegionSlots } from './region-slots'

/** /admin/apply (MOD_001): every application, pending first by default; approve or reject with a reason (not one's own). */
export function ApplyReviewPage({ regions, currentUser }: { regions: RegionSlots /** The signed-in user name. */; currentUser?: string }) {
  const t = useT()
  return (
    <section className="admin" data-testid="admin-apply">
      <h1 className="admin__title">{t('apply.reviewTitle')}</h1>
      <p className="admin__intro">{t('apply.reviewIntro')}</p>
      <ApplyTable mode="review" regions={regions} currentUser={currentUser} />
    </section>
  )
}
