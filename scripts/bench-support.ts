/**
 * What the benchmark scripts share: starting and stopping the portal in its own process group,
 * and load from Debian's wrk (a C client, so the load does not eat the server's CPU) with latency
 * percentiles printed by scripts/bench-latency.lua.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const root = path.resolve(import.meta.dirname, '..')
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3200)
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** The PostgreSQL+PostGIS server benchmarks make their databases on. */
export const BENCH_ADMIN_DATABASE_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const scratch = mkdtempSync(path.join(tmpdir(), 'rs-bench-'))
// servers run in their own process group (tsx starts a child node); none outlives the benchmark
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
  rmSync(scratch, { recursive: true, force: true })
})

export interface Server {
  child: ChildProcess
  /** From spawn to a healthy /api/health. */
  seconds: number
}

export async function startServer(env: Record<string, string>, timeoutMs = 300_000): Promise<Server> {
  const started = performance.now()
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(BENCH_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  running.add(child)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${BENCH_PORT}/api/health`)).ok) return { child, seconds: (performance.now() - started) / 1000 }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('server did not become healthy')
}

/**
 * Waits BENCH_SETTLE_MS (default 30,000) after a server's start before timing it: right after a
 * start the server computes the analysis pages, renders pages in its worker threads and fills the
 * boundary cache, which on 2 cores slows every request of the first half-minute (北京's scene
 * search p50 137 ms at once, 42 ms later; the monitor's detail list p95 117 against 80).
 */
export async function settleAfterStart(): Promise<number> {
  const ms = Number(process.env.BENCH_SETTLE_MS ?? 30_000)
  if (ms > 0) await new Promise((r) => setTimeout(r, ms))
  return ms
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r))
  process.kill(-(server.child.pid ?? 0), 'SIGTERM')
  await exited
  running.delete(server.child)
}

/** Makes sure Debian's wrk is there. */
export function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  console.log('installing wrk from Debian…')
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' }).status !== 0)
    throw new Error('wrk is needed: apt-get install wrk')
}

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  p50: number
  p95: number
  p99: number
  rps: number
}

function wrkScript(paths: string[]): string {
  const script = path.join(scratch, `paths-${Math.random().toString(36).slice(2)}.lua`)
  const report = readFileSync(path.join(root, 'scripts/bench-latency.lua'), 'utf8')
  const list = paths.map((p) => JSON.stringify(p)).join(',\n')
  writeFileSync(
    script,
    `${report}\nlocal paths = {\n${list}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  )
  return script
}

const wrkArgs = (script: string, paths: string[], connections: number, seconds: number) => [
  '-t1',
  `-c${connections}`,
  `-d${seconds}s`,
  '--timeout',
  '10s',
  '-s',
  script,
  `http://127.0.0.1:${BENCH_PORT}${paths[0]}`,
]

function wrkResult(stdout: string, stderr: string): Omit<LoadResult, 'rps'> {
  const line = stdout.split('\n').find((l) => l.startsWith('{'))
  if (!line) throw new Error(`wrk failed: ${stderr || stdout}`)
  return JSON.parse(line) as Omit<LoadResult, 'rps'>
}

/**
 * `connections` keep-alive connections for BENCH_SECONDS after a 2 s warm-up, cycling through
 * `paths`; the session token goes in the `token` header when given. Blocks this process meanwhile
 * (see loadInBackground when the benchmark must keep working).
 */
export function load(paths: string[], connections: number, token = ''): LoadResult {
  const script = wrkScript(paths)
  const run = (seconds: number) => {
    const out = spawnSync('wrk', wrkArgs(script, paths, connections, seconds), {
      env: { ...process.env, BENCH_TOKEN: token },
      encoding: 'utf8',
    })
    return wrkResult(out.stdout, out.stderr)
  }
  run(2)
  const r = run(BENCH_SECONDS)
  return { ...r, rps: r.requests / r.seconds }
}

/** The same load as {@link load} without the warm-up, while this process goes on with other work. */
export function loadInBackground(paths: string[], connections: number): Promise<LoadResult> {
  return runWrk(wrkArgs(wrkScript(paths), paths, connections, BENCH_SECONDS))
}

/** Runs wrk with its arguments and reads its report; `interruptWhen` sees the output so far and may end the run early (SIGINT, wrk still reports). */
function runWrk(args: string[], interruptWhen?: (stdout: string) => boolean): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => {
      stdout += d
      if (interruptWhen?.(stdout)) child.kill('SIGINT')
    })
    child.stderr.on('data', (d) => {
      stderr += d
    })
    child.on('error', reject)
    child.on('close', () => {
      try {
        const r = wrkResult(stdout, stderr)
        resolve({ ...r, rps: r.requests / r.seconds })
      } catch (error) {
        reject(error)
      }
    })
  })
}

export const fmt = (n: number) => n.toFixed(1)

/** One line of figures: p50, p95, p99, throughput, and failures if any. */
export function printLoad(name: string, connections: number, r: LoadResult): void {
  const errors = r.errors > 0 ? `, ${r.errors} FAILED` : ''
  console.log(
    `${name}, ${connections} connections: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ${Math.round(r.rps)} req/s${errors}`,
  )
}

/**
 * Runs `bench` against a scratch database `name`_<pid> on BENCH_ADMIN_DATABASE_URL's server, with a
 * `recreate` that empties it (drop and create); drops it afterwards. Prints a skip line when that
 * server cannot be reached.
 */
/** A scratch database for one in-process benchmark (the tests use the same helper). */
export { scratchDatabase } from '../apps/server/src/db/scratch-database'

/** Creates the database of a PostgreSQL URL when its server does not hold it yet (a kept scale set's first run). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
}

export async function withPostgres(
  name: string,
  bench: (databaseUrl: string, recreate: () => Promise<void>) => Promise<void>,
): Promise<void> {
  // one database per run: two benchmarks at once on the same server must not drop each other's
  name = `${name}_${process.pid}`
  const databaseUrl = `${BENCH_ADMIN_DATABASE_URL.replace(/\/[^/]*$/, '')}/${name}`
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_DATABASE_URL })
  const drop = () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  try {
    await admin.connect()
    await bench(databaseUrl, async () => {
      await drop()
      await admin.query(`CREATE DATABASE ${name}`)
    })
    await drop()
  } catch (error) {
    console.log(`\n## PostgreSQL: skipped (${(error as Error).message})`)
  } finally {
    await admin.end().catch(() => {})
  }
}

/**
 * The bare-SQL side of an API's ratio: `concurrency` loops in this process, each running
 * `query(i)` back to back (i counts up), for BENCH_SECONDS after a 2 s warm-up.
 */
export async function loadQueries(query: (i: number) => Promise<unknown>, concurrency: number): Promise<LoadResult> {
  let next = 0
  const run = async (seconds: number) => {
    const latencies: number[] = []
    let errors = 0
    const end = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now()
          try {
            await query(next++)
            latencies.push(performance.now() - t0)
          } catch {
            errors++
          }
        }
      }),
    )
    return { latencies: latencies.sort((a, b) => a - b), errors, seconds: (performance.now() - started) / 1000 }
  }
  await run(2)
  const { latencies, errors, seconds } = await run(BENCH_SECONDS)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN
  return { requests: latencies.length, errors, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: latencies.length / seconds }
}

/** An API's throughput against its own SQL run bare: the ratio is how many times slower the API is. */
export function printRatio(name: string, api: LoadResult, bare: LoadResult): void {
  console.log(
    `${name}: API ${Math.round(api.rps)} req/s (p99 ${fmt(api.p99)} ms), its SQL bare ${Math.round(bare.rps)}/s (p99 ${fmt(bare.p99)} ms): ratio ${(bare.rps / api.rps).toFixed(2)}×`,
  )
}

/** Figures of latencies (ms) measured over `seconds`. */
function resultOf(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN
  return { requests: latencies.length, errors, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: latencies.length / seconds }
}

/**
 * `run(item)` once for every item, `concurrency` at a time, no warm-up: the cost of first requests
 * (what a cache does not hold yet). Items are taken in order.
 */
export async function runOnce<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T
        const t0 = performance.now()
        try {
          await run(item)
          latencies.push(performance.now() - t0)
        } catch {
          errors++
        }
      }
    }),
  )
  return resultOf(latencies, errors, (performance.now() - started) / 1000)
}

/**
 * Each path once, in the order given, over `connections` keep-alive connections of Debian's wrk (a
 * C client, so the load does not eat the server's CPU), no warm-up: first requests of a server.
 * Once every path has answered, the script says so and wrk is interrupted (it then reports the time
 * until that moment); the few requests the other connections have in flight then are counted too.
 * A status other than 2xx/3xx counts as an error.
 */
export function loadOnce(paths: string[], connections: number): Promise<LoadResult> {
  const script = path.join(scratch, `once-${Math.random().toString(36).slice(2)}.lua`)
  const report = readFileSync(path.join(root, 'scripts/bench-latency.lua'), 'utf8')
  const list = paths.map((p) => JSON.stringify(p)).join(',\n')
  writeFileSync(
    script,
    `${report}\nlocal paths = {\n${list}\n}\nlocal i = 0\nlocal answered = 0\nrequest = function()\n  i = math.min(i + 1, #paths)\n  return wrk.format("GET", paths[i])\nend\nresponse = function()\n  answered = answered + 1\n  if answered == #paths then\n    io.write("ALL-ANSWERED\\n")\n    io.flush()\n    wrk.thread:stop()\n  end\nend\n`,
  )
  return runWrk(wrkArgs(script, paths, connections, 600), (stdout) => stdout.includes('ALL-ANSWERED'))
}
