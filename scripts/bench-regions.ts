/**
 * npx tsx scripts/bench-regions.ts: time to load the region reference data, first start of the
 * portal, and latency of the region API under concurrent clients (Debian's wrk): a region by code
 * and the boundary of counties (a random sample, each request another county). Prints figures;
 * asserts nothing. Runs against the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (BENCH_ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CLIENTS (default 10) and BENCH_SECONDS (default 10) set the load.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'

const root = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 3210)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const SAMPLE = 200

const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL')
})

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now()
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  running.add(child)
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { child, seconds: (performance.now() - started) / 1000 }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('server did not become healthy')
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r))
  process.kill(-(child.pid ?? 0), 'SIGTERM')
  await exited
  running.delete(child)
}

function ensureWrk() {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  console.log('installing wrk from Debian…')
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' }).status !== 0)
    throw new Error('wrk is needed: apt-get install wrk')
}

/** CLIENTS keep-alive connections for SECONDS after a 2 s warm-up, cycling through the codes. */
function load(urlPath: string, codes: string[]) {
  const run = (seconds: number) => {
    const out = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${CLIENTS}`,
        `-d${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        path.join(root, 'scripts/bench-regions.lua'),
        `http://127.0.0.1:${PORT}`,
      ],
      { env: { ...process.env, BENCH_PATH: urlPath, BENCH_CODES: codes.join(',') }, encoding: 'utf8' },
    )
    const line = out.stdout.split('\n').find((l) => l.startsWith('{'))
    if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`)
    const r = JSON.parse(line) as { requests: number; errors: number; seconds: number; p50: number; p95: number; p99: number }
    return { ...r, rps: r.requests / r.seconds }
  }
  run(2)
  return run(SECONDS)
}

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

const fmt = (n: number) => n.toFixed(1)

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
  const detail = load('/api/region/detail?code=', ['150102', '110000', '130300', '440106', '652901', '100000'])
  const children = load('/api/region/children?code=', ['100000', '150000', '150100', '440300'])
  const boundary = load('/api/region/boundary?code=', loaded.codes)
  await stopServer(first.child)
  const median = loaded.points[Math.floor(loaded.points.length / 2)] ?? 0
  console.log(`\n## ${label}`)
  console.log(
    `reference data load (fresh database, after migrations): ${Math.round(loaded.ms)} ms; second call (version present): ${fmt(loaded.againMs)} ms`,
  )
  console.log(`first start of the portal (empty database, migrations + reference data + demo seed): ${fmt(first.seconds)} s`)
  const rows: Array<[string, ReturnType<typeof load>]> = [
    ['GET /api/region/detail (6 codes in turn)', detail],
    ['GET /api/region/children (100000, a province, a city…)', children],
    [
      `GET /api/region/boundary, ${loaded.codes.length} random counties in turn (median ${median} vertices, max ${loaded.points.at(-1)})`,
      boundary,
    ],
  ]
  for (const [name, r] of rows) {
    const errors = r.errors > 0 ? `, ${r.errors} FAILED` : ''
    console.log(
      `${name}, ${CLIENTS} clients: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ${Math.round(r.rps)} req/s${errors}`,
    )
  }
}

async function main() {
  ensureWrk()
  console.log(`# region benchmark (${new Date().toISOString()}; wrk, ${CLIENTS} connections, ${SECONDS} s per endpoint after 2 s warm-up)`)
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

  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const databaseUrl = `${adminUrl.replace(/\/[^/]*$/, '')}/rs_bench_regions`
  const admin = new pg.Client({ connectionString: adminUrl })
  try {
    await admin.connect()
    await bench('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl }, async () => {
      await admin.query('DROP DATABASE IF EXISTS rs_bench_regions WITH (FORCE)')
      await admin.query('CREATE DATABASE rs_bench_regions')
    })
    await admin.query('DROP DATABASE IF EXISTS rs_bench_regions WITH (FORCE)')
  } catch (error) {
    console.log(`\n## PostgreSQL: skipped (${(error as Error).message})`)
  } finally {
    await admin.end().catch(() => {})
  }
}

await main()
process.exit(0)
