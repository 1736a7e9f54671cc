import { tZh } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'
import type { BatchRow } from './push.repository'

/** The mail to a node's accounts when a batch arrived in its folder. */
export function pushDeliveredMail(b: BatchRow): MailContent {
  const area = (Math.round(Number(b.area_km2) * 100) / 100).toString()
  return portalMail({
    subject: tZh('push.mail.subject', { node: b.node_name, id: b.id }),
    greeting: tZh('push.mail.greeting'),
    paragraphs: [
      [tZh('push.mail.delivered', { id: b.id, scenes: b.scene_count, area, node: b.node_name, file: b.delivered_file ?? '' })],
      [tZh('push.mail.checksum', { sha256: b.package_sha256 ?? '' })],
    ],
    footer: tZh('order.mail.footer'),
  })
}

/** The mail to a node's accounts when a batch could not be delivered. */
export function pushFailedMail(b: BatchRow): MailContent {
  return portalMail({
    subject: tZh('push.mail.failedSubject', { node: b.node_name, id: b.id }),
    greeting: tZh('push.mail.greeting'),
    paragraphs: [[tZh('push.mail.failed', { id: b.id, node: b.node_name, error: b.error ?? '' })]],
    footer: tZh('order.mail.footer'),
  })
}
