import {
  COVERAGE_CLASSES,
  COVERAGE_CLOUD_LIMITS,
  type CoverageClass,
  type CoverageCloudLimit,
  type CoverageSource,
  cloudLimitsOf,
  coverageClassOf,
  periodCodesOfMonth,
} from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DatabaseKind } from '../../db/database'
import type { Database } from '../../db/schema'
import { SESSION_LOCKS, underSessionLock } from '../../db/session-lock'
import type { TaskPool } from '../../lib/workers/pool'
import { type BoundaryInput, COVERAGE_ENGINE_WORKER, inflateBits, type PaintRow, type PaintScene } from './coverage.worker'
import { CELLS_PER_COUNTY, type CountyGrid, coveredShare, type GridRows, gridRows, orInto } from './grid'

/**
 * The coverage engine (issue 23): how much of every county the footprints cover, per source ×
 * resolution class × cloud limit × Beijing month, kept current as scenes arrive, so a question
 * about any period reads a few thousand stored rows instead of unioning footprints.
 *
 * - Grids: each county's grid (grid.ts) is built in a worker from its boundary once per region
 *   data version; a new version (or a new grid rule) rebuilds them and counts every scene again.
 * - Counting: the scene table's statement triggers queue inserted scenes in coverage_pending and
 *   recount the months a delete or update touched (migrations 20261205100000, 20261205300000).
 *   `refresh` takes the queue a chunk of one month at a time (so a chunk's rows are one month's): the chunk's footprints and the counties whose boxes they meet are read
 *   in one statement, rasterized and ORed into the stored rows in the background worker, and
 *   written in one transaction that drops the chunk from the queue, unless a recount moved the epoch
 *   or another process counted part of the chunk meanwhile (the chunk is then read again). That
 *   transaction locks coverage_state, so refreshes of several processes (the import command, other
 *   instances) take turns at writing.
 * - Periods: a scene counts in its month, quarter and year (domain/coverage.ts periodCode), so a
 *   question reads one row per county and class. A recount empties the month, its quarter and year
 *   and marks the last two stale; `deriveStale` rebuilds them from their months once the queue is empty.
 * - Questions: `countyCells` ORs the stored rows of a period's classes per county; `sharesOf` weighs
 *   the cells set (both kept in memory under the data version every change moves).
 */

/** Bump when the grid rule or the keys change: every grid and row is built again. */
const GRID_RULE = `cells${CELLS_PER_COUNTY}/classes${COVERAGE_CLASSES.map((c) => `${c.upTo}${c.inclusive ? '=' : ''}`).join(',')}/cloud${COVERAGE_CLOUD_LIMITS.join(',')}/periods/v2`
/**
 * Scenes per refresh chunk, of one month. A chunk's fixed cost is reading, merging and writing the
 * rows it touches (at 5 M scenes nearly every county × month, quarter and year × cloud limit of
 * its class), so an import of 10,000 scenes goes in one chunk rather than two of 5,000.
 */
const CHUNK_SCENES = 10_000
/**
 * A queue longer than this (a first count, a rebuild) is counted in bulk: chunks of BULK_CHUNK
 * scenes paint their months only and mark the quarters and years stale, derived once at the end,
 * instead of rewriting a year's rows with every chunk of it (1,000,000 scenes: 1,021 s before).
 */
const BULK_QUEUE = 50_000
/** Pause between two chunks of a refresh. */
const CHUNK_PAUSE_MS = 50
const BULK_CHUNK = 20_000
/** Counties per grid-building task. */
const GRID_CHUNK = 300
const PAINT_BUDGET_MS = 120_000
/** How the queue names a province's own footprint (local_imagery): scene ids never hold a colon. */
const LOCAL_PREFIX = 'local:'

export interface CountyShare {
  /** weighted share of the county's cells covered, 0–1 */
  share: number
  /** Σ of the footprints' shares of the county: how many times it is covered on average */
  depth: number
}

export interface CoverageQuestion {
  sources: readonly CoverageSource[]
  classes: readonly CoverageClass[]
  cloud: CoverageCloudLimit
  /** rollup codes of the periods asked (domain/coverage.ts periodCode: one period reads one code) */
  periods: readonly number[]
  /** only these counties (one area's: a plan item's check reads its own counties, not the country's) */
  counties?: readonly string[]
}

interface LoadedGrids {
  version: string
  grids: Map<string, CountyGrid>
  rows: Map<string, GridRows>
}

export interface RefreshReport {
  scenes: number
  rows: number
  milliseconds: number
}

export interface CoverageEngine {
  /** Builds the grids when the regions or the grid rule changed, then counts every queued scene. */
  refresh(): Promise<RefreshReport>
  /** Whether scenes wait to be counted. */
  pending(): Promise<number>
  /** The data version: moves with every change of the stored rows. */
  version(): Promise<string>
  /** Each county's covered share and times covered for a question (counties without rows are absent). */
  countyShares(question: CoverageQuestion): Promise<Map<string, CountyShare>>
  /** Each county's covered cells (bitset over its grid's inside cells) and times covered. */
  countyCells(question: CoverageQuestion): Promise<Map<string, CountyCells>>
  /** The same for the given scenes, computed on request (questions with chosen satellites). */
  cellsOfScenes(
    scenes: Array<{ footprint: string; counties: string[] }>,
    pool: TaskPool,
    budgetMs: number,
  ): Promise<Map<string, CountyCells>>
  /** Shares from cells. */
  sharesOf(cells: ReadonlyMap<string, CountyCells>): Promise<Map<string, CountyShare>>
  /** A county's grid (undefined: no boundary). */
  grid(code: string): Promise<CountyGrid | undefined>
  /** The version of the grids (regions and the grid rule): cells painted on other grids are stale. */
  gridVersion(): Promise<string>
  /** Each county's row starts and weights (to weigh many bitsets without asking for the grids each time). */
  gridRows(): Promise<ReadonlyMap<string, GridRows>>
}

export interface CountyCells {
  bits: Uint8Array
  depth: number
}

const toBytes = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer))

export function createCoverageEngine(
  db: Kysely<Database>,
  background: TaskPool,
  options: { bulkQueue?: number; databaseKind?: DatabaseKind } = {},
): CoverageEngine {
  const bulkQueue = options.bulkQueue ?? BULK_QUEUE
  let loaded: Promise<LoadedGrids> | undefined
  let running: Promise<RefreshReport> | undefined
  // answers by data version and question: the merged cells, and the shares computed from them
  const cellAnswers = new LRUCache<string, Map<string, CountyCells>>({ max: 100 })
  const shareAnswers = new WeakMap<ReadonlyMap<string, CountyCells>, Map<string, CountyShare>>()

  const regionVersion = async () => {
    const { rows } = await sql<{ version: string | null }>`SELECT version FROM reference_data WHERE name = 'regions'`.execute(db)
    return `${rows[0]?.version ?? 'none'}/${GRID_RULE}`
  }

  async function buildGrids(expected: string): Promise<void> {
    const { rows: counties } = await sql<{ code: string }>`
      SELECT code FROM region WHERE level = 'county' AND geom IS NOT NULL ORDER BY code`.execute(db)
    const built: CountyGrid[] = []
    for (let k = 0; k < counties.length; k += GRID_CHUNK) {
      const codes = counties.slice(k, k + GRID_CHUNK).map((c) => c.code)
      const { rows } = await sql<BoundaryInput>`
        SELECT code, ST_AsGeoJSON(geom) AS boundary FROM region WHERE code = ANY (${codes}::text[]) ORDER BY code`.execute(db)
      built.push(...(await background.run<CountyGrid[]>(COVERAGE_ENGINE_WORKER, 'buildGrids', rows, PAINT_BUDGET_MS)))
    }
    await db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM coverage_state WHERE id = 1 FOR UPDATE`.execute(trx)
      await sql`DELETE FROM coverage_grid`.execute(trx)
      for (let k = 0; k < built.length; k += 500) {
        const part = built.slice(k, k + 500)
        await sql`
          INSERT INTO coverage_grid (code, minx, miny, size, nx, ny, cells, mask)
          SELECT * FROM unnest(${part.map((g) => g.code)}::text[], ${part.map((g) => g.minx)}::float8[], ${part.map((g) => g.miny)}::float8[],
            ${part.map((g) => g.size)}::float8[], ${part.map((g) => g.nx)}::int[], ${part.map((g) => g.ny)}::int[],
            ${part.map((g) => g.cells)}::int[], ${part.map((g) => Buffer.from(g.mask))}::bytea[])`.execute(trx)
      }
      // every row was counted on the old grids: count every scene and local footprint again
      await sql`DELETE FROM coverage_month`.execute(trx)
      await sql`DELETE FROM coverage_stale_period`.execute(trx)
      await sql`
        INSERT INTO coverage_pending (scene_id, seq, month)
        SELECT ${LOCAL_PREFIX} || id, nextval('coverage_pending_seq'), to_char(acquired_on, 'YYYYMM')::int FROM local_imagery
        ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq, month = EXCLUDED.month`.execute(trx)
      await sql`
        INSERT INTO coverage_pending (scene_id, seq, month)
        SELECT id, nextval('coverage_pending_seq'), coverage_month_of(acquired_at) FROM scene WHERE data_status = '2'
        ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq, month = EXCLUDED.month`.execute(trx)
      await sql`UPDATE coverage_state SET grid_version = ${expected}, version = version + 1, epoch = epoch + 1 WHERE id = 1`.execute(trx)
    })
  }

  function grids(): Promise<LoadedGrids> {
    loaded ??= (async () => {
      const { rows: state } = await sql<{ grid_version: string | null }>`SELECT grid_version FROM coverage_state WHERE id = 1`.execute(db)
      const { rows } = await sql<{
        code: string
        minx: number
        miny: number
        size: number
        nx: number
        ny: number
        cells: number
        mask: Uint8Array
      }>`SELECT code, minx, miny, size, nx, ny, cells, mask FROM coverage_grid`.execute(db)
      const map = new Map<string, CountyGrid>()
      const gridRowsOf = new Map<string, GridRows>()
      for (const r of rows) {
        const grid: CountyGrid = { ...r, mask: toBytes(r.mask) }
        map.set(r.code, grid)
        gridRowsOf.set(r.code, gridRows(grid))
      }
      return { version: state[0]?.grid_version ?? '', grids: map, rows: gridRowsOf }
    })()
    loaded.catch(() => {
      loaded = undefined
    })
    return loaded
  }

  async function ensureGrids(): Promise<LoadedGrids> {
    const expected = await regionVersion()
    const current = await grids()
    if (current.version === expected) return current
    await buildGrids(expected)
    loaded = undefined
    return grids()
  }

  /** Groups of a chunk: one per (source, class, cloud limit, month), numbered in the order met. */
  function groupsOf() {
    const keys: Array<{ source: CoverageSource; cls: number; cloud: number; month: number }> = []
    const index = new Map<string, number>()
    return {
      keys,
      id(source: CoverageSource, cls: number, cloud: number, month: number) {
        const k = `${source}|${cls}|${cloud}|${month}`
        let n = index.get(k)
        if (n === undefined) {
          n = keys.length
          keys.push({ source, cls, cloud, month })
          index.set(k, n)
        }
        return n
      },
    }
  }

  async function refreshChunk(loadedGrids: LoadedGrids, bulk: boolean): Promise<{ scenes: number; rows: number } | null> {
    const { rows: taken } = await sql<{ scene_id: string; seq: string }>`
      SELECT scene_id, seq::text FROM coverage_pending WHERE month = (SELECT min(month) FROM coverage_pending)
      ORDER BY seq LIMIT ${bulk ? BULK_CHUNK : CHUNK_SCENES}`.execute(db)
    if (taken.length === 0) return null
    const { rows: epochRow } = await sql<{ epoch: string }>`SELECT epoch::text FROM coverage_state WHERE id = 1`.execute(db)
    const epoch = epochRow[0]?.epoch ?? '0'
    const ids = taken.map((t) => t.scene_id)
    // the queue holds archive scenes by id and a province's own imagery as 'local:<id>'
    const localIds = ids.filter((id) => id.startsWith(LOCAL_PREFIX)).map((id) => Number(id.slice(LOCAL_PREFIX.length)))
    const { rows: scenes } = await sql<{
      id: string
      source: CoverageSource
      month: number
      resolution: number
      cloud: number
      footprint: string
      counties: string[]
    }>`
      SELECT x.id, x.source, x.month, x.resolution, x.cloud, ST_AsGeoJSON(x.g) AS footprint,
        ARRAY(SELECT g.code FROM region g WHERE g.level = 'county' AND g.geom && x.g ORDER BY g.code) AS counties
      FROM (
        SELECT s.id, 'archive' AS source, coverage_month_of(s.acquired_at) AS month, s.resolution_m::float8 AS resolution,
          s.cloud_percent::float8 AS cloud, s.footprint AS g
        FROM scene s WHERE s.id = ANY (${ids}::text[]) AND s.data_status = '2'
        UNION ALL
        SELECT ${LOCAL_PREFIX} || l.id, 'local', to_char(l.acquired_on, 'YYYYMM')::int, l.resolution_m::float8, 0, l.footprint
        FROM local_imagery l WHERE l.id = ANY (${localIds}::int[])
      ) x`.execute(db)

    const groups = groupsOf()
    const gridIndex = new Map<string, number>()
    const chunkGrids: CountyGrid[] = []
    const paint: PaintScene[] = []
    // (group, county) pairs the chunk paints, as group × counties + the county's index in the chunk
    const touched = new Set<number>()
    for (const s of scenes) {
      const cls = coverageClassOf(s.resolution)
      if (!cls) continue
      const counties: number[] = []
      for (const code of s.counties) {
        const grid = loadedGrids.grids.get(code)
        if (!grid) continue
        let i = gridIndex.get(code)
        if (i === undefined) {
          i = chunkGrids.length
          chunkGrids.push(grid)
          gridIndex.set(code, i)
        }
        counties.push(i)
      }
      if (counties.length === 0) continue
      // a scene counts in its month, quarter and year, under every cloud limit it is within
      const sceneGroups = (bulk ? [s.month] : periodCodesOfMonth(s.month)).flatMap((period) =>
        cloudLimitsOf(s.cloud).map((limit) => groups.id(s.source, cls.id, limit, period)),
      )
      paint.push({ footprint: s.footprint, counties, groups: sceneGroups })
    }
    for (const p of paint) for (const g of p.groups) for (const c of p.counties) touched.add(g * chunkGrids.length + c)

    // the stored rows of the groups the chunk touches, read to be merged
    const existing: PaintRow[] = []
    if (groups.keys.length > 0) {
      const { rows: stored } = await sql<{
        source: string
        class: number
        cloud: number
        month: number
        county: string
        bits: Uint8Array
        depth: number
        scenes: number
      }>`
        SELECT m.source, m.class, m.cloud, m.month, m.county, m.bits, m.depth, m.scenes
        FROM unnest(${groups.keys.map((k) => k.source)}::text[], ${groups.keys.map((k) => k.cls)}::smallint[],
          ${groups.keys.map((k) => k.cloud)}::smallint[], ${groups.keys.map((k) => k.month)}::int[]) AS q (source, class, cloud, month)
        JOIN coverage_month m USING (source, class, cloud, month)
        WHERE m.county = ANY (${chunkGrids.map((g) => g.code)}::text[])`.execute(db)
      for (const r of stored) {
        const group = groups.id(r.source as CoverageSource, r.class, r.cloud, r.month)
        const county = gridIndex.get(r.county)
        if (county !== undefined && touched.has(group * chunkGrids.length + county))
          existing.push({ county: r.county, group, bits: toBytes(r.bits), depth: Number(r.depth), scenes: Number(r.scenes) })
      }
    }
    const painted =
      paint.length === 0
        ? []
        : await background.run<PaintRow[]>(
            COVERAGE_ENGINE_WORKER,
            'paintScenes',
            { grids: chunkGrids, groups: groups.keys.length, scenes: paint, existing },
            PAINT_BUDGET_MS,
          )

    return await db.transaction().execute(async (trx) => {
      const { rows: state } = await sql<{ epoch: string }>`SELECT epoch::text FROM coverage_state WHERE id = 1 FOR UPDATE`.execute(trx)
      // a recount emptied months since the chunk was read: its sums may hold scenes counted again; read it again
      if (state[0]?.epoch !== epoch) return { scenes: 0, rows: 0 }
      // another process (the import command, a second instance) counted some of these scenes meanwhile:
      // merging again would add their times twice; read the queue again
      const { rows: still } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM coverage_pending p
        JOIN unnest(${ids}::text[], ${taken.map((t) => t.seq)}::bigint[]) AS t (id, seq) ON p.scene_id = t.id AND p.seq = t.seq`.execute(
        trx,
      )
      if ((still[0]?.n ?? 0) !== taken.length) return { scenes: 0, rows: 0 }
      for (let k = 0; k < painted.length; k += 2_000) {
        const part = painted.slice(k, k + 2_000)
        const key = (r: PaintRow) => groups.keys[r.group] as (typeof groups.keys)[number]
        await sql`
          INSERT INTO coverage_month (source, class, cloud, month, county, bits, depth, scenes)
          SELECT * FROM unnest(${part.map((r) => key(r).source)}::text[], ${part.map((r) => key(r).cls)}::smallint[],
            ${part.map((r) => key(r).cloud)}::smallint[], ${part.map((r) => key(r).month)}::int[], ${part.map((r) => r.county)}::text[],
            ${part.map((r) => Buffer.from(r.bits))}::bytea[], ${part.map((r) => r.depth)}::float8[], ${part.map((r) => r.scenes)}::int[])
          ON CONFLICT (source, class, cloud, month, county)
          DO UPDATE SET bits = EXCLUDED.bits, depth = EXCLUDED.depth, scenes = EXCLUDED.scenes`.execute(trx)
      }
      await sql`
        DELETE FROM coverage_pending p USING unnest(${ids}::text[], ${taken.map((t) => t.seq)}::bigint[]) AS t (id, seq)
        WHERE p.scene_id = t.id AND p.seq = t.seq`.execute(trx)
      if (bulk) {
        // the quarters and years of the months painted: derived from their months when the queue is empty
        const stale = new Set<string>()
        for (const k of groups.keys) for (const code of periodCodesOfMonth(k.month).slice(1)) stale.add(`${k.source}|${code}`)
        const list = [...stale].map((x) => x.split('|') as [string, string])
        if (list.length > 0)
          await sql`
            INSERT INTO coverage_stale_period (source, period)
            SELECT * FROM unnest(${list.map((x) => x[0])}::text[], ${list.map((x) => Number(x[1]))}::int[]) ON CONFLICT DO NOTHING`.execute(
            trx,
          )
      }
      await sql`UPDATE coverage_state SET version = version + 1 WHERE id = 1`.execute(trx)
      return { scenes: paint.length, rows: painted.length }
    })
  }

  /**
   * A quarter or year a recount emptied, derived again from its months' rows (in the background
   * worker, one class and cloud limit at a time: each a range of the primary key, where reading by
   * counties scanned the whole table per batch: 341 s for 20 periods of 200,000 scenes), unless
   * another recount moved the epoch meanwhile.
   */
  async function deriveStale(): Promise<number> {
    const { rows: stale } = await sql<{ source: string; period: number }>`SELECT source, period FROM coverage_stale_period`.execute(db)
    let derived = 0
    for (const { source, period } of stale) {
      const year = Math.floor(period / 100)
      const q = (period % 100) - 20
      const months =
        q >= 1 && q <= 4 ? [0, 1, 2].map((k) => year * 100 + q * 3 - 2 + k) : Array.from({ length: 12 }, (_, k) => year * 100 + k + 1)
      const { rows: epochRow } = await sql<{ epoch: string }>`SELECT epoch::text FROM coverage_state WHERE id = 1`.execute(db)
      const epoch = epochRow[0]?.epoch ?? '0'
      // one class and cloud limit at a time: a range of the primary key (source, class, cloud, month, county)
      const merged: PaintRow[] = []
      const keys: Array<{ cls: number; cloud: number }> = []
      for (const cls of COVERAGE_CLASSES)
        for (const cloud of COVERAGE_CLOUD_LIMITS) {
          const { rows } = await sql<{ county: string; bits: Uint8Array; depth: number; scenes: number }>`
            SELECT county, bits, depth, scenes FROM coverage_month
            WHERE source = ${source} AND class = ${cls.id} AND cloud = ${cloud} AND month = ANY (${months}::int[])`.execute(db)
          if (rows.length === 0) continue
          const group = keys.length
          keys.push({ cls: cls.id, cloud })
          const input: PaintRow[] = rows.map((r) => ({
            county: r.county,
            group,
            bits: toBytes(r.bits),
            depth: Number(r.depth),
            scenes: Number(r.scenes),
          }))
          merged.push(...(await background.run<PaintRow[]>(COVERAGE_ENGINE_WORKER, 'mergeRows', input, PAINT_BUDGET_MS)))
        }
      const done = await db.transaction().execute(async (trx) => {
        const { rows: state } = await sql<{ epoch: string }>`SELECT epoch::text FROM coverage_state WHERE id = 1 FOR UPDATE`.execute(trx)
        if (state[0]?.epoch !== epoch) return false
        await sql`DELETE FROM coverage_month WHERE source = ${source} AND month = ${period}`.execute(trx)
        for (let k = 0; k < merged.length; k += 2_000) {
          const part = merged.slice(k, k + 2_000)
          const key = (r: PaintRow) => keys[r.group] as { cls: number; cloud: number }
          await sql`
            INSERT INTO coverage_month (source, class, cloud, month, county, bits, depth, scenes)
            SELECT ${source}, c, l, ${period}, county, bits, depth, scenes
            FROM unnest(${part.map((r) => key(r).cls)}::smallint[], ${part.map((r) => key(r).cloud)}::smallint[], ${part.map((r) => r.county)}::text[],
              ${part.map((r) => Buffer.from(r.bits))}::bytea[], ${part.map((r) => r.depth)}::float8[], ${part.map((r) => r.scenes)}::int[])
              AS v (c, l, county, bits, depth, scenes)`.execute(trx)
        }
        await sql`DELETE FROM coverage_stale_period WHERE source = ${source} AND period = ${period}`.execute(trx)
        await sql`UPDATE coverage_state SET version = version + 1 WHERE id = 1`.execute(trx)
        return true
      })
      if (done) derived++
    }
    return derived
  }

  async function refreshAll(): Promise<RefreshReport> {
    const started = performance.now()
    const loadedGrids = await ensureGrids()
    let scenes = 0
    let rows = 0
    const { rows: queued } = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM coverage_pending LIMIT ${bulkQueue + 1}) q`.execute(db)
    const bulk = (queued[0]?.n ?? 0) > bulkQueue
    for (;;) {
      const done = await refreshChunk(loadedGrids, bulk)
      if (!done) break
      scenes += done.scenes
      rows += done.rows
      // a breath between chunks: requests' statements and the background thread's other tasks get in
      await new Promise((resolve) => setTimeout(resolve, CHUNK_PAUSE_MS))
    }
    // quarters and years a recount emptied: derived from their months once the queue is empty
    if ((await engine.pending()) === 0) await deriveStale()
    return { scenes, rows, milliseconds: performance.now() - started }
  }

  /** The data version, with the grids of the version stored (read again when another process rebuilt them). */
  async function current(): Promise<{ version: string; loadedGrids: LoadedGrids }> {
    const { rows } = await sql<{ version: string; grid_version: string | null }>`
      SELECT version::text, grid_version FROM coverage_state WHERE id = 1`.execute(db)
    let loadedGrids = await grids()
    if (loadedGrids.version !== (rows[0]?.grid_version ?? '')) {
      loaded = undefined
      loadedGrids = await grids()
    }
    return { version: rows[0]?.version ?? '0', loadedGrids }
  }

  const engine: CoverageEngine = {
    refresh() {
      // one refresh at a time in this process (a second caller shares it), and on PostgreSQL one
      // process at a time: the import command's refresh and a portal's own used to count the same
      // chunk at once and throw one away (an import of 10,000 at 5 M scenes: 10.7 s against 5.9)
      running ??= underSessionLock(db, options.databaseKind ?? 'pglite', SESSION_LOCKS.coverageRefresh, refreshAll).finally(() => {
        running = undefined
      })
      return running
    },

    async pending() {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM coverage_pending`.execute(db)
      return rows[0]?.n ?? 0
    },

    async version() {
      return (await current()).version
    },

    async countyCells(question) {
      const { version: v } = await current()
      const only = question.counties ? [...question.counties].sort() : null
      const key = `${v}|${question.sources.join(',')}|${question.classes.map((c) => c.id).join(',')}|${question.cloud}|${question.periods.join(',')}|${only?.join(',') ?? '*'}`
      const kept = cellAnswers.get(key)
      if (kept) return kept
      const { rows } = await sql<{ county: string; bits: Uint8Array; depth: number }>`
        SELECT county, bits, depth FROM coverage_month
        WHERE source = ANY (${question.sources}::text[]) AND class = ANY (${question.classes.map((c) => c.id)}::smallint[])
          AND cloud = ${question.cloud} AND month = ANY (${question.periods}::int[])
          ${only ? sql`AND county = ANY (${only}::text[])` : sql``}`.execute(db)
      const merged = new Map<string, CountyCells>()
      for (const r of rows) {
        const bits = inflateBits(toBytes(r.bits))
        const m = merged.get(r.county)
        if (m) {
          orInto(m.bits, bits)
          m.depth += Number(r.depth)
        } else merged.set(r.county, { bits, depth: Number(r.depth) })
      }
      cellAnswers.set(key, merged)
      return merged
    },

    async countyShares(question) {
      return engine.sharesOf(await engine.countyCells(question))
    },

    async sharesOf(cells) {
      const kept = shareAnswers.get(cells)
      if (kept) return kept
      const { loadedGrids } = await current()
      const shares = new Map<string, CountyShare>()
      for (const [county, c] of cells) {
        const gridRowsOf = loadedGrids.rows.get(county)
        if (gridRowsOf) shares.set(county, { share: coveredShare(gridRowsOf, c.bits), depth: c.depth })
      }
      shareAnswers.set(cells, shares)
      return shares
    },

    async grid(code) {
      return (await current()).loadedGrids.grids.get(code)
    },

    async gridVersion() {
      return (await current()).loadedGrids.version
    },

    async gridRows() {
      return (await current()).loadedGrids.rows
    },

    async cellsOfScenes(scenes, pool, budgetMs) {
      const { loadedGrids } = await current()
      const chunkGrids: CountyGrid[] = []
      const gridIndex = new Map<string, number>()
      const paint: PaintScene[] = scenes.map((s) => ({
        footprint: s.footprint,
        groups: [0],
        counties: s.counties.flatMap((code) => {
          const grid = loadedGrids.grids.get(code)
          if (!grid) return []
          let i = gridIndex.get(code)
          if (i === undefined) {
            i = chunkGrids.length
            chunkGrids.push(grid)
            gridIndex.set(code, i)
          }
          return [i]
        }),
      }))
      const painted = await pool.run<PaintRow[]>(
        COVERAGE_ENGINE_WORKER,
        'paintScenes',
        { grids: chunkGrids, groups: 1, scenes: paint, existing: [] },
        budgetMs,
      )
      return new Map(painted.map((r) => [r.county, { bits: inflateBits(r.bits), depth: r.depth }]))
    },
  }
  return engine
}
