/**
 * npm run bench:archive: the image archive's search on a scale set. For each database (PGlite at
 * BENCH_SCENES, default 1,000,000; PostgreSQL at the same and at BENCH_PG_SCENES_LARGE, default
 * 5,000,000) it fills the archive, starts the portal on it, times POST /api/normalmeta/query for a
 * mix of queries (region, 全国, extent, drawn area; with and without filters; each sort; page 1
 * and a deep page) and prints p50/p95 per query and over the mix. The same searches are then run
 * bare (the scene repository's statements from this process, no HTTP) and the ratio printed
 * (target ≤ 1.3×). Targets: p95 ≤ 300 ms PGlite, ≤ 100 ms PostgreSQL at 1M, ≤ 150 ms at 5M.
 *
 * The archive: `npm run archive -- generate --scenes N` when the archive generator is present
 * (apps/server/src/datasets/scene-archive), otherwise a deterministic bulk insert of synthetic
 * footprints over China and its neighbours done here in SQL (said so in the output).
 * BENCH_ONLY=postgres|pglite picks one database; BENCH_REPEAT (default 15) sets the runs per query;
 * BENCH_PG_KEEP=<N> measures N scenes on PostgreSQL in a database that is kept (rs_bench_archive_kept_<N>):
 * filled by the first run, used as it is by the next (fill while the machine is busy, measure when quiet);
 * BENCH_FILL_ONLY=1 only fills; BENCH_SETTLE_MS (default 30,000) is the wait between the server's start and
 * the first timed search, while it does its start-up work.
 *
 * STAC /search is timed on page 1 and on page 50 reached through `next` links (target p95 ≤ 150 ms on
 * PostgreSQL, page 50 as fast as page 1). Hooks: other parts of the archive add their figures by pushing an
 * {@link ArchiveBenchHook} onto ARCHIVE_BENCH_HOOKS; each runs against the same filled database and
 * running portal and returns rows for the table.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SceneQueryBody } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { createAreas } from '../apps/server/src/capabilities/area'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import type { Database } from '../apps/server/src/db/schema'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { createScenesRepository } from '../apps/server/src/modules/scenes/scenes.repository'
import { createScenesService } from '../apps/server/src/modules/scenes/scenes.service'
import { bulkInsert } from './bench-archive-fill'
import {
  BENCH_ADMIN_DATABASE_URL,
  BENCH_PORT,
  ensureDatabase,
  fmt,
  root,
  settleAfterStart,
  startServer,
  stopServer,
  withPostgres,
} from './bench-support'

const SCENES = Number(process.env.BENCH_SCENES ?? 1_000_000)
const PG_LARGE = Number(process.env.BENCH_PG_SCENES_LARGE ?? 5_000_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15)

/** One row of the printed table. */
export interface BenchRow {
  name: string
  p50: number
  p95: number
  /** The same work without HTTP, when measured. */
  bareP95?: number
  target?: string
}

/** What a hook gets: the filled database (a Kysely handle, or null while the PGlite server holds it) and the running portal. */
export interface ArchiveBenchContext {
  label: string
  scenes: number
  baseUrl: string
  db: Kysely<Database> | null
}

/** A benchmark of another part of the archive (coverage, export, STAC), run against the same set. */
export type ArchiveBenchHook = (ctx: ArchiveBenchContext) => Promise<BenchRow[]>

/** The hooks run after the search figures, in order. */
export const ARCHIVE_BENCH_HOOKS: ArchiveBenchHook[] = []

/** The query mix: every select mode but FILE, with and without filters, each sort, page 1 and a deep page. */
const MIX: Array<{ name: string; body: Record<string, unknown> }> = (() => {
  const wuhanDraw = {
    type: 'Polygon',
    coordinates: [
      [
        [113.7, 29.9],
        [115.1, 30.1],
        [114.9, 31.0],
        [114.0, 31.2],
        [113.7, 29.9],
      ],
    ],
  }
  const filters = { satellites: ['GF1', 'GF2', 'ZY3-2'], cloudMax: 20, startDate: '2025-01-01', endDate: '2025-12-31' }
  return [
    { name: 'region 北京市, time desc', body: { area: { mode: 'region', regionCode: '110000' } } },
    {
      name: 'region 四川省, cloud asc',
      body: { area: { mode: 'region', regionCode: '510000' }, sort: { sortField: 'cloud', sortOrder: 'asc' } },
    },
    { name: 'region 四川省 + filters, time desc', body: { area: { mode: 'region', regionCode: '510000' }, filters } },
    {
      name: 'region 东城区 (county), resolution asc',
      body: { area: { mode: 'region', regionCode: '110101' }, sort: { sortField: 'resolution', sortOrder: 'asc' } },
    },
    { name: 'region 全国, time desc', body: { area: { mode: 'region', regionCode: '100000' } } },
    { name: 'region 全国 + filters, page 50', body: { area: { mode: 'region', regionCode: '100000' }, filters, pageNum: 50 } },
    { name: 'extent 3°×3°, time desc, page 50', body: { area: { mode: 'extent', bbox: [115, 38, 118, 41] }, pageNum: 50 } },
    {
      name: 'extent 3°×3° + filters, cloud asc',
      body: { area: { mode: 'extent', bbox: [115, 38, 118, 41] }, filters, sort: { sortField: 'cloud', sortOrder: 'asc' } },
    },
    { name: 'draw (武汉), time desc, 100 per page', body: { area: { mode: 'draw', geometry: wuhanDraw }, pageSize: 100 } },
    {
      name: 'draw (武汉) + filters, resolution desc',
      body: { area: { mode: 'draw', geometry: wuhanDraw }, filters, sort: { sortField: 'resolution', sortOrder: 'desc' } },
    },
  ]
})()

/** STAC /search as a GIS client pages it: the first page, then page 50 reached by following `next` links. */
const STAC_SEARCHES: Array<{ name: string; url: string }> = [
  { name: 'bbox 3°×3°', url: '/stac/search?bbox=115,38,118,41&limit=20' },
  {
    name: 'collections + CQL2 text (cloud < 20, gsd ≤ 2)',
    url: `/stac/search?collections=GF1_PMS1,GF2_PMS1&limit=20&filter-lang=cql2-text&filter=${encodeURIComponent('eo:cloud_cover < 20 AND gsd <= 2')}`,
  },
  {
    name: 'datetime + sortby -eo:cloud_cover',
    url: '/stac/search?datetime=2025-01-01T00:00:00Z/2025-12-31T23:59:59Z&sortby=-eo:cloud_cover&limit=20',
  },
]

async function timeGet(url: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < REPEAT + 2; i++) {
    const t0 = performance.now()
    const res = await fetch(url)
    const text = await res.text()
    if (!res.ok) throw new Error(`GET ${url} failed ${res.status}: ${text.slice(0, 300)}`)
    if (i >= 2) times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)
}

ARCHIVE_BENCH_HOOKS.push(async ({ baseUrl, label }) => {
  const rows: BenchRow[] = []
  const target = label.startsWith('PostgreSQL') ? 'p95 ≤ 150 ms' : ''
  for (const search of STAC_SEARCHES) {
    const first = `${baseUrl}${search.url}`
    const t1 = await timeGet(first)
    rows.push({ name: `STAC ${search.name}, page 1`, p50: percentile(t1, 0.5), p95: percentile(t1, 0.95), target })
    let next: string | undefined = first
    let page = 1
    while (page < 50 && next) {
      const body = (await (await fetch(next)).json()) as { links?: Array<{ rel: string; href: string }> }
      next = body.links?.find((l) => l.rel === 'next')?.href
      page++
    }
    if (!next) {
      rows.push({ name: `STAC ${search.name}: fewer than 50 pages (${page})`, p50: Number.NaN, p95: Number.NaN })
      continue
    }
    // the links carry PUBLIC_BASE_URL or the request's host; ask the benchmark's server
    const deep = `${baseUrl}${new URL(next).pathname}${new URL(next).search}`
    const t50 = await timeGet(deep)
    rows.push({ name: `STAC ${search.name}, page 50`, p50: percentile(t50, 0.5), p95: percentile(t50, 0.95), target: 'as page 1' })
  }
  return rows
})

/** The archive generator's command when it is on this branch, else the bulk insert below. */
function generatorPresent(): boolean {
  return existsSync(path.join(root, 'apps/server/src/datasets/scene-archive'))
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

async function timeApi(body: Record<string, unknown>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < REPEAT + 2; i++) {
    const t0 = performance.now()
    const res = await fetch(`http://127.0.0.1:${BENCH_PORT}/api/normalmeta/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`query failed ${res.status}: ${text.slice(0, 300)}`)
    if (i >= 2) times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)
}

async function timeBare(database: DatabaseHandle, body: Record<string, unknown>): Promise<number[]> {
  const tasks = createTaskPool({ maxThreads: 1 })
  const audit = { record: async () => {} }
  const service = createScenesService(createScenesRepository(database.db), tasks, {
    audit,
    areas: createAreas({ db: database.db, tasks, audit }),
  })
  const query = SceneQueryBody.parse(body)
  const times: number[] = []
  try {
    for (let i = 0; i < REPEAT + 2; i++) {
      const t0 = performance.now()
      await service.search(query)
      if (i >= 2) times.push(performance.now() - t0)
    }
  } finally {
    await tasks.close()
  }
  return times.sort((a, b) => a - b)
}

function printTable(title: string, rows: BenchRow[]): void {
  console.log(`\n### ${title}`)
  console.log('| query | API p50 ms | API p95 ms | bare p95 ms | ratio | target |')
  console.log('|---|---:|---:|---:|---:|---|')
  for (const r of rows) {
    const ratio = r.bareP95 ? `${(r.p95 / r.bareP95).toFixed(2)}×` : ''
    console.log(
      `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.bareP95 === undefined ? '' : fmt(r.bareP95)} | ${ratio} | ${r.target ?? ''} |`,
    )
  }
}

/** Fills one database, then times the mix through the API and bare, then runs the hooks. */
async function benchOne(options: {
  label: string
  scenes: number
  target: number
  env: Record<string, string>
  open: () => Promise<DatabaseHandle>
}): Promise<void> {
  console.log(`\n## ${options.label}: ${options.scenes.toLocaleString('en')} scenes`)
  let database = await options.open()
  await migrateToLatest(database.db)
  await loadReferenceData(database.db)
  if (generatorPresent()) console.log('(archive: the archive generator is present; this run still uses the bulk insert of this script)')
  else console.log('(archive: the archive generator is not on this branch yet: synthetic footprints bulk-inserted here)')
  const kept = Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM scene WHERE source = 'bench'`.execute(database.db)).rows[0]?.n ?? 0,
  )
  if (kept === options.scenes) console.log(`(kept database: its ${kept.toLocaleString('en')} scenes are used as they are)`)
  else {
    if (kept > 0) await sql`DELETE FROM scene WHERE source = 'bench'`.execute(database.db)
    const seconds = await bulkInsert(database.db, options.scenes)
    console.log(`filled in ${fmt(seconds)} s`)
  }
  if (process.env.BENCH_FILL_ONLY) {
    await database.close()
    return
  }
  const pglite = database.kind !== 'postgres'
  if (pglite) await database.close()

  // the benchmark is one client asking hundreds of times a minute: the per-address limits would cut it short
  const server = await startServer({ MAP_REQUESTS_PER_MINUTE: '100000', MAP_TILES_PER_MINUTE: '100000', ...options.env })
  await settleAfterStart()
  const api: number[][] = []
  const failed = new Map<string, string>()
  for (const q of MIX) {
    try {
      api.push(await timeApi(q.body))
    } catch (error) {
      // a failing query is a figure too (e.g. over the statement timeout): reported, the rest still measured
      failed.set(q.name, (error as Error).message)
      api.push([])
    }
  }
  const hookRows: BenchRow[] = []
  for (const hook of ARCHIVE_BENCH_HOOKS) {
    hookRows.push(
      ...(await hook({
        label: options.label,
        scenes: options.scenes,
        baseUrl: `http://127.0.0.1:${BENCH_PORT}`,
        db: pglite ? null : database.db,
      })),
    )
  }
  await stopServer(server)

  if (pglite) database = await options.open()
  const rows: BenchRow[] = []
  const all: number[] = []
  const allBare: number[] = []
  for (const [i, q] of MIX.entries()) {
    const a = api[i] ?? []
    if (failed.has(q.name)) {
      console.log(`FAILED: ${q.name}: ${failed.get(q.name)}`)
      rows.push({ name: `${q.name} (FAILED)`, p50: Number.NaN, p95: Number.NaN })
      continue
    }
    const b = await timeBare(database, q.body)
    all.push(...a)
    allBare.push(...b)
    rows.push({ name: q.name, p50: percentile(a, 0.5), p95: percentile(a, 0.95), bareP95: percentile(b, 0.95) })
  }
  await database.close()
  all.sort((x, y) => x - y)
  allBare.sort((x, y) => x - y)
  rows.push({
    name: '**the whole mix**',
    p50: percentile(all, 0.5),
    p95: percentile(all, 0.95),
    bareP95: percentile(allBare, 0.95),
    target: `p95 ≤ ${options.target} ms, ratio ≤ 1.3×`,
  })
  printTable(`${options.label}, ${options.scenes.toLocaleString('en')} scenes: POST /api/normalmeta/query (${REPEAT} runs each)`, rows)
  if (hookRows.length > 0) printTable(`${options.label}: coverage, export, STAC`, hookRows)
}

async function main() {
  console.log(`# archive benchmark (${new Date().toISOString()})`)
  const only = process.env.BENCH_ONLY
  if (only !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rs-bench-archive-'))
    try {
      await benchOne({
        label: 'PGlite (embedded)',
        scenes: SCENES,
        target: 300,
        env: { DATA_DIR: dir },
        open: () => openDatabase({ dataDir: path.join(dir, 'pgdata') }),
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const keep = process.env.BENCH_PG_KEEP
  if (only !== 'pglite' && keep) {
    // one size on a database that stays: filled once (e.g. while the machine is busy), measured when it is quiet
    const scenes = Number(keep)
    const name = `rs_bench_archive_kept_${scenes}`
    const databaseUrl = `${BENCH_ADMIN_DATABASE_URL.replace(/\/[^/]*$/, '')}/${name}`
    await ensureDatabase(databaseUrl)
    await benchOne({
      label: 'PostgreSQL',
      scenes,
      target: scenes > 1_000_000 ? 150 : 100,
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl }),
    })
  } else if (only !== 'pglite') {
    await withPostgres('rs_bench_archive', async (databaseUrl, recreate) => {
      for (const [scenes, target] of [
        [SCENES, 100],
        [PG_LARGE, 150],
      ] as const) {
        if (scenes <= 0) continue
        await recreate()
        await benchOne({
          label: 'PostgreSQL',
          scenes,
          target,
          env: { DATABASE_URL: databaseUrl },
          open: () => openDatabase({ databaseUrl }),
        })
      }
    })
  }
}

await main()
process.exit(0)
