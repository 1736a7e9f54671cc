import type { AuditAction, AuditEntry, AuditOutcome } from '@rs/shared'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** One record to append. */
export interface AuditRecord {
  userId: number | null
  username: string
  ip: string
  action: AuditAction
  target: string
  outcome: AuditOutcome
  detail: Record<string, unknown>
}

/** Filters of a search or export; every one optional. */
export interface AuditFilter {
  from?: string
  to?: string
  username?: string
  action?: AuditAction
  outcome?: AuditOutcome
  ip?: string
}

type AuditQuery = SelectQueryBuilder<Database, 'audit_log', object>

function applyFilter(query: AuditQuery, filter: AuditFilter): AuditQuery {
  let q = query
  if (filter.from) q = q.where('at', '>=', new Date(filter.from))
  if (filter.to) q = q.where('at', '<', new Date(filter.to))
  if (filter.username) q = q.where(sql`lower(username)`, '=', filter.username.toLowerCase())
  if (filter.action) q = q.where('action', '=', filter.action)
  if (filter.outcome) q = q.where('outcome', '=', filter.outcome)
  // prefix match; LIKE wildcards typed by the user are taken literally
  if (filter.ip) q = q.where('ip', 'like', `${filter.ip.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  return q
}

const toEntry = (r: {
  id: number
  at: Date
  user_id: number | null
  username: string
  ip: string
  action: string
  target: string
  outcome: AuditOutcome
  detail: Record<string, unknown>
}): AuditEntry => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  userId: r.user_id,
  username: r.username,
  ip: r.ip,
  action: r.action,
  target: r.target,
  outcome: r.outcome,
  detail: r.detail ?? {},
})

/** SQL of the append-only audit log: insert, search, and the retention purge (the only delete). */
export function createAuditRepository(db: Kysely<Database>) {
  const columns = ['id', 'at', 'user_id', 'username', 'ip', 'action', 'target', 'outcome', 'detail'] as const
  return {
    async insert(record: AuditRecord) {
      await db
        .insertInto('audit_log')
        .values({
          user_id: record.userId,
          username: record.username.slice(0, 64),
          ip: record.ip.slice(0, 64),
          action: record.action,
          target: record.target.slice(0, 200),
          outcome: record.outcome,
          detail: JSON.stringify(record.detail),
        })
        .execute()
    },

    /** One page of records, newest first, and the total of the filter. */
    async search(filter: AuditFilter, page: { offset: number; limit: number }) {
      const base = applyFilter(db.selectFrom('audit_log'), filter)
      const [rows, count] = await Promise.all([
        base.select(columns).orderBy('at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      return { total: Number(count.n), items: rows.map(toEntry) }
    },

    /** Up to `limit` records of a filter, newest first (for the export). */
    async list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
      const rows = await applyFilter(db.selectFrom('audit_log'), filter)
        .select(columns)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
      return rows.map(toEntry)
    },

    /** Deletes records older than `days` (at least 180; the table's trigger refuses younger ones). */
    async purgeOlderThan(days: number): Promise<number> {
      const result = await db.deleteFrom('audit_log').where('at', '<', sql<Date>`now() - make_interval(days => ${days})`).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
