import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { OutboxWriter } from './delivery'

/** Days the outbox keeps a message. */
const OUTBOX_DAYS = 30

/** The outbox table as the delivery's writer: keeps a message, dropping those older than OUTBOX_DAYS. */
export function createOutbox(db: Kysely<Database>): OutboxWriter {
  return {
    async keep(m) {
      await db.deleteFrom('outbox').where('at', '<', sql<Date>`now() - make_interval(days => ${OUTBOX_DAYS})`).execute()
      await db
        .insertInto('outbox')
        .values({ channel: m.channel, recipient: m.recipient, subject: m.subject, text_body: m.text, html_body: m.html })
        .execute()
    },
  }
}
