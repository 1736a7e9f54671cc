import type { OrderState, OrderSummary } from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

/** The database or a transaction: a service writes an order and its scenes in one. */
export type Db = Kysely<Database> | Transaction<Database>

export interface OrderRow {
  id: number
  user_id: number
  owner: string
  status: OrderState
  purpose: string
  project: string
  scene_count: number
  reject_reason: string | null
  progress: number
  extract_code: string | null
  package_file: string | null
  package_bytes: string | number | null
  expires_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

export interface OrderFilter {
  userId?: number
  status?: OrderState
  /** Beijing days YYYY-MM-DD, inclusive */
  from?: string
  to?: string
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

export function toSummary(r: OrderRow): OrderSummary {
  return {
    id: r.id,
    status: r.status,
    sceneCount: r.scene_count,
    purpose: r.purpose,
    project: r.project,
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    owner: r.owner,
    progress: r.progress,
    rejectReason: r.reject_reason,
    expiresAt: iso(r.expires_at),
  }
}

const ORDER_COLUMNS = sql`o.id, o.user_id, u.username AS owner, o.status, o.purpose, o.project, o.scene_count, o.reject_reason,
  o.progress, o.extract_code, o.package_file, o.package_bytes, o.expires_at, o.created_at, o.updated_at`

/** SQL of the cart and orders. Every method takes the database or a transaction. */
export const ordersRepository = {
  /** Locks the user's row so concurrent adds to one cart are counted one after the other. */
  async lockUser(db: Db, userId: number) {
    await sql`SELECT id FROM app_user WHERE id = ${userId} FOR UPDATE`.execute(db)
  },

  async cartCount(db: Db, userId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM cart_item WHERE user_id = ${userId}`.execute(db)
    return Number(rows[0]?.n ?? 0)
  },

  /** Of the given ids, those not yet in the cart. */
  async notInCart(db: Db, userId: number, ids: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT x.id FROM unnest(${ids}::text[]) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM cart_item c WHERE c.user_id = ${userId} AND c.scene_id = x.id)`.execute(db)
    return rows.map((r) => r.id)
  },

  /** Of the given ids, those not in the archive. */
  async missingScenes(db: Db, ids: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT x.id FROM unnest(${ids}::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM scene s WHERE s.id = x.id)`.execute(db)
    return rows.map((r) => r.id)
  },

  async addToCart(db: Db, userId: number, ids: readonly string[]): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO cart_item (user_id, scene_id) SELECT ${userId}, x.id FROM unnest(${ids}::text[]) AS x(id)
      ON CONFLICT (user_id, scene_id) DO NOTHING RETURNING id`.execute(db)
    return rows.length
  },

  async removeFromCart(db: Db, userId: number, ids: readonly string[]): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      DELETE FROM cart_item WHERE user_id = ${userId} AND scene_id = ANY(${ids}::text[]) RETURNING id`.execute(db)
    return rows.length
  },

  /** The ids of the user's cart, newest first (the scenes themselves come from the scenes module's scene query). */
  async cartSceneIds(db: Db, userId: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT scene_id AS id FROM cart_item WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`.execute(db)
    return rows.map((r) => r.id)
  },

  async insertOrder(db: Db, order: { userId: number; purpose: string; project: string; sceneIds: readonly string[] }): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO scene_order (user_id, purpose, project, terms_accepted_at, scene_count)
      VALUES (${order.userId}, ${order.purpose}, ${order.project}, now(), ${order.sceneIds.length}) RETURNING id`.execute(db)
    const id = (rows[0] as { id: number }).id
    await sql`
      INSERT INTO scene_order_item (order_id, position, scene_id)
      SELECT ${id}, x.n, x.id FROM unnest(${order.sceneIds}::text[]) WITH ORDINALITY AS x(id, n)`.execute(db)
    return id
  },

  async order(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
    const { rows } = await sql<OrderRow>`
      SELECT ${ORDER_COLUMNS} FROM scene_order o JOIN app_user u ON u.id = o.user_id WHERE o.id = ${id}
      ${options.forUpdate ? sql`FOR UPDATE OF o` : sql``}`.execute(db)
    return rows[0]
  },

  async list(db: Db, filter: OrderFilter, page: { offset: number; limit: number }): Promise<{ rows: OrderRow[]; total: number }> {
    const where = sql.join(
      [
        sql`true`,
        ...(filter.userId !== undefined ? [sql`o.user_id = ${filter.userId}`] : []),
        ...(filter.status ? [sql`o.status = ${filter.status}`] : []),
        ...(filter.from ? [sql`o.created_at >= (${filter.from}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`] : []),
        ...(filter.to ? [sql`o.created_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`] : []),
      ],
      sql` AND `,
    )
    const { rows } = await sql<OrderRow & { total: number }>`
      SELECT ${ORDER_COLUMNS}, count(*) OVER ()::int AS total
      FROM scene_order o JOIN app_user u ON u.id = o.user_id WHERE ${where}
      ORDER BY o.created_at DESC, o.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db)
    let total = Number(rows[0]?.total ?? 0)
    if (rows.length === 0 && page.offset > 0) {
      const c = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene_order o WHERE ${where}`.execute(db)
      total = Number(c.rows[0]?.n ?? 0)
    }
    return { rows, total }
  },

  /** The ids of an order's scenes in their order (the scenes themselves come from the scenes module's scene query). */
  async orderSceneIds(db: Db, orderId: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT scene_id AS id FROM scene_order_item WHERE order_id = ${orderId} ORDER BY position`.execute(db)
    return rows.map((r) => r.id)
  },

  /** The order's footprints as a GeoJSON FeatureCollection text (PostGIS writes it). */
  async footprints(db: Db, orderId: number): Promise<string> {
    const { rows } = await sql<{ fc: string }>`
      SELECT json_build_object('type', 'FeatureCollection', 'features', COALESCE(json_agg(json_build_object(
        'type', 'Feature', 'id', s.id, 'properties', json_build_object('id', s.id),
        'geometry', ST_AsGeoJSON(s.footprint, 5)::json) ORDER BY i.position), '[]'::json))::text AS fc
      FROM scene_order_item i JOIN scene s ON s.id = i.scene_id WHERE i.order_id = ${orderId}`.execute(db)
    return rows[0]?.fc ?? '{"type":"FeatureCollection","features":[]}'
  },

  /** Sets the status (and other columns) only if the order is still in `from`; false when it moved meanwhile. */
  async setStatus(
    db: Db,
    id: number,
    from: OrderState,
    to: OrderState,
    extra: Partial<{
      rejectReason: string
      reviewedBy: number
      progress: number
      extractCode: string
      packageFile: string | null
      packageBytes: number
      packageSha256: string
      expiresAt: Date
      ready: boolean
    }> = {},
  ): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      UPDATE scene_order SET status = ${to}, updated_at = now()
        ${extra.rejectReason !== undefined ? sql`, reject_reason = ${extra.rejectReason}` : sql``}
        ${extra.reviewedBy !== undefined ? sql`, reviewed_by = ${extra.reviewedBy}, reviewed_at = now()` : sql``}
        ${extra.progress !== undefined ? sql`, progress = ${extra.progress}` : sql``}
        ${extra.extractCode !== undefined ? sql`, extract_code = ${extra.extractCode}` : sql``}
        ${extra.packageFile !== undefined ? sql`, package_file = ${extra.packageFile}` : sql``}
        ${extra.packageBytes !== undefined ? sql`, package_bytes = ${extra.packageBytes}` : sql``}
        ${extra.packageSha256 !== undefined ? sql`, package_sha256 = ${extra.packageSha256}` : sql``}
        ${extra.expiresAt !== undefined ? sql`, expires_at = ${extra.expiresAt.toISOString()}::timestamptz` : sql``}
        ${extra.ready ? sql`, ready_at = now()` : sql``}
      WHERE id = ${id} AND status = ${from} RETURNING id`.execute(db)
    return rows.length === 1
  },

  async setProgress(db: Db, id: number, progress: number) {
    await sql`UPDATE scene_order SET progress = ${progress} WHERE id = ${id} AND status = 'producing'`.execute(db)
  },

  /** Orders whose production was under way when the server stopped, or approved and not yet started. */
  async unfinishedProduction(db: Db): Promise<Array<{ id: number; status: OrderState }>> {
    const { rows } = await sql<{ id: number; status: OrderState }>`
      SELECT id, status FROM scene_order WHERE status IN ('approved', 'producing') ORDER BY id`.execute(db)
    return rows
  },

  /** Downloadable orders past their end. */
  async dueToExpire(db: Db, now: Date): Promise<Array<{ id: number; status: OrderState }>> {
    const { rows } = await sql<{ id: number; status: OrderState }>`
      SELECT id, status FROM scene_order WHERE status IN ('ready', 'completed') AND expires_at <= ${now.toISOString()}::timestamptz
      ORDER BY id`.execute(db)
    return rows
  },

  /** Package files still referenced by an order (so stray files can be removed). */
  async packageFiles(db: Db): Promise<Set<string>> {
    const { rows } = await sql<{ f: string }>`SELECT package_file AS f FROM scene_order WHERE package_file IS NOT NULL`.execute(db)
    return new Set(rows.map((r) => r.f))
  },

  async ownerEmail(db: Db, userId: number): Promise<string | null> {
    const { rows } = await sql<{ email: string | null }>`SELECT email FROM app_user WHERE id = ${userId}`.execute(db)
    return rows[0]?.email ?? null
  },
}

export type OrdersRepository = typeof ordersRepository
