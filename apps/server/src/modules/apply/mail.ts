import { type ApplyState, tZh } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'

/** A mail as the delivery sends it (handed in by modules/index.ts). */
export type ApplyMail = MailContent

/** The Chinese mail telling an applicant the decision on an application (text + HTML). */
export function applyDecisionMail(a: {
  id: number
  module: string
  status: ApplyState
  regionNames: string[]
  rejectReason?: string | null
}): ApplyMail {
  const state = tZh(`apply.state.${a.status}`)
  const moduleName = `${tZh(`permission.names.${a.module}`)}（${a.module}）`
  const lines = [tZh('apply.mail.line', { id: a.id, module: moduleName, state })]
  if (a.status === 'approved') lines.push(tZh('apply.mail.approved', { regions: a.regionNames.join('、') }))
  if (a.status === 'rejected' && a.rejectReason) lines.push(tZh('apply.mail.reason', { reason: a.rejectReason }))
  return portalMail({
    subject: tZh('apply.mail.subject', { site: tZh('app.name'), id: a.id, state }),
    greeting: tZh('apply.mail.greeting'),
    paragraphs: [lines],
    footer: tZh('apply.mail.footer'),
  })
}
