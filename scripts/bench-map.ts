/**
 * npx tsx scripts/bench-map.ts: latency of the map services under load (wrk). Prints figures,
 * asserts nothing. Targets: vector tile of the county layer p95 < 50 ms; WMS GetMap 512×512 of
 * China's provinces p95 < 200 ms. Runs on the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (BENCH_ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Uses the region data the server loads at start; when the region table is empty it inserts the
 * test fixtures (a few provinces) and says so, since figures on them mean little.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { insertMapFixtures } from '../apps/server/src/modules/map/test-fixtures'

const root = path.resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 3210)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = [1, 8]
const scratch = mkdtempSync(path.join(tmpdir(), 'rs-bench-map-'))

const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL')
  rmSync(scratch, { recursive: true, force: true })
})

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  running.add(child)
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
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
  const apt = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' })
  if (apt.status !== 0) throw new Error('wrk is needed: apt-get install wrk')
}

/** A wrk script that cycles through `paths` and reports like scripts/bench-latency.lua. */
function luaFor(paths: string[]): string {
  const file = path.join(scratch, `paths-${paths.length}-${Math.random().toString(36).slice(2)}.lua`)
  const list = paths.map((p) => `"${p}"`).join(',\n')
  const report = readFileSync(path.join(root, 'scripts/bench-latency.lua'), 'utf8')
  writeFileSync(
    file,
    `${report}\nlocal paths = {\n${list}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  )
  return file
}

interface Result {
  requests: number
  errors: number
  seconds: number
  p50: number
  p95: number
  p99: number
}

function load(paths: string[], connections: number): Result & { rps: number } {
  const script = luaFor(paths)
  const run = (seconds: number) => {
    const out = spawnSync(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, `http://127.0.0.1:${PORT}${paths[0]}`],
      { encoding: 'utf8' },
    )
    const line = out.stdout.split('\n').find((l) => l.startsWith('{'))
    if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`)
    return JSON.parse(line) as Result
  }
  run(2)
  const r = run(SECONDS)
  return { ...r, rps: r.requests / r.seconds }
}

/** Tiles of a zoom level that cover China (73–135°E, 18–54°N). */
function chinaTiles(layer: string, z: number): string[] {
  const n = 2 ** z
  const x = (lon: number) => Math.floor(((lon + 180) / 360) * n)
  const y = (lat: number) =>
    Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n)
  const out: string[] = []
  for (let tx = x(73); tx <= x(135); tx++) for (let ty = y(54); ty <= y(18); ty++) out.push(`/map/tiles/${layer}/${z}/${tx}/${ty}.mvt`)
  return out
}

const GETMAP =
  '/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region_province&STYLES=&CRS=EPSG:4326&BBOX=15,70,55,140&WIDTH=512&HEIGHT=512&FORMAT=image/png&TRANSPARENT=TRUE'

const fmt = (n: number) => n.toFixed(1)

async function regionCounts(options: { databaseUrl?: string; dataDir?: string }, fillIfEmpty: boolean) {
  const handle = await openDatabase(options)
  try {
    await migrateToLatest(handle.db)
    const count = async () =>
      (
        await sql<{ level: string; n: number }>`SELECT level, count(*)::int AS n FROM region WHERE geom IS NOT NULL GROUP BY level`.execute(
          handle.db,
        )
      ).rows
    let rows = await count()
    let fixtures = false
    if (rows.length === 0 && fillIfEmpty) {
      await insertMapFixtures(handle.db)
      rows = await count()
      fixtures = true
    }
    return { levels: Object.fromEntries(rows.map((r) => [r.level, r.n])), fixtures }
  } finally {
    await handle.close()
  }
}

async function benchDatabase(label: string, env: Record<string, string>, options: { databaseUrl?: string; dataDir?: string }) {
  // the first start migrates and loads the reference data; then the data is counted (fixtures if none)
  const first = await startServer(env)
  await stopServer(first)
  const { levels, fixtures } = await regionCounts(options, true)
  const server = await startServer(env)
  console.log(`\n## ${label}`)
  console.log(
    `regions with boundaries: ${JSON.stringify(levels)}${fixtures ? ' (NO REGION DATA LOADED: test fixtures inserted, figures are not representative)' : ''}`,
  )
  const rows: Array<[string, string[]]> = [
    ['MVT region_county z=5 (tiles over China)', chinaTiles('region_county', 5)],
    ['MVT region_county z=8 (tiles over China)', chinaTiles('region_county', 8)],
    ['WMS GetMap 512×512 region_province, all China', [GETMAP]],
  ]
  for (const [name, paths] of rows) {
    for (const c of CONNECTIONS) {
      const r = load(paths, c)
      const errors = r.errors > 0 ? `, ${r.errors} FAILED` : ''
      console.log(
        `${name}, ${c} connection${c > 1 ? 's' : ''}: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ${Math.round(r.rps)} req/s${errors}`,
      )
    }
  }
  await stopServer(server)
}

async function main() {
  ensureWrk()
  console.log(`# rs-portal map-service benchmark (${new Date().toISOString()}; wrk, ${SECONDS} s per row after 2 s warm-up)`)
  const dataDir = path.join(scratch, 'pglite')
  await benchDatabase('PGlite (embedded)', { DATA_DIR: dataDir }, { dataDir: path.join(dataDir, 'pgdata') })

  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const databaseUrl = `${adminUrl.replace(/\/[^/]*$/, '')}/rs_bench_map`
  const admin = new pg.Client({ connectionString: adminUrl })
  try {
    await admin.connect()
    await admin.query('DROP DATABASE IF EXISTS rs_bench_map WITH (FORCE)')
    await admin.query('CREATE DATABASE rs_bench_map')
    await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl })
    await admin.query('DROP DATABASE IF EXISTS rs_bench_map WITH (FORCE)')
  } catch (error) {
    console.log(`\n## PostgreSQL: skipped (${(error as Error).message})`)
  } finally {
    await admin.end().catch(() => {})
  }
}

await main()
process.exit(0)
