import {
  type AttachmentInfo,
  PERMISSION,
  type ProvinceMinistryKind,
  type ProvinceMinistryMessage,
  type ProvinceMinistryMessageKind,
  type ProvinceMinistryRequest,
  type ProvinceMinistryRole,
  type ProvinceMinistryState,
  type RegionScope,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import { containsPattern, scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'
import { regionFullName } from '../../lib/region-names'

/** The database or a transaction: every method takes one, so the service decides what is atomic. */
export type Db = Kysely<Database> | Transaction<Database>

/** One request joined with its asker, region and closer, as the service reads it. */
export interface RequestRow {
  id: number
  kind: ProvinceMinistryKind
  title: string
  region_id: string
  region_name: string
  state: ProvinceMinistryState
  asker_id: number
  asker: string
  asker_name: string
  asker_unit: string
  asker_email: string | null
  message_count: number
  created_at: Date | string
  updated_at: Date | string
  closed_at: Date | string | null
  closed_by: string | null
}

interface MessageRow {
  id: number
  kind: ProvinceMinistryMessageKind
  author: string
  author_name: string
  author_unit: string
  author_role: ProvinceMinistryRole
  body: string
  created_at: Date | string
  attachments: AttachmentInfo[] | string
}

/** Who may list which requests: the ministry all, a province its own and those of regions inside its ranges. */
export type Visibility = { all: true } | { all: false; userId: number; scope: RegionScope }

const COLUMNS = sql`r.id, r.kind, r.title, r.region_id, coalesce(g.full_name, r.region_id) AS region_name, r.state,
  r.asker_id, u.username AS asker, u.real_name AS asker_name, r.asker_unit, u.email AS asker_email, r.message_count,
  r.created_at, r.updated_at, r.closed_at, c.username AS closed_by`
const FROM = sql`province_ministry_request r JOIN app_user u ON u.id = r.asker_id
  LEFT JOIN region g ON g.code = r.region_id LEFT JOIN app_user c ON c.id = r.closed_by`

const iso = (v: Date | string) => new Date(v).toISOString()

export function toRequest(row: RequestRow): ProvinceMinistryRequest {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    regionId: row.region_id,
    regionName: regionFullName(row.region_id, row.region_name),
    state: row.state,
    asker: row.asker,
    askerName: row.asker_name,
    askerUnit: row.asker_unit,
    messageCount: row.message_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
    closedBy: row.closed_by,
  }
}

function toMessage(row: MessageRow): ProvinceMinistryMessage {
  return {
    id: row.id,
    kind: row.kind,
    author: row.author,
    authorName: row.author_name,
    authorUnit: row.author_unit,
    authorRole: row.author_role,
    body: row.body,
    createdAt: iso(row.created_at),
    // PGlite answers json as text, PostgreSQL as parsed values
    attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
  }
}

function visibleSql(visibility: Visibility) {
  if (visibility.all) return sql<boolean>`true`
  return sql<boolean>`(r.asker_id = ${visibility.userId} OR ${scopeSql('r.region_id', visibility.scope)})`
}

/** SQL of 省部协同: requests, their threads, attachments and whom to mail. */
export const provinceMinistryRepository = {
  async regionExists(db: Db, code: string): Promise<boolean> {
    const { rows } = await sql<{ code: string }>`SELECT code FROM region WHERE code = ${code}`.execute(db)
    return rows.length > 0
  },

  /** An account's name (real name, else user name) and organisation: the unit kept on each request and message it writes. */
  async author(db: Db, userId: number): Promise<{ name: string; unit: string }> {
    const row = await db
      .selectFrom('app_user')
      .select(['real_name', 'username', 'organization'])
      .where('id', '=', userId)
      .executeTakeFirst()
    return { name: row?.real_name || row?.username || '', unit: row?.organization ?? '' }
  },

  /** Removes a user's attachments older than a day that no message carries. */
  async purgeUnusedAttachments(db: Db, userId: number) {
    await db
      .deleteFrom('province_ministry_attachment')
      .where('user_id', '=', userId)
      .where('message_id', 'is', null)
      .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute()
  },

  /** How many of these attachments the user uploaded and no message carries yet, locked until the transaction ends. */
  async lockFreeAttachments(db: Db, userId: number, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0
    const { rows } = await sql<{ id: number }>`SELECT id FROM province_ministry_attachment
      WHERE id = ANY(${sql.val(ids)}::int[]) AND user_id = ${userId} AND message_id IS NULL FOR UPDATE`.execute(db)
    return rows.length
  },

  async bindAttachments(db: Db, ids: readonly number[], messageId: number) {
    if (ids.length === 0) return
    await db.updateTable('province_ministry_attachment').set({ message_id: messageId }).where('id', 'in', ids).execute()
  },

  /** An attachment's bytes with the request it belongs to (null fields while no message carries it). */
  async attachmentFile(db: Db, id: number) {
    const { rows } = await sql<{
      user_id: number
      file_name: string
      content_type: string
      data: Buffer
      asker_id: number | null
      region_id: string | null
    }>`SELECT f.user_id, f.file_name, f.content_type, f.data, r.asker_id, r.region_id
      FROM province_ministry_attachment f
      LEFT JOIN province_ministry_message m ON m.id = f.message_id
      LEFT JOIN province_ministry_request r ON r.id = m.request_id
      WHERE f.id = ${id}`.execute(db)
    return rows[0]
  },

  async insertRequest(
    db: Db,
    r: { kind: ProvinceMinistryKind; title: string; regionId: string; askerId: number; askerUnit: string },
  ): Promise<number> {
    const row = await db
      .insertInto('province_ministry_request')
      .values({ kind: r.kind, title: r.title, region_id: r.regionId, asker_id: r.askerId, asker_unit: r.askerUnit })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  },

  /** Adds a message to a thread and counts it on the request. */
  async insertMessage(
    db: Db,
    m: {
      requestId: number
      kind: ProvinceMinistryMessageKind
      authorId: number
      authorRole: ProvinceMinistryRole
      authorUnit: string
      body: string
    },
  ): Promise<number> {
    const row = await db
      .insertInto('province_ministry_message')
      .values({
        request_id: m.requestId,
        kind: m.kind,
        author_id: m.authorId,
        author_role: m.authorRole,
        author_unit: m.authorUnit,
        body: m.body,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('province_ministry_request')
      .set({ message_count: sql`message_count + 1`, updated_at: new Date() })
      .where('id', '=', m.requestId)
      .execute()
    return row.id
  },

  async request(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<RequestRow | undefined> {
    const { rows } = await sql<RequestRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = ${id}
      ${options.forUpdate ? sql`FOR UPDATE OF r` : sql``}`.execute(db)
    return rows[0]
  },

  /** A request's thread, oldest first, each message with its attachments. */
  async messages(db: Db, requestId: number): Promise<ProvinceMinistryMessage[]> {
    const { rows } = await sql<MessageRow>`SELECT m.id, m.kind, m.author_role, m.author_unit, m.body, m.created_at,
        u.username AS author, u.real_name AS author_name,
        coalesce((SELECT json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type,
          'bytes', f.bytes) ORDER BY f.id) FROM province_ministry_attachment f WHERE f.message_id = m.id), '[]') AS attachments
      FROM province_ministry_message m JOIN app_user u ON u.id = m.author_id
      WHERE m.request_id = ${requestId} ORDER BY m.id`.execute(db)
    return rows.map(toMessage)
  },

  /** One page of the requests the caller may see, most recently updated first, with the filtered total. */
  async list(
    db: Db,
    visibility: Visibility,
    filter: { state?: ProvinceMinistryState; kind?: ProvinceMinistryKind; regionId?: string; text?: string },
    page: { offset: number; limit: number },
  ): Promise<{ rows: RequestRow[]; total: number }> {
    const conditions = [visibleSql(visibility)]
    if (filter.state) conditions.push(sql`r.state = ${filter.state}`)
    if (filter.kind) conditions.push(sql`r.kind = ${filter.kind}`)
    if (filter.regionId && filter.regionId !== WHOLE_COUNTRY_CODE)
      conditions.push(scopeSql('r.region_id', { all: false, regionIds: [filter.regionId] }))
    if (filter.text) {
      const pattern = containsPattern(filter.text)
      conditions.push(sql`(r.title ILIKE ${pattern} ESCAPE '\\' OR EXISTS (SELECT 1 FROM province_ministry_message m
        WHERE m.request_id = r.id AND m.body ILIKE ${pattern} ESCAPE '\\'))`)
    }
    const where = sql.join(conditions, sql` AND `)
    const [{ rows }, count] = await Promise.all([
      sql<RequestRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
        ORDER BY r.updated_at DESC, r.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM province_ministry_request r WHERE ${where}`.execute(db),
    ])
    return { rows, total: Number(count.rows[0]?.n ?? 0) }
  },

  /** Moves a request from one state to another; false when it was no longer in `from`. */
  async setState(db: Db, id: number, from: ProvinceMinistryState, to: ProvinceMinistryState, closedBy?: number): Promise<boolean> {
    const result = await db
      .updateTable('province_ministry_request')
      .set({ state: to, updated_at: new Date(), ...(to === 'closed' ? { closed_by: closedBy ?? null, closed_at: new Date() } : {}) })
      .where('id', '=', id)
      .where('state', '=', from)
      .returning('id')
      .executeTakeFirst()
    return result !== undefined
  },

  /**
   * The addresses of the ministry side of a request: the ministry accounts (MOD_090, the whole
   * country, enabled) that have written in its thread, or every one when none has yet (a new
   * request); never the actor.
   */
  async ministryAddresses(db: Db, requestId: number, exceptUserId: number): Promise<string[]> {
    const { rows } = await sql<{ email: string }>`SELECT u.email FROM app_user u
      WHERE u.email IS NOT NULL AND NOT u.disabled AND NOT u.is_service AND u.id <> ${exceptUserId}
        AND EXISTS (SELECT 1 FROM user_permission p WHERE p.user_id = u.id AND p.code = ${PERMISSION.provinceMinistry})
        AND EXISTS (SELECT 1 FROM area_range a WHERE a.user_id = u.id AND a.type = 'regionId' AND a.status = 0
          AND a.is_delete = 0 AND a.region_id = ${WHOLE_COUNTRY_CODE})
        AND (NOT EXISTS (SELECT 1 FROM province_ministry_message m WHERE m.request_id = ${requestId} AND m.author_role = 'ministry')
          OR EXISTS (SELECT 1 FROM province_ministry_message m WHERE m.request_id = ${requestId} AND m.author_role = 'ministry'
            AND m.author_id = u.id))
      ORDER BY u.id LIMIT 50`.execute(db)
    return rows.map((r) => r.email)
  },
}

export type ProvinceMinistryRepository = typeof provinceMinistryRepository
