import { formatBeijingTime, type OrderState, tZh } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'

/** A mail as the delivery sends it (handed in by modules/index.ts). */
export type OrderMail = MailContent

/** The Chinese mail telling an owner that an order changed state (text + HTML). */
export function orderStateMail(order: {
  id: number
  sceneCount: number
  status: OrderState
  rejectReason?: string | null
  expiresAt?: string | null
}): OrderMail {
  const state = tZh(`order.state.${order.status}`)
  const lines = [tZh('order.mail.line', { id: order.id, count: order.sceneCount, state })]
  if (order.status === 'rejected' && order.rejectReason) lines.push(tZh('order.mail.reason', { reason: order.rejectReason }))
  if (order.status === 'ready' && order.expiresAt) lines.push(tZh('order.mail.ready', { expiresAt: formatBeijingTime(order.expiresAt) }))
  return portalMail({
    subject: tZh('order.mail.subject', { site: tZh('app.name'), id: order.id, state }),
    greeting: tZh('order.mail.greeting'),
    paragraphs: [lines],
    footer: tZh('order.mail.footer'),
  })
}
