/**
 * npx tsx scripts/bench-regions.ts: time to load the region reference data, first start of the
 * portal, and latency of the region API under concurrent clients (Debian's wrk): a region by code
 * and the boundary of counties (a random sample, each request another county). Each API is set
 * against its own SQL run bare (the same statements from a pg client, or PGlite in this process,
 * at the same concurrency) and the ratio printed: target ≤ 1.3×. Prints figures; asserts nothing. Runs against the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CLIENTS (default 10) and BENCH_SECONDS (default 10) set the load; BENCH_ONLY=postgres skips PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { postgis } from '@electric-sql/pglite-postgis'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { REGION_COLUMNS } from '../apps/server/src/modules/regions/regions.repository'
import {
  BENCH_SECONDS,
  ensureWrk,
  fmt,
  type LoadResult,
  load,
  loadQueries,
  printLoad,
  printRatio,
  startServer,
  stopServer,
  withPostgres,
} from './bench-support'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)
const SAMPLE = 200

/** CLIENTS connections cycling through `${urlPath}${code}` for each code. */
const loadCodes = (urlPath: string, codes: string[]) =>
  load(
    codes.map((code) => `${urlPath}${code}`),
    CLIENTS,
  )

/** Times the loader on a fresh database (migrations excluded) and picks a random sample of counties with a boundary. */
async function timeLoad(options: { databaseUrl?: string; dataDir?: string }) {
  const handle = await openDatabase(options)
  await migrateToLatest(handle.db)
  const result = await loadReferenceData(handle.db)
  const again = await loadReferenceData(handle.db)
  const sample = await sql<{ code: string; points: number }>`
    SELECT code, ST_NPoints(geom) AS points FROM region WHERE level = 'county' AND geom IS NOT NULL ORDER BY random() LIMIT ${SAMPLE}`.execute(
    handle.db,
  )
  await handle.close()
  const points = sample.rows.map((r) => r.points).sort((a, b) => a - b)
  return { ms: result.milliseconds, againMs: again.milliseconds, codes: sample.rows.map((r) => r.code), points }
}

/** Runs one statement with positional parameters: the bare side of the ratio. */
type Query = (text: string, params: unknown[]) => Promise<unknown>

/** A client of the database outside the portal: a pg pool of CLIENTS connections, or PGlite opened in this process. */
async function openBare(options: { databaseUrl?: string; dataDir?: string }): Promise<{ query: Query; close: () => Promise<void> }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: CLIENTS })
    // an idle connection ended by the server (a restart, a forced drop) must not end the benchmark
    pool.on('error', () => {})
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() }
  }
  const lite = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { postgis, btree_gist } })
  return { query: (text, params) => lite.query(text, params), close: () => lite.close() }
}

const DETAIL_CODES = ['150102', '110000', '130300', '440106', '652901', '100000']
const CHILDREN_CODES = ['100000', '150000', '150100', '440300']
// the statements the region repository runs for each API
const DETAIL_SQL = `SELECT ${REGION_COLUMNS} FROM region WHERE code = $1`
const CHILDREN_SQL = `SELECT ${REGION_COLUMNS} FROM region WHERE parent_code = $1 ORDER BY code`
const BOUNDARY_SQL = 'SELECT name, level, ST_AsGeoJSON(geom, 5) AS geojson FROM region WHERE code = $1'

async function bench(
  label: string,
  env: Record<string, string>,
  loadOptions: { databaseUrl?: string; dataDir?: string },
  fresh: () => Promise<void>,
) {
  await fresh()
  const loaded = await timeLoad(loadOptions)
  await fresh()
  const first = await startServer(env)
  const detail = loadCodes('/api/region/detail?code=', DETAIL_CODES)
  const children = loadCodes('/api/region/children?code=', CHILDREN_CODES)
  const boundary = loadCodes('/api/region/boundary?code=', loaded.codes)
  await stopServer(first)
  // the same SQL, bare, on the database the server has just used (PGlite: its files, the server stopped)
  const bare = await openBare(loadOptions)
  const pick = (list: string[], i: number) => [list[i % list.length]]
  const bareDetail = await loadQueries((i) => bare.query(DETAIL_SQL, pick(DETAIL_CODES, i)), CLIENTS)
  const bareChildren = await loadQueries((i) => bare.query(CHILDREN_SQL, pick(CHILDREN_CODES, i)), CLIENTS)
  const bareBoundary = await loadQueries((i) => bare.query(BOUNDARY_SQL, pick(loaded.codes, i)), CLIENTS)
  await bare.close()
  const median = loaded.points[Math.floor(loaded.points.length / 2)] ?? 0
  console.log(`\n## ${label}`)
  console.log(
    `reference data load (fresh database, after migrations): ${Math.round(loaded.ms)} ms; second call (version present): ${fmt(loaded.againMs)} ms`,
  )
  console.log(`first start of the portal (empty database, migrations + reference data + demo seed): ${fmt(first.seconds)} s`)
  const rows: Array<[string, LoadResult]> = [
    ['GET /api/region/detail (6 codes in turn)', detail],
    ['GET /api/region/children (100000, a province, a city…)', children],
    [
      `GET /api/region/boundary, ${loaded.codes.length} random counties in turn (median ${median} vertices, max ${loaded.points.at(-1)})`,
      boundary,
    ],
  ]
  for (const [name, r] of rows) printLoad(name, CLIENTS, r)
  console.log(`API against its own SQL run bare (${CLIENTS} concurrent; target ratio ≤ 1.3×):`)
  printRatio('  /api/region/detail', detail, bareDetail)
  printRatio('  /api/region/children', children, bareChildren)
  printRatio('  /api/region/boundary', boundary, bareBoundary)
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-regions-'))
  const scratch = mkdtempSync(path.join(tmpdir(), 'rs-bench-regions-load-'))
  try {
    await bench('PGlite (embedded)', { DATA_DIR: dataDir }, { dataDir: path.join(scratch, 'pgdata') }, async () => {
      rmSync(path.join(dataDir, 'pgdata'), { recursive: true, force: true })
    })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(scratch, { recursive: true, force: true })
  }
}

async function main() {
  ensureWrk()
  console.log(
    `# region benchmark (${new Date().toISOString()}; wrk, ${CLIENTS} connections, ${BENCH_SECONDS} s per endpoint after 2 s warm-up)`,
  )
  if (process.env.BENCH_ONLY === 'postgres') console.log('\n## PGlite: skipped (BENCH_ONLY=postgres)')
  else await benchPglite()
  await withPostgres('rs_bench_regions', (databaseUrl, recreate) =>
    bench('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl }, recreate),
  )
}

await main()
process.exit(0)
