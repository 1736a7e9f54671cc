import type { ApplyKind, ApplyState, ApplySummary } from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

/** The database or a transaction: every method takes one, so the service decides what is atomic. */
export type Db = Kysely<Database> | Transaction<Database>

/** One application joined with its applicant, reviewer and attachment, as the service reads it. */
export interface ApplyRow {
  id: number
  user_id: number
  kind: ApplyKind
  module: string
  region_ids: string[]
  reason: string
  status: ApplyState
  reject_reason: string | null
  reviewed_at: Date | string | null
  created_at: Date | string
  applicant: string
  applicant_name: string
  organization: string
  email: string | null
  reviewer: string | null
  attachment_id: number | null
  attachment_name: string | null
  attachment_type: string | null
  attachment_bytes: number | null
}

const COLUMNS = sql`a.id, a.user_id, a.kind, a.module, a.region_ids, a.reason, a.status, a.reject_reason, a.reviewed_at, a.created_at,
  u.username AS applicant, u.real_name AS applicant_name, u.organization, u.email, r.username AS reviewer,
  f.id AS attachment_id, f.file_name AS attachment_name, f.content_type AS attachment_type, f.bytes AS attachment_bytes`
const FROM = sql`application a JOIN app_user u ON u.id = a.user_id LEFT JOIN app_user r ON r.id = a.reviewed_by
  LEFT JOIN apply_attachment f ON f.id = a.attachment_id`

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

export function toApplySummary(row: ApplyRow): ApplySummary {
  return {
    id: row.id,
    kind: row.kind,
    module: row.module,
    regionIds: row.region_ids,
    reason: row.reason,
    status: row.status,
    applicant: row.applicant,
    applicantName: row.applicant_name,
    organization: row.organization,
    attachment:
      row.attachment_id === null
        ? null
        : {
            id: row.attachment_id,
            fileName: row.attachment_name ?? '',
            contentType: row.attachment_type ?? '',
            bytes: Number(row.attachment_bytes ?? 0),
          },
    rejectReason: row.reject_reason,
    reviewer: row.reviewer,
    reviewedAt: iso(row.reviewed_at),
    createdAt: iso(row.created_at) as string,
  }
}

/** SQL of applications, their attachments and the grants of an approval. */
export const applyRepository = {
  /** Serialises one user's submits (a duplicate check then an insert). */
  async lockUser(db: Db, userId: number) {
    await sql`SELECT id FROM app_user WHERE id = ${userId} FOR UPDATE`.execute(db)
  },

  /** The codes among `codes` that name no region. */
  async unknownRegions(db: Db, codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return []
    const { rows } = await sql<{ code: string }>`SELECT code FROM region WHERE code = ANY(${sql.val(codes)}::text[])`.execute(db)
    const known = new Set(rows.map((r) => r.code))
    return codes.filter((c) => !known.has(c))
  },

  /** Full names of regions by code (for the decision mail). */
  async regionNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map()
    const { rows } = await sql<{ code: string; name: string }>`SELECT code, full_name AS name FROM region
      WHERE code = ANY(${sql.val(codes)}::text[])`.execute(db)
    return new Map(rows.map((r) => [r.code, r.name]))
  },

  /** Removes a user's attachments older than a day that no application uses. */
  async purgeUnusedAttachments(db: Db, userId: number) {
    await sql`DELETE FROM apply_attachment f WHERE f.user_id = ${userId} AND f.created_at < now() - interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM application a WHERE a.attachment_id = f.id)`.execute(db)
  },

  /** An attachment of this user that no application uses yet (locked), or undefined. */
  async freeAttachment(db: Db, userId: number, id: number): Promise<{ id: number } | undefined> {
    const { rows } = await sql<{ id: number }>`SELECT f.id FROM apply_attachment f WHERE f.id = ${id} AND f.user_id = ${userId}
      AND NOT EXISTS (SELECT 1 FROM application a WHERE a.attachment_id = f.id) FOR UPDATE`.execute(db)
    return rows[0]
  },

  async attachmentFile(db: Db, id: number) {
    const { rows } = await sql<{ user_id: number; file_name: string; content_type: string; data: Buffer }>`
      SELECT user_id, file_name, content_type, data FROM apply_attachment WHERE id = ${id}`.execute(db)
    return rows[0]
  },

  async pendingFor(db: Db, userId: number, module: string): Promise<number | undefined> {
    const { rows } = await sql<{ id: number }>`SELECT id FROM application WHERE user_id = ${userId} AND module = ${module}
      AND status = 'pending'`.execute(db)
    return rows[0]?.id
  },

  async userRights(db: Db, userId: number): Promise<{ permissions: string[]; regionIds: string[] }> {
    const { rows } = await sql<{ permissions: string[]; region_ids: string[] }>`SELECT
      coalesce((SELECT array_agg(code) FROM user_permission WHERE user_id = ${userId}), '{}') AS permissions,
      coalesce((SELECT array_agg(region_id) FROM area_range WHERE user_id = ${userId} AND type = 'regionId' AND status = 0 AND is_delete = 0), '{}') AS region_ids`.execute(
      db,
    )
    return { permissions: rows[0]?.permissions ?? [], regionIds: rows[0]?.region_ids ?? [] }
  },

  async insert(
    db: Db,
    a: { userId: number; kind: ApplyKind; module: string; regionIds: string[]; reason: string; attachmentId: number },
  ): Promise<number> {
    const row = await db
      .insertInto('application')
      .values({
        user_id: a.userId,
        kind: a.kind,
        module: a.module,
        region_ids: a.regionIds,
        reason: a.reason,
        attachment_id: a.attachmentId,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  },

  async application(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<ApplyRow | undefined> {
    const { rows } = await sql<ApplyRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = ${id}
      ${options.forUpdate ? sql`FOR UPDATE OF a` : sql``}`.execute(db)
    return rows[0]
  },

  async list(
    db: Db,
    filter: { userId?: number; status?: ApplyState },
    page: { offset: number; limit: number },
  ): Promise<{ rows: ApplyRow[]; total: number }> {
    const conditions = [sql`true`]
    if (filter.userId !== undefined) conditions.push(sql`a.user_id = ${filter.userId}`)
    if (filter.status) conditions.push(sql`a.status = ${filter.status}`)
    const where = sql.join(conditions, sql` AND `)
    const { rows } = await sql<ApplyRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db)
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM application a WHERE ${where}`.execute(db)
    return { rows, total: Number(count.rows[0]?.n ?? 0) }
  },

  /** Moves an application from one state to another; false when it was no longer in `from`. */
  async setStatus(
    db: Db,
    id: number,
    from: ApplyState,
    to: ApplyState,
    extra: { reviewerId?: number; rejectReason?: string } = {},
  ): Promise<boolean> {
    const result = await db
      .updateTable('application')
      .set({
        status: to,
        updated_at: new Date(),
        ...(extra.reviewerId !== undefined ? { reviewed_by: extra.reviewerId, reviewed_at: new Date() } : {}),
        ...(extra.rejectReason !== undefined ? { reject_reason: extra.rejectReason } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst()
    return result !== undefined
  },

  /** Grants permission codes (kept when already held). */
  async grantPermissions(db: Db, userId: number, codes: readonly string[]) {
    await db
      .insertInto('user_permission')
      .values(codes.map((code) => ({ user_id: userId, code })))
      .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
      .execute()
  },

  /** Adds active area-range records of type regionId. */
  async addAreaRanges(db: Db, userId: number, regionIds: readonly string[]) {
    if (regionIds.length === 0) return
    await db
      .insertInto('area_range')
      .values(regionIds.map((regionId) => ({ user_id: userId, type: 'regionId', region_id: regionId, status: 0, is_delete: 0 })))
      .execute()
  },
}

export type ApplyRepository = typeof applyRepository
