import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../../db/schema'
import type { Condition } from '../../../lib/filter/ast'
import { conditionSql } from '../../../lib/filter/sql'
import { SCENE_COLUMNS, type SceneRow } from '../scene-sql'
import { type KeyKind, SORT_COLUMNS, type SortKey } from './fields'

/**
 * The one scene query: a filter tree (lib/filter: the portal form, CQL2, an area, ids) compiled by
 * the one WHERE compiler (lib/filter/sql.ts), one order (sort keys, the id breaking ties), one keyset
 * pager, one row shape (scene-sql.ts) and totals estimated or exact. The portal's /api/normalmeta,
 * the STAC API, exports, coverage, footprint tiles and monitoring's term scenes are faces over it.
 */

/** A lon/lat box (west, south, east, north). */
export type BBox = [number, number, number, number]

/** An area as part of a query: its condition, and its box and geodesic area for the estimated totals. */
export interface QueryArea {
  condition: Condition
  /** bounds of the area (null: no area, e.g. a FILE list) */
  bbox: BBox | null
  /** geodesic area in km² (null: no area) */
  areaKm2: number | null
}

export interface SceneQuery {
  /** where the scenes lie; absent: anywhere */
  area?: QueryArea
  /** which scenes: a tree over the scene table aliased `s` */
  filter: Condition
  /** the order; the id is added last when absent (with the last key's direction) */
  sort: SortKey[]
}

/** A keyset position: the last row's sort values in sortColumns() order, the id last. */
export type KeyValues = Array<string | number>

/** A row of a page: the scene and its keyset values k0, k1, … */
export type PageRow<Extra = object> = SceneRow & Extra & { [key: `k${number}`]: string | number }

const TARGET = { geometryColumn: 's.footprint', idColumn: 's.id' }

/** The sort's columns in order, the id last with the direction of the last key (one direction: one row comparison, index-friendly). */
export function sortColumns(sort: SortKey[]): Array<{ column: string; kind: KeyKind; desc: boolean }> {
  const keys = sort.map((k) => ({ ...SORT_COLUMNS[k.column], desc: k.desc }))
  const withoutId = keys.filter((k) => k.column !== SORT_COLUMNS.id.column)
  const idKey = keys.find((k) => k.column === SORT_COLUMNS.id.column)
  const last = withoutId[withoutId.length - 1]
  return [...withoutId, { ...SORT_COLUMNS.id, desc: idKey ? idKey.desc : (last?.desc ?? false) }]
}

/** The WHERE of a query: its area and filter through the one compiler. */
export function whereSql(q: Pick<SceneQuery, 'area' | 'filter'>): RawBuilder<boolean> {
  const tree: Condition = q.area ? { op: 'and', items: [q.area.condition, q.filter] } : q.filter
  return sql<boolean>`${conditionSql(tree, TARGET)}`
}

/** The ORDER BY of a sort. */
export function orderSql(sort: SortKey[]): RawBuilder<unknown> {
  return sql.join(sortColumns(sort).map((c) => sql`${sql.ref(c.column)} ${sql.raw(c.desc ? 'DESC' : 'ASC')}`))
}

/** The keyset value of a sort column as the database gives it back exactly (microseconds; float8). */
function keyValue(column: string, kind: KeyKind): RawBuilder<unknown> {
  const ref = sql.ref(column)
  if (kind === 'time') return sql`to_char(${ref} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  if (kind === 'number') return sql`${ref}::float8`
  return ref
}

function bindKey(value: string | number, kind: KeyKind): RawBuilder<unknown> {
  if (kind === 'time') return sql`${value}::timestamptz`
  if (kind === 'number') return sql`${value}::float8`
  return sql`${value}::text`
}

/** Rows after a keyset position: (a, b, id) > (x, y, z) in the sort's directions. */
function afterSql(cols: ReturnType<typeof sortColumns>, after: KeyValues): RawBuilder<unknown> {
  const allSame = cols.every((c) => c.desc === cols[0]?.desc)
  if (allSame) {
    const op = sql.raw(cols[0]?.desc ? '<' : '>')
    return sql`(${sql.join(cols.map((c) => sql.ref(c.column)))}) ${op} (${sql.join(cols.map((c, i) => bindKey(after[i] as string | number, c.kind)))})`
  }
  // mixed directions: (a > x) OR (a = x AND b < y) OR …
  const ors = cols.map((c, i) => {
    const eq = cols.slice(0, i).map((p, j) => sql`${sql.ref(p.column)} = ${bindKey(after[j] as string | number, p.kind)}`)
    const step = sql`${sql.ref(c.column)} ${sql.raw(c.desc ? '<' : '>')} ${bindKey(after[i] as string | number, c.kind)}`
    return sql`(${sql.join([...eq, step], sql` AND `)})`
  })
  return sql`(${sql.join(ors, sql` OR `)})`
}

/**
 * Past this many times the exact-count limit in the estimate, the total is the estimate without
 * counting. The estimate is the planner's for the area's box and the filters, times the share of
 * the box the area fills (a province fills about half its box): counting 10,001 scenes of 四川 one
 * by one against the outline took 0.4–1 s at 1M scenes, past the search's whole budget.
 */
const ESTIMATE_ONLY_FACTOR = 1.5

/** Area of a lon/lat box on the authalic sphere (km²): only the share an area fills of its box is taken from it. */
function boxKm2([w, s, e, n]: BBox): number {
  const r = 6371.0072
  return r * r * (((e - w) * Math.PI) / 180) * Math.abs(Math.sin((n * Math.PI) / 180) - Math.sin((s * Math.PI) / 180))
}

const envelope = (b: BBox) => sql`ST_MakeEnvelope(${b[0]}::float8, ${b[1]}::float8, ${b[2]}::float8, ${b[3]}::float8, 4326)`

/** The estimated rows of an EXPLAIN (FORMAT JSON) answer (PGlite and pg give it parsed or as text). */
function planRows(value: unknown): number {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  const plan = (parsed as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan
  return Number(plan?.['Plan Rows'] ?? 0)
}

export interface PageOptions<Extra> {
  limit: number
  /** rows to skip (the portal's page numbers) */
  offset?: number
  /** the keyset position after which the page starts (STAC's token) */
  after?: KeyValues
  /** more columns beside the scene's (aliased, e.g. ST_XMin(s.footprint) AS minx) */
  columns?: RawBuilder<Extra>
}

/** Ids per statement of byIds (an order holds at most the cart's 1,000 scenes: one statement). */
const BY_IDS_CHUNK = 1000

export function createSceneQuery(db: Kysely<Database>) {
  /**
   * One page in the query's order and the keyset position of its last row when more follow (null
   * at the end). Keyset positions make page 50 cost what page 1 costs; an offset serves the
   * portal's numbered pages over the same order.
   */
  async function page<Extra = object>(
    q: SceneQuery,
    options: PageOptions<Extra>,
  ): Promise<{ rows: PageRow<Extra>[]; next: KeyValues | null }> {
    const cols = sortColumns(q.sort)
    const keys = sql.join(cols.map((c, i) => sql`${keyValue(c.column, c.kind)} AS ${sql.ref(`k${i}`)}`))
    const where = options.after ? sql`${whereSql(q)} AND ${afterSql(cols, options.after)}` : whereSql(q)
    const extra = options.columns ? sql`, ${options.columns}` : sql``
    // one page in the sort's order: PostgreSQL may walk an index in that order and stop at the
    // page's end; parallel workers only add their start-up to such a walk (measured at 5M scenes,
    // a 3°×3° box by time: 11–16 ms alone, 90–670 ms with two workers on a busy machine)
    const rows = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx)
      const result = await sql<PageRow<Extra>>`
        SELECT ${SCENE_COLUMNS}${extra}, ${keys}
        FROM scene s
        WHERE ${where}
        ORDER BY ${orderSql(q.sort)}
        LIMIT ${options.limit + 1}::int OFFSET ${options.offset ?? 0}::int`.execute(trx)
      return result.rows
    })
    if (rows.length <= options.limit) return { rows, next: null }
    const kept = rows.slice(0, options.limit)
    const last = kept[kept.length - 1] as PageRow<Extra>
    // float8 keys come back as numbers (PGlite) or text (some drivers): numbers in the position
    const next = cols.map((c, i) => {
      const v = last[`k${i}`]
      return c.kind === 'number' ? Number(v) : String(v)
    })
    return { rows: kept, next }
  }

  /**
   * The scenes of these ids (each once, any data status) with the extra columns, by id: an id not in
   * the archive is absent. The ids are a filter of the tree (`ids`), read in pages of the one pager.
   */
  async function byIds<Extra = object>(
    ids: readonly string[],
    options: { columns?: RawBuilder<Extra> } = {},
  ): Promise<Map<string, PageRow<Extra>>> {
    const unique = [...new Set(ids)]
    const found = new Map<string, PageRow<Extra>>()
    for (let i = 0; i < unique.length; i += BY_IDS_CHUNK) {
      const chunk = unique.slice(i, i + BY_IDS_CHUNK)
      const q: SceneQuery = { filter: { op: 'ids', ids: chunk }, sort: [{ column: 'id', desc: false }] }
      const { rows } = await page(q, { limit: chunk.length, columns: options.columns })
      for (const row of rows) found.set(row.id, row)
    }
    return found
  }

  return {
    page,
    byIds,

    /**
     * How many scenes match, counted exactly up to `exactLimit`; past it the planner's estimate
     * (at least exactLimit + 1) and exact false.
     */
    async count(q: SceneQuery, exactLimit: number): Promise<{ total: number; exact: boolean }> {
      // the planner's estimate first (no rows read): far past the limit, counting exactly up to it would only be slower
      const box = q.area?.bbox ?? null
      const areaKm2 = q.area?.areaKm2 ?? null
      const share = box && areaKm2 !== null ? Math.min(1, areaKm2 / boxKm2(box)) : 1
      const estimateWhere = box ? sql`s.footprint && ${envelope(box)} AND ${whereSql({ filter: q.filter })}` : whereSql(q)
      const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM scene s WHERE ${estimateWhere}`.execute(db)
      const estimate = Math.round(planRows(plan.rows[0]?.['QUERY PLAN']) * share)
      if (estimate > ESTIMATE_ONLY_FACTOR * exactLimit) return { total: estimate, exact: false }
      const res = await sql<{ n: string }>`
        SELECT count(*) AS n FROM (SELECT 1 FROM scene s WHERE ${whereSql(q)} LIMIT ${exactLimit + 1}) x`.execute(db)
      const n = Number(res.rows[0]?.n ?? 0)
      if (n <= exactLimit) return { total: n, exact: true }
      return { total: Math.max(exactLimit + 1, estimate), exact: false }
    },
  }
}

export type SceneQueryEngine = ReturnType<typeof createSceneQuery>
