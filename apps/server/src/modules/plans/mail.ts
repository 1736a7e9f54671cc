import { tZh } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'
import type { PlanRow } from './plans.repository'

type PlanMailKind = 'submitted' | 'returned' | 'accepted' | 'published'

/**
 * The plans' mails: to the ministry's reviewers when a unit submits; to the unit's submitter when
 * its plan is returned (with each returned item's reason), accepted or published.
 */
export function planMail(
  kind: PlanMailKind,
  plan: Pick<PlanRow, 'unit_name' | 'year' | 'revision' | 'items'>,
  reasons: string[] = [],
): MailContent {
  const params = {
    unit: plan.unit_name,
    year: plan.year,
    revision: plan.revision,
    items: plan.items,
    count: reasons.length,
    reasons: reasons.join('；'),
  }
  return portalMail({
    subject: tZh(`plan.mail.${kind}Subject`, params),
    greeting: tZh('push.mail.greeting'),
    paragraphs: [[tZh(`plan.mail.${kind}Body`, params)]],
    footer: tZh('order.mail.footer'),
  })
}
