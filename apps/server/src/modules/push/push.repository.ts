import type { PushNode, PushState, PushStatisticsRow, PushTargetKind } from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { regionName } from '../../lib/region-names'

export type Db = Kysely<Database> | Transaction<Database>

export interface NodeRow {
  id: number
  name: string
  region_id: string
  region_name: string
  level: 'province' | 'city'
  target_kind: PushTargetKind
  target: string
  /** the bucket without its secret (target_kind 's3') */
  s3: NodeBucket | null
  contacts: Array<{ name: string; phone?: string; email?: string }>
  enabled: boolean
  last_pushed_at: Date | string | null
  user_names: string[]
  batches: number
}

/** A node's bucket as stored (its secret key is sealed in a column of its own). */
export interface NodeBucket {
  endpoint: string
  region: string
  bucket: string
  forcePathStyle: boolean
  accessKeyId: string
}

export interface BatchRow {
  id: number
  node_id: number
  node_name: string
  state: PushState
  selection: 'ids' | 'new'
  province_code: string
  scene_count: number
  area_km2: number
  bytes: number | null
  package_sha256: string | null
  delivered_file: string | null
  progress: number
  attempts: number
  error: string | null
  created_by: string | null
  created_at: Date | string
  delivered_at: Date | string | null
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

export function toNode(r: NodeRow): PushNode {
  return {
    id: r.id,
    name: r.name,
    regionId: r.region_id,
    regionName: regionName(r.region_id, r.region_name),
    level: r.level,
    targetKind: r.target_kind,
    target: r.target,
    s3: r.s3,
    location: r.s3 ? `s3://${r.s3.bucket}/${r.target}` : r.target,
    contacts: r.contacts,
    userNames: r.user_names,
    enabled: r.enabled,
    lastPushedAt: iso(r.last_pushed_at),
    batches: Number(r.batches),
  }
}

const NODE_COLUMNS = sql`n.id, n.name, n.region_id, coalesce(r.name, n.region_id) AS region_name, n.level, n.target_kind, n.target, n.s3, n.contacts, n.enabled,
  n.last_pushed_at,
  ARRAY(SELECT u.username FROM user_push_node un JOIN app_user u ON u.id = un.user_id WHERE un.push_node_id = n.id ORDER BY u.username) AS user_names,
  (SELECT count(*)::int FROM push_batch b WHERE b.node_id = n.id) AS batches`

const BATCH_COLUMNS = sql`b.id, b.node_id, n.name AS node_name, b.state, b.selection, b.province_code, b.scene_count, b.area_km2, b.bytes,
  b.package_sha256, b.delivered_file, b.progress, b.attempts, b.error, u.username AS created_by, b.created_at, b.delivered_at`

/** The push tables' SQL; every function takes the database or a transaction. */
export const pushRepository = {
  async nodes(db: Db, id?: number): Promise<NodeRow[]> {
    const { rows } = await sql<NodeRow>`
      SELECT ${NODE_COLUMNS} FROM push_node n LEFT JOIN region r ON r.code = n.region_id
      WHERE ${id === undefined ? sql`true` : sql`n.id = ${id}`} ORDER BY n.region_id, n.id`.execute(db)
    return rows
  },

  async nodeForUpdate(db: Db, id: number): Promise<NodeRow | undefined> {
    await sql`SELECT 1 FROM push_node WHERE id = ${id} FOR UPDATE`.execute(db)
    return (await pushRepository.nodes(db, id))[0]
  },

  /** The node that already delivers to the same folder, or to the same prefix of the same bucket. */
  async targetOwner(
    db: Db,
    v: { kind: PushTargetKind; target: string; endpoint: string | null; bucket: string | null },
    exceptId: number | null,
  ): Promise<string | null> {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM push_node
      WHERE target_kind = ${v.kind} AND target = ${v.target}
        AND (target_kind = 'folder' OR (s3->>'endpoint' = ${v.endpoint} AND s3->>'bucket' = ${v.bucket}))
        AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int) LIMIT 1`.execute(db)
    return rows[0]?.name ?? null
  },

  /** The node's sealed secret key (never part of what lists or answers show). */
  async sealedSecret(db: Db, id: number): Promise<string | null> {
    const { rows } = await sql<{ s3_secret: string | null }>`SELECT s3_secret FROM push_node WHERE id = ${id}`.execute(db)
    return rows[0]?.s3_secret ?? null
  },

  async saveNode(
    db: Db,
    id: number | null,
    v: {
      name: string
      regionId: string
      level: string
      targetKind: PushTargetKind
      target: string
      /** the bucket (kind s3) and its sealed secret (null: keep the stored one) */
      s3: NodeBucket | null
      sealedSecret: string | null
      contacts: unknown
      enabled: boolean
      userIds: number[]
    },
  ): Promise<number> {
    const contacts = JSON.stringify(v.contacts)
    const bucket = v.s3 ? JSON.stringify(v.s3) : null
    const saved =
      id === null
        ? await sql<{ id: number }>`
            INSERT INTO push_node (name, region_id, level, target_kind, target, s3, s3_secret, contacts, enabled)
            VALUES (${v.name}, ${v.regionId}, ${v.level}, ${v.targetKind}, ${v.target}, ${bucket}::jsonb, ${v.sealedSecret},
              ${contacts}::jsonb, ${v.enabled}) RETURNING id`.execute(db)
        : await sql<{ id: number }>`
            UPDATE push_node SET name = ${v.name}, region_id = ${v.regionId}, level = ${v.level}, target_kind = ${v.targetKind},
              target = ${v.target}, s3 = ${bucket}::jsonb,
              s3_secret = CASE WHEN ${v.targetKind} = 's3' THEN coalesce(${v.sealedSecret}, s3_secret) END,
              contacts = ${contacts}::jsonb, enabled = ${v.enabled} WHERE id = ${id} RETURNING id`.execute(db)
    const nodeId = saved.rows[0]?.id as number
    await sql`DELETE FROM user_push_node WHERE push_node_id = ${nodeId}`.execute(db)
    if (v.userIds.length > 0)
      await sql`INSERT INTO user_push_node (user_id, push_node_id) SELECT unnest(${v.userIds}::int[]), ${nodeId}`.execute(db)
    return nodeId
  },

  async userIds(db: Db, names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map()
    const { rows } = await sql<{ id: number; username: string }>`
      SELECT id, username FROM app_user WHERE username = ANY (${names}::text[])`.execute(db)
    return new Map(rows.map((r) => [r.username, r.id]))
  },

  async nodeMailTo(db: Db, nodeId: number): Promise<string[]> {
    const { rows } = await sql<{ email: string }>`
      SELECT u.email FROM user_push_node un JOIN app_user u ON u.id = un.user_id
      WHERE un.push_node_id = ${nodeId} AND u.email IS NOT NULL AND u.email <> ''`.execute(db)
    return rows.map((r) => r.email)
  },

  async regionLevel(db: Db, code: string): Promise<{ level: string; province: string } | null> {
    const { rows } = await sql<{ level: string; province: string }>`
      SELECT level, CASE WHEN level = 'province' THEN code ELSE coalesce(parent_code, code) END AS province FROM region WHERE code = ${code}`.execute(
      db,
    )
    return rows[0] ?? null
  },

  async createBatch(
    db: Db,
    v: {
      nodeId: number
      selection: 'ids' | 'new'
      provinceCode: string
      createdBy: number
      scenes: Array<{ id: string; satellite: string; cls: number; areaKm2: number; acquiredAt: string }>
    },
  ): Promise<number> {
    const area = v.scenes.reduce((a, s) => a + s.areaKm2, 0)
    const { rows } = await sql<{ id: number }>`
      INSERT INTO push_batch (node_id, state, selection, province_code, scene_count, area_km2, created_by)
      VALUES (${v.nodeId}, 'pending', ${v.selection}, ${v.provinceCode}, ${v.scenes.length}, ${area}, ${v.createdBy}) RETURNING id`.execute(
      db,
    )
    const id = rows[0]?.id as number
    for (let k = 0; k < v.scenes.length; k += 1_000) {
      const part = v.scenes.slice(k, k + 1_000)
      await sql`
        INSERT INTO push_batch_scene (batch_id, scene_id, position, satellite, class, area_km2, acquired_at)
        SELECT ${id}, * FROM unnest(${part.map((s) => s.id)}::text[], ${part.map((_, i) => k + i)}::int[], ${part.map((s) => s.satellite)}::text[],
          ${part.map((s) => s.cls)}::smallint[], ${part.map((s) => s.areaKm2)}::float8[], ${part.map((s) => s.acquiredAt)}::timestamptz[])`.execute(
        db,
      )
    }
    return id
  },

  async batch(db: Db, id: number, lock = false): Promise<BatchRow | undefined> {
    if (lock) await sql`SELECT 1 FROM push_batch WHERE id = ${id} FOR UPDATE`.execute(db)
    const { rows } = await sql<BatchRow>`
      SELECT ${BATCH_COLUMNS} FROM push_batch b JOIN push_node n ON n.id = b.node_id LEFT JOIN app_user u ON u.id = b.created_by
      WHERE b.id = ${id}`.execute(db)
    return rows[0]
  },

  async batches(
    db: Db,
    f: { nodeId?: number; state?: PushState; offset: number; limit: number },
  ): Promise<{ total: number; rows: BatchRow[] }> {
    const where = sql`(${f.nodeId ?? null}::int IS NULL OR b.node_id = ${f.nodeId ?? null}::int) AND (${f.state ?? null}::text IS NULL OR b.state = ${f.state ?? null}::text)`
    const [{ rows: count }, { rows }] = await Promise.all([
      sql<{ n: number }>`SELECT count(*)::int AS n FROM push_batch b WHERE ${where}`.execute(db),
      sql<BatchRow>`
        SELECT ${BATCH_COLUMNS} FROM push_batch b JOIN push_node n ON n.id = b.node_id LEFT JOIN app_user u ON u.id = b.created_by
        WHERE ${where} ORDER BY b.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`.execute(db),
    ])
    return { total: count[0]?.n ?? 0, rows }
  },

  async batchSceneIds(db: Db, id: number): Promise<string[]> {
    const { rows } = await sql<{
      scene_id: string
    }>`SELECT scene_id FROM push_batch_scene WHERE batch_id = ${id} ORDER BY position`.execute(db)
    return rows.map((r) => r.scene_id)
  },

  async unfinished(db: Db): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`SELECT id FROM push_batch WHERE state IN ('pending', 'pushing') ORDER BY id`.execute(db)
    return rows.map((r) => r.id)
  },

  async setState(db: Db, id: number, state: PushState, v: Record<string, unknown> = {}): Promise<void> {
    await sql`
      UPDATE push_batch SET state = ${state},
        progress = coalesce(${(v.progress as number | undefined) ?? null}::smallint, progress),
        attempts = attempts + ${state === 'pushing' ? 1 : 0},
        error = ${(v.error as string | undefined) ?? null},
        bytes = coalesce(${(v.bytes as number | undefined) ?? null}::bigint, bytes),
        package_sha256 = coalesce(${(v.sha256 as string | undefined) ?? null}, package_sha256),
        delivered_file = coalesce(${(v.file as string | undefined) ?? null}, delivered_file),
        delivered_at = CASE WHEN ${state} = 'delivered' THEN now() ELSE delivered_at END
      WHERE id = ${id}`.execute(db)
    if (state === 'delivered')
      await sql`UPDATE push_node SET last_pushed_at = (SELECT created_at FROM push_batch WHERE id = ${id})
        WHERE id = (SELECT node_id FROM push_batch WHERE id = ${id})
          AND (last_pushed_at IS NULL OR last_pushed_at < (SELECT created_at FROM push_batch WHERE id = ${id}))`.execute(db)
  },

  async setProgress(db: Db, id: number, progress: number): Promise<void> {
    await sql`UPDATE push_batch SET progress = ${progress} WHERE id = ${id}`.execute(db)
  },

  async setSceneBytes(db: Db, id: number, bytes: Record<string, number>): Promise<void> {
    const ids = Object.keys(bytes)
    if (ids.length === 0) return
    await sql`
      UPDATE push_batch_scene p SET bytes = v.bytes FROM unnest(${ids}::text[], ${ids.map((k) => bytes[k] ?? 0)}::bigint[]) AS v (id, bytes)
      WHERE p.batch_id = ${id} AND p.scene_id = v.id`.execute(db)
  },

  async regionNames(db: Db, codes: string[]): Promise<Map<string, string>> {
    const { rows } = await sql<{ code: string; name: string }>`SELECT code, name FROM region WHERE code = ANY (${codes}::text[])`.execute(
      db,
    )
    return new Map(rows.map((r) => [r.code, r.name]))
  },

  /** Delivered batches in a period (holding a scene of the class), each once. */
  async deliveredBatches(db: Db, period: { fromMonth: number; toMonth: number } | null, classId?: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM push_batch b WHERE b.state = 'delivered'
        AND (${period?.fromMonth ?? null}::int IS NULL OR coverage_month_of(b.delivered_at) BETWEEN ${period?.fromMonth ?? null}::int AND ${period?.toMonth ?? null}::int)
        AND (${classId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM push_batch_scene s WHERE s.batch_id = b.id AND s.class = ${classId ?? null}::int))`.execute(
      db,
    )
    return rows[0]?.n ?? 0
  },

  /** Delivered scenes grouped by one dimension, with their batches counted once per group. */
  async statistics(
    db: Db,
    by: 'node' | 'province' | 'month' | 'satellite' | 'class',
    f: { fromMonth?: number; toMonth?: number; classId?: number },
  ): Promise<Array<Omit<PushStatisticsRow, 'label'>>> {
    const key = {
      node: sql`b.node_id::text`,
      province: sql`b.province_code`,
      month: sql`coverage_month_of(b.delivered_at)::text`,
      satellite: sql`s.satellite`,
      class: sql`s.class::text`,
    }[by]
    const { rows } = await sql<{ key: string; batches: number; scenes: number; area: number; bytes: number }>`
      SELECT ${key} AS key, count(DISTINCT b.id)::int AS batches, count(*)::int AS scenes, sum(s.area_km2) AS area, coalesce(sum(s.bytes), 0)::float8 AS bytes
      FROM push_batch b JOIN push_batch_scene s ON s.batch_id = b.id
      WHERE b.state = 'delivered'
        AND (${f.fromMonth ?? null}::int IS NULL OR coverage_month_of(b.delivered_at) BETWEEN ${f.fromMonth ?? null}::int AND ${f.toMonth ?? null}::int)
        AND (${f.classId ?? null}::int IS NULL OR s.class = ${f.classId ?? null}::int)
      GROUP BY 1 ORDER BY 1`.execute(db)
    return rows.map((r) => ({
      key: r.key,
      batches: Number(r.batches),
      scenes: Number(r.scenes),
      areaKm2: Math.round(Number(r.area) * 100) / 100,
      bytes: Number(r.bytes),
    }))
  },
}

export type PushRepository = typeof pushRepository
