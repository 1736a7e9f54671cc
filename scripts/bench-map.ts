/**
 * npx tsx scripts/bench-map.ts: latency of the map services under load (wrk). Prints figures,
 * asserts nothing. Targets: vector tile of the county layer p95 < 50 ms; WMS GetMap 512×512 of
 * China's provinces p95 < 200 ms. Runs on the embedded PGlite and, when reachable, the local
 * PostgreSQL+PostGIS (default postgres://postgres@127.0.0.1:5432/postgres).
 * Uses the region data the server loads at start; when the region table is empty it inserts the
 * test fixtures (a few provinces) and says so, since figures on them mean little.
 * BENCH_ONLY=pglite|postgres runs one database; BENCH_TILES_ONLY=1 stops after the per-zoom tile
 * figures; BENCH_DATA_DIR reuses a PGlite data folder (skips the first start's loading); BENCH_PORT
 * (default 3200) the server's port.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { insertMapFixtures } from '../apps/server/test-support/map.fixtures'
import { BENCH_PORT, BENCH_SECONDS, ensureWrk, fmt, load, printLoad, startServer, stopServer, withPostgres } from './bench-support'

const CONNECTIONS = [1, 8]
const scratch = mkdtempSync(path.join(tmpdir(), 'rs-bench-map-'))

/**
 * Each path once, one after another, on a server that has not built them yet: the cost of a tile
 * the cache does not hold, and the largest answer (bytes as sent, uncompressed).
 */
async function firstRequests(paths: string[]): Promise<{ p50: number; p95: number; max: number; maxBytes: number }> {
  const times: number[] = []
  let maxBytes = 0
  for (const p of paths) {
    const t0 = performance.now()
    const res = await fetch(`http://127.0.0.1:${BENCH_PORT}${p}`)
    const body = await res.arrayBuffer()
    if (!res.ok) throw new Error(`${p}: ${res.status}`)
    times.push(performance.now() - t0)
    maxBytes = Math.max(maxBytes, body.byteLength)
  }
  times.sort((x, y) => x - y)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? Number.NaN, maxBytes }
}

/** At most `n` entries spread evenly over the list. */
function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list
  return Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)] as T)
}

const TILE_ZOOMS = [0, 1, 2, 3, 4, 5, 6, 7, 8]
const TILE_SAMPLE = 40

/**
 * Per zoom, the tiles over China of the layers the offline base map draws (`region`, every level,
 * and `global_region`) and of the county layer, each asked once on a cold server: the largest tile
 * and the p95 of building one. Targets: ≤ 200 KB per tile, cold p95 ≤ 150 ms.
 */
async function tileSizes(): Promise<void> {
  console.log(
    `vector tiles per zoom, first request of up to ${TILE_SAMPLE} tiles over China each, truly cold: a server just started, no tile seeded or kept, one request at a time (targets: ≤ 200 KB, cold p95 ≤ 150 ms):`,
  )
  for (const layer of ['region', 'global_region', 'region_county']) {
    for (const z of TILE_ZOOMS) {
      const paths = spread(chinaTiles(layer, z), TILE_SAMPLE)
      const r = await firstRequests(paths)
      console.log(
        `  ${layer} z=${z} (${paths.length} tiles): max ${fmt(r.maxBytes / 1024)} KB, cold p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, max ${fmt(r.max)} ms`,
      )
    }
  }
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

async function benchDatabase(label: string, given: Record<string, string>, options: { databaseUrl?: string; dataDir?: string }) {
  // wrk asks from one address far faster than a person: without these the rows would time the 429 answers
  const env = { MAP_REQUESTS_PER_MINUTE: '100000000', MAP_TILES_PER_MINUTE: '100000000', ...given }
  // the first start migrates and loads the reference data; then the data is counted (fixtures if none)
  const first = await startServer(env)
  await stopServer(first)
  const { levels, fixtures } = await regionCounts(options, true)
  const server = await startServer(env)
  console.log(`\n## ${label}`)
  console.log(
    `regions with boundaries: ${JSON.stringify(levels)}${fixtures ? ' (NO REGION DATA LOADED: test fixtures inserted, figures are not representative)' : ''}`,
  )
  await tileSizes()
  if (process.env.BENCH_TILES_ONLY) {
    await stopServer(server)
    return
  }
  const rows: Array<[string, string[]]> = [
    ['MVT region_county z=5 (tiles over China)', chinaTiles('region_county', 5)],
    ['MVT region_county z=8 (tiles over China)', chinaTiles('region_county', 8)],
    ['WMS GetMap 512×512 region_province, all China', [GETMAP]],
  ]
  for (const [name, paths] of rows) {
    for (const c of CONNECTIONS) {
      printLoad(name, c, load(paths, c))
    }
  }
  await stopServer(server)
}

async function main() {
  ensureWrk()
  console.log(`# rs-portal map-service benchmark (${new Date().toISOString()}; wrk, ${BENCH_SECONDS} s per row after 2 s warm-up)`)
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(scratch, 'pglite')
  if (process.env.BENCH_ONLY === 'postgres') console.log('\n## PGlite: skipped (BENCH_ONLY=postgres)')
  else await benchDatabase('PGlite (embedded)', { DATA_DIR: dataDir }, { dataDir: path.join(dataDir, 'pgdata') })
  if (process.env.BENCH_ONLY === 'pglite') return

  await withPostgres('rs_bench_map', async (databaseUrl, recreate) => {
    await recreate()
    await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl })
  })
}

try {
  await main()
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
process.exit(0)
