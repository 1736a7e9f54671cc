/**
 * npx tsx scripts/bench-regions.ts: time to load the region reference data, first start of the
 * portal, and latency of the region API under concurrent clients (Debian's wrk): a region by code
 * and the boundary of counties (a random sample, each request another county). Prints figures;
 * asserts nothing. Runs against the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CLIENTS (default 10) and BENCH_SECONDS (default 10) set the load.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { BENCH_SECONDS, ensureWrk, fmt, type LoadResult, load, printLoad, startServer, stopServer, withPostgres } from './bench-support'

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
  const detail = loadCodes('/api/region/detail?code=', ['150102', '110000', '130300', '440106', '652901', '100000'])
  const children = loadCodes('/api/region/children?code=', ['100000', '150000', '150100', '440300'])
  const boundary = loadCodes('/api/region/boundary?code=', loaded.codes)
  await stopServer(first)
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
}

async function main() {
  ensureWrk()
  console.log(
    `# region benchmark (${new Date().toISOString()}; wrk, ${CLIENTS} connections, ${BENCH_SECONDS} s per endpoint after 2 s warm-up)`,
  )
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

  await withPostgres('rs_bench_regions', (databaseUrl, recreate) =>
    bench('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl }, recreate),
  )
}

await main()
process.exit(0)
