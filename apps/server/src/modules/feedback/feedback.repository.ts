import type { FeedbackEntry, FeedbackType } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

interface FeedbackRow {
  id: number
  type: FeedbackType
  content: string
  contact: string
  username: string | null
  created_at: Date | string
  handled_by_name: string | null
  handled_at: Date | string | null
  handle_note: string
}

const COLUMNS = sql`f.id, f.type, f.content, f.contact, u.username, f.created_at, h.username AS handled_by_name, f.handled_at, f.handle_note`
const FROM = sql`feedback f LEFT JOIN app_user u ON u.id = f.user_id LEFT JOIN app_user h ON h.id = f.handled_by`

function toEntry(r: FeedbackRow): FeedbackEntry {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    contact: r.contact,
    username: r.username,
    createdAt: new Date(r.created_at).toISOString(),
    handled: r.handled_at !== null,
    handledBy: r.handled_by_name,
    handledAt: r.handled_at === null ? null : new Date(r.handled_at).toISOString(),
    handleNote: r.handle_note,
  }
}

/** SQL of the feedback table. */
export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    async insert(f: { type: FeedbackType; content: string; contact: string; userId: number | null; ip: string }): Promise<number> {
      const row = await db
        .insertInto('feedback')
        .values({ type: f.type, content: f.content, contact: f.contact, user_id: f.userId, ip: f.ip })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    async entry(id: number): Promise<FeedbackEntry | undefined> {
      const { rows } = await sql<FeedbackRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE f.id = ${id}`.execute(db)
      return rows[0] ? toEntry(rows[0]) : undefined
    },

    async list(filter: { handled?: boolean }, page: { offset: number; limit: number }) {
      const where = filter.handled === undefined ? sql`true` : filter.handled ? sql`f.handled_at IS NOT NULL` : sql`f.handled_at IS NULL`
      const { rows } = await sql<FeedbackRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
        ORDER BY f.created_at DESC, f.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db)
      const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM feedback f WHERE ${where}`.execute(db)
      return { list: rows.map(toEntry), total: Number(count.rows[0]?.n ?? 0) }
    },

    /** Marks an open feedback handled; false when unknown or already handled. */
    async markHandled(id: number, adminId: number, note: string): Promise<boolean> {
      const row = await db
        .updateTable('feedback')
        .set({ handled_by: adminId, handled_at: new Date(), handle_note: note })
        .where('id', '=', id)
        .where('handled_at', 'is', null)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    async exists(id: number): Promise<boolean> {
      const row = await db.selectFrom('feedback').select('id').where('id', '=', id).executeTakeFirst()
      return row !== undefined
    },
  }
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>
