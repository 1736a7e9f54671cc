/**
 * npm run bench:abuse — the server under hostile load: while 8 clients upload areas that are
 * expensive to repair (a self-crossing 2,000-vertex outline, the same with 200,000 vertices, 2,000
 * overlapping squares) and 8 clients ask for the largest WMS image allowed, region lookups by code
 * must keep p99 < 200 ms and /api/health must answer every poll. Then SIGTERM must stop the
 * server within 10 s with that load still running. Prints figures; asserts nothing.
 */
import { overlappingSquares, polygonsGeojson, selfCrossingStar } from '../apps/server/test-support/aoi.fixtures'
import { BENCH_PORT, BENCH_SECONDS, ensureWrk, fmt, load, loadInBackground, printLoad, startServer, withPostgres } from './bench-support'

const base = `http://127.0.0.1:${BENCH_PORT}`

const HOSTILE_UPLOADS: Array<[string, string]> = [
  ['star-2000.geojson', polygonsGeojson([[selfCrossingStar(2000)]])],
  ['star-200000.geojson', polygonsGeojson([[selfCrossingStar(199_000)]])],
  ['squares-2000.geojson', polygonsGeojson(overlappingSquares(2000))],
]
// the largest GetMap allowed: 4096 × 4096 with one layer (width × height × layers at the cap)
const MAX_GETMAP = `${base}/map/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=region_county&STYLES=&CRS=CRS:84&BBOX=73,17,136,54&WIDTH=4096&HEIGHT=4096&FORMAT=image/png`

interface Timed {
  status: number
  ms: number
  /** When the request was sent (performance.now()). */
  at: number
}

async function timed(run: () => Promise<Response>): Promise<Timed> {
  const t0 = performance.now()
  try {
    const res = await run()
    await res.arrayBuffer()
    return { status: res.status, ms: performance.now() - t0, at: t0 }
  } catch {
    return { status: 0, ms: performance.now() - t0, at: t0 }
  }
}

function upload(name: string, text: string) {
  const form = new FormData()
  form.append('file', new Blob([text]), name)
  return fetch(`${base}/api/aoi/upload`, { method: 'POST', body: form })
}

/** Runs `clients` loops of `task` until `stop` is set; returns every result. */
function hostileLoops(clients: number, task: (i: number) => Promise<Timed>, stop: { done: boolean }) {
  const results: Timed[] = []
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = c; !stop.done; i++) results.push(await task(i))
  })
  return { results, finished: Promise.all(loops) }
}

function summary(name: string, results: Timed[]) {
  const byStatus = new Map<number, number>()
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1)
  const ms = results.map((r) => r.ms).sort((a, b) => a - b)
  const statuses = [...byStatus].map(([s, n]) => `${n}× ${s || 'no answer'}`).join(', ')
  console.log(
    `${name}: ${results.length} requests (${statuses}); p50 ${fmt(ms[Math.floor(ms.length / 2)] ?? 0)} ms, max ${fmt(ms.at(-1) ?? 0)} ms`,
  )
}

async function pollHealth(stop: { done: boolean }) {
  const polls: Timed[] = []
  while (!stop.done) {
    polls.push(await timed(() => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })))
    await new Promise((r) => setTimeout(r, 250))
  }
  return polls
}

async function scenario(label: string, env: Record<string, string>) {
  console.log(`\n## ${label}`)
  const server = await startServer({ ...env, AOI_UPLOADS_PER_MINUTE: '100000', MAP_REQUESTS_PER_MINUTE: '100000' })
  console.log(`started in ${fmt(server.seconds)} s`)
  const codes = ['110000', '150000', '440300', '510104', '650000', '130300']
  printLoad(
    'region by code, quiet',
    4,
    load(
      codes.map((c) => `/api/region/detail?code=${c}`),
      4,
    ),
  )

  const stop = { done: false }
  const uploads = hostileLoops(8, (i) => timed(() => upload(...(HOSTILE_UPLOADS[i % HOSTILE_UPLOADS.length] as [string, string]))), stop)
  const maps = hostileLoops(8, () => timed(() => fetch(MAX_GETMAP)), stop)
  const health = pollHealth(stop)
  await new Promise((r) => setTimeout(r, 1000))
  const regions = await loadInBackground(
    codes.map((c) => `/api/region/detail?code=${c}`),
    4,
  )
  printLoad('region by code, under hostile load', 4, regions)
  console.log(`region p99 under load: ${fmt(regions.p99)} ms (target < 200 ms)`)

  // SIGTERM with the hostile load still running
  const t0 = performance.now()
  const exited = new Promise((r) => server.child.once('exit', r))
  // only the server (tsx's node child), as a supervisor would: not the whole process group
  process.kill(server.child.pid ?? 0, 'SIGTERM')
  await exited
  const stopSeconds = (performance.now() - t0) / 1000
  stop.done = true
  await Promise.all([uploads.finished, maps.finished])
  const polls = (await health).filter((p) => p.at < t0)
  const answered = polls.filter((p) => p.status === 200)
  summary(
    'hostile uploads',
    uploads.results.filter((r) => r.status !== 0),
  )
  summary(
    'maximum GetMaps',
    maps.results.filter((r) => r.status !== 0),
  )
  const pollMs = answered.map((p) => p.ms).sort((a, b) => a - b)
  console.log(`health polls answered: ${answered.length} of ${polls.length} sent before SIGTERM (max ${fmt(pollMs.at(-1) ?? 0)} ms)`)
  console.log(`SIGTERM under load: stopped in ${fmt(stopSeconds)} s (target ≤ 10 s)`)
}

async function main() {
  ensureWrk()
  console.log(`# bench:abuse (${BENCH_SECONDS} s of load per step)`)
  await scenario('embedded database (PGlite)', {})
  await withPostgres('rs_bench_abuse', async (databaseUrl, recreate) => {
    await recreate()
    await scenario('PostgreSQL', { DATABASE_URL: databaseUrl })
  })
}

await main()
