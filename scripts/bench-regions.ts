/**
 * npx tsx scripts/bench-regions.ts: time to load the region reference data, first start of the
 * portal, and latency of the region API under concurrent clients (Debian's wrk): a region by code,
 * children, parent chain, name search, and boundaries. Boundaries are kept as finished answers, so
 * they are measured twice: cold, the first request of every region with a shape on a fresh server
 * (each code once, nothing kept yet: the database read, the envelope and its ETag), and warm, a
 * random sample of counties cycled by wrk (answers kept). Each API is set against its own SQL run
 * bare (the statements that give its answer, from a pg client or PGlite in this process, at the same
 * concurrency; cold against each code once, the API side by wrk too) and the ratio printed: target ≤ 1.3×. Prints figures;
 * asserts nothing. Runs against the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CLIENTS (default 10) and BENCH_SECONDS (default 10) set the load; BENCH_ONLY=postgres skips
 * PGlite; BENCH_PORT (default 3200) the server's port.
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
  loadOnce,
  loadQueries,
  printLoad,
  printRatio,
  runOnce,
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
  const shaped = await sql<{ code: string }>`SELECT code FROM region WHERE geom IS NOT NULL ORDER BY random()`.execute(handle.db)
  await handle.close()
  const points = sample.rows.map((r) => r.points).sort((a, b) => a - b)
  return {
    ms: result.milliseconds,
    againMs: again.milliseconds,
    codes: sample.rows.map((r) => r.code),
    points,
    allCodes: shaped.rows.map((r) => r.code),
  }
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
const PARENTS_CODES = ['150102', '110101', '130300', '440106', '652901', '150000']
const SEARCH_NAMES = ['朝阳', '和浩特', '区', '新城', '南']
// the statements that give each API's answer (detail, children, parents and search are answered
// from the index the service reads once; boundary reads this statement on a miss)
const DETAIL_SQL = `SELECT ${REGION_COLUMNS} FROM region WHERE code = $1`
const CHILDREN_SQL = `SELECT ${REGION_COLUMNS} FROM region WHERE parent_code = $1 ORDER BY code`
const PARENTS_SQL = `WITH RECURSIVE chain AS (
    SELECT code, parent_code FROM region WHERE code = $1
    UNION ALL SELECT r.code, r.parent_code FROM region r JOIN chain c ON r.code = c.parent_code)
  SELECT ${REGION_COLUMNS} FROM region WHERE code IN (SELECT code FROM chain) AND level <> 'country' ORDER BY code`
// the repository's search (regions.repository.ts), the wildcards of these names need no escaping
const SEARCH_SQL = `SELECT ${REGION_COLUMNS} FROM region WHERE name LIKE $1
  ORDER BY CASE WHEN name = $2 THEN 0 WHEN name LIKE $3 THEN 1 ELSE 2 END, length(name), code LIMIT $4`
const searchParams = (name: string) => [`%${name}%`, name, `${name}%`, 20]
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
  const parents = loadCodes('/api/region/parents?code=', PARENTS_CODES)
  const search = load(
    SEARCH_NAMES.map((n) => `/api/region/search?name=${encodeURIComponent(n)}`),
    CLIENTS,
  )
  // nothing kept yet: every region with a shape once, in random order, then the warm sample
  const boundaryCold = await loadOnce(
    loaded.allCodes.map((code) => `/api/region/boundary?code=${code}`),
    CLIENTS,
  )
  const boundary = loadCodes('/api/region/boundary?code=', loaded.codes)
  await stopServer(first)
  // the same SQL, bare, on the database the server has just used (PGlite: its files, the server stopped)
  const bare = await openBare(loadOptions)
  const pick = (list: string[], i: number) => [list[i % list.length]]
  const bareDetail = await loadQueries((i) => bare.query(DETAIL_SQL, pick(DETAIL_CODES, i)), CLIENTS)
  const bareChildren = await loadQueries((i) => bare.query(CHILDREN_SQL, pick(CHILDREN_CODES, i)), CLIENTS)
  const bareParents = await loadQueries((i) => bare.query(PARENTS_SQL, pick(PARENTS_CODES, i)), CLIENTS)
  const bareSearch = await loadQueries((i) => bare.query(SEARCH_SQL, searchParams(SEARCH_NAMES[i % SEARCH_NAMES.length] ?? '区')), CLIENTS)
  const bareBoundaryCold = await runOnce(loaded.allCodes, CLIENTS, async (code) => {
    await bare.query(BOUNDARY_SQL, [code])
  })
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
    ['GET /api/region/parents (6 codes in turn)', parents],
    [`GET /api/region/search (${SEARCH_NAMES.length} names in turn, limit 20)`, search],
    [
      `GET /api/region/boundary COLD, first request of each of the ${loaded.allCodes.length} regions with a shape (fresh server, each code once, random order)`,
      boundaryCold,
    ],
    [
      `GET /api/region/boundary WARM, ${loaded.codes.length} random counties in turn (median ${median} vertices, max ${loaded.points.at(-1)}; answers kept)`,
      boundary,
    ],
  ]
  for (const [name, r] of rows) printLoad(name, CLIENTS, r)
  console.log(`API against its own SQL run bare (${CLIENTS} concurrent; target ratio ≤ 1.3×):`)
  printRatio('  /api/region/detail', detail, bareDetail)
  printRatio('  /api/region/children', children, bareChildren)
  printRatio('  /api/region/parents', parents, bareParents)
  printRatio('  /api/region/search', search, bareSearch)
  printRatio('  /api/region/boundary cold (each code once, against its SQL once per code)', boundaryCold, bareBoundaryCold)
  printRatio('  /api/region/boundary warm', boundary, bareBoundary)
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
