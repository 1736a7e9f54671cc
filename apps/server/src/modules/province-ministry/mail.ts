import { type ProvinceMinistryEvent, tZh } from '@rs/shared'
import { type MailContent, portalMail } from '../../capabilities/notification'
import type { RequestRow } from './province-ministry.repository'

/** What a mail tells: the request was asked, or answered, followed up or closed. */
export type ProvinceMinistryMailEvent = 'ask' | ProvinceMinistryEvent

const LINES = { ask: 'asked', answer: 'answered', followUp: 'followedUp', close: 'closed' } as const
/** Characters of the message quoted in a mail. */
const EXCERPT_MAX = 200

/** The Chinese mail telling the other side of a request what happened (text + HTML, the portal's skeleton). */
export function provinceMinistryMail(
  event: ProvinceMinistryMailEvent,
  request: Pick<RequestRow, 'id' | 'title' | 'kind' | 'region_name'>,
  actor: { name: string; unit: string },
  body?: string,
): MailContent {
  const line = tZh(`provinceMinistry.mail.${LINES[event]}`, {
    id: request.id,
    title: request.title,
    kind: tZh(`provinceMinistry.kinds.${request.kind}`),
    region: request.region_name,
    name: actor.name,
    unit: actor.unit || actor.name,
  })
  const excerpt = body && (body.length > EXCERPT_MAX ? `${body.slice(0, EXCERPT_MAX)}…` : body)
  return portalMail({
    subject: tZh('provinceMinistry.mail.subject', {
      site: tZh('app.name'),
      id: request.id,
      event: tZh(`provinceMinistry.mail.subjectEvent.${event}`),
    }),
    greeting: tZh('provinceMinistry.mail.greeting'),
    paragraphs: excerpt ? [[line], [tZh('provinceMinistry.mail.excerpt', { text: excerpt })]] : [[line]],
    footer: tZh('provinceMinistry.mail.footer'),
  })
}
