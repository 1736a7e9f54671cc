/**
 * npm run bench:monitor [-- --modules windmill,pvland] [--spots 1000000] [--db postgres|pglite]
 *   [--database-url postgres://…] [--data-dir <folder>]
 *
 * The monitoring engine at scale (issue 13): a scale set of N spots per module (default 1,000,000,
 * every module), made by SQL with generate_series inside the boxes of the real counties (not the
 * demo generator: 1M sites in JavaScript would take minutes), five batches, then a server in its
 * own process and, one request at a time:
 * - statistics of the country by province and of a province by its children (target ≤ 200 ms),
 *   after the first request has built the module's rollup (its time printed);
 * - the detail list of a province user (area range 150000) and of a whole-country user, pages and
 *   filters in turn, p95 (target ≤ 100 ms);
 * - spot vector tiles of the province user over the province, each tile asked once on a cold
 *   server (target p95 ≤ 50 ms);
 * - the verification progress of a batch per province;
 * - meanwhile, region lookups under load by wrk (p99 < 200 ms).
 * Prints figures with the load average; asserts nothing. The scale set stays in the database
 * (PostgreSQL: default postgres://postgres@127.0.0.1:5432/rs_bench_monitor; PGlite: --data-dir),
 * so a second run with the same modules and N measures at once.
 */
import { randomBytes } from 'node:crypto'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { MONITOR_MODULES } from '@rs/shared'
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { hashSessionToken } from '../apps/server/src/lib/session'
import { buildUser } from '../apps/server/test-support/factories'
import {
  BENCH_PORT,
  ensureDatabase,
  ensureWrk,
  fmt,
  type LoadResult,
  loadInBackground,
  printLoad,
  settleAfterStart,
  startServer,
  stopServer,
} from './bench-support'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const SPOTS = Number(arg('spots') ?? 1_000_000)
const MODULES = (arg('modules') ?? MONITOR_MODULES.map((m) => m.key).join(',')).split(',').map(
  (k) =>
    MONITOR_MODULES.find((m) => m.key === k.trim()) ??
    (() => {
      throw new Error(`unknown module ${k}`)
    })(),
)
const KIND = (arg('db') ?? 'postgres') as 'postgres' | 'pglite'
const DATABASE_URL = arg('database-url') ?? 'postgres://postgres@127.0.0.1:5432/rs_bench_monitor'
const DATA_DIR = arg('data-dir') ?? path.join(tmpdir(), 'rs-bench-monitor')
/** Batches of the scale set (not the demo's, so the demo loader never replaces them). */
const BATCHES = ['20240331', '20240630', '20240930', '20241231', '20250331']
const PROVINCE = '150000'

const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
  return `p50 ${fmt(at(0.5))} ms, p95 ${fmt(at(0.95))} ms, max ${fmt(s.at(-1) ?? Number.NaN)} ms (n=${s.length})`
}

/** Builds the scale set of one module when the database does not hold it yet (N spots of source 'imported', bench batches). */
async function buildScaleSet(db: Awaited<ReturnType<typeof openDatabase>>['db'], module: (typeof MONITOR_MODULES)[number]) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM monitor_spot WHERE module = ${module.key} AND batch IN (${sql.join(BATCHES)})`.execute(db)
  if (rows[0]?.n === SPOTS) {
    console.log(`  ${module.key}: ${SPOTS} spots already there`)
    return
  }
  const started = performance.now()
  await sql`DELETE FROM monitor_batch WHERE module = ${module.key} AND batch IN (${sql.join(BATCHES)})`.execute(db)
  await db
    .insertInto('monitor_batch')
    .values(
      BATCHES.map((batch) => ({ module: module.key, batch, filename: `bench_${module.key}_${batch}.zip`, source: 'imported' as const })),
    )
    .execute()
  const types = module.spotTypes.map((t) => t.value)
  // the spot's shape around its point p: a square of about 100 m, a 200 m segment, or the point
  const shape =
    module.geometry === 'polygon'
      ? sql`ST_Expand(p, 0.0005)`
      : module.geometry === 'line'
        ? sql`ST_MakeLine(p, ST_Translate(p, 0.002, 0.001))`
        : sql`p`
  // site g / 5 has a row in each of the five batches (g % 5), 'new' in one of them (spread over the batches);
  // counties by code; spot g goes to county (g · a large odd number) mod n, at a spread point of its box
  await sql`
    INSERT INTO monitor_spot (module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m, attributes, illustrative, geom)
    WITH c AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY code) - 1)::int AS i, code,
        CASE WHEN parent_code ~ '^[0-9]{4}00$' AND parent_code !~ '0000$' THEN parent_code ELSE code END AS city,
        ST_XMin(geom_z3) AS x0, ST_YMin(geom_z3) AS y0, ST_XMax(geom_z3) - ST_XMin(geom_z3) AS w, ST_YMax(geom_z3) - ST_YMin(geom_z3) AS h
      FROM region WHERE level = 'county' AND geom_z3 IS NOT NULL),
    n AS (SELECT count(*)::bigint AS n FROM c)
    SELECT ${module.key}, (${sql.val(BATCHES)}::text[])[1 + (g % 5)::int], ${`${module.key}-`} || (g / 5)::text,
      substr(c.code, 1, 2) || '0000', c.city, c.code,
      (${sql.val(types)}::text[])[1 + ((g / 5) % ${types.length})::int], CASE WHEN g % 5 = (g / 5) % 5 THEN 'new' ELSE 'persist' END,
      CASE WHEN ${module.geometry === 'polygon'} THEN ST_Area(s.geom::geography) END,
      CASE WHEN ${module.geometry === 'line'} THEN ST_Length(s.geom::geography) END,
      '{}'::jsonb, true, s.geom
    FROM generate_series(0::bigint, ${SPOTS - 1}::bigint) AS g
    CROSS JOIN n
    JOIN c ON c.i = ((g / 5)::bigint * 2654435761 % n.n)::int
    CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_MakePoint(c.x0 + c.w * (0.2 + 0.6 * (((g / 5) * 7919) % 1000) / 1000.0),
      c.y0 + c.h * (0.2 + 0.6 * (((g / 5) * 104729) % 997) / 997.0)), 4326) AS p) AS pt
    CROSS JOIN LATERAL (SELECT ${shape} AS geom) AS s`.execute(db)
  console.log(`  ${module.key}: ${SPOTS} spots inserted in ${fmt((performance.now() - started) / 1000)} s (load ${loadText()})`)
}

async function main() {
  console.log(
    `bench:monitor on ${KIND}, ${SPOTS} spots per module for ${MODULES.map((m) => m.key).join(', ')}; load average at start ${loadText()}`,
  )
  if (KIND === 'postgres') await ensureDatabase(DATABASE_URL)
  const database = await openDatabase(KIND === 'postgres' ? { databaseUrl: DATABASE_URL } : { dataDir: path.join(DATA_DIR, 'pgdata') })
  const db = database.db
  await migrateToLatest(db)
  const reference = await loadReferenceData(db)
  console.log(`regions ${reference.loaded ? 'loaded' : 'already there'} (${fmt(reference.milliseconds / 1000)} s)`)
  const tBuild = performance.now()
  for (const module of MODULES) await buildScaleSet(db, module)
  // as after any bulk load: statistics for the planner and the visibility map for index-only scans
  await sql`VACUUM ANALYZE monitor_spot`.execute(db)
  console.log(`scale set ready in ${fmt((performance.now() - tBuild) / 1000)} s`)
  // a province user and a whole-country user with every module's code; sessions made directly
  const codes = MODULES.map((m) => m.permission)
  const token = async (areaRanges: string[]) => {
    const user = await buildUser(db, { permissions: codes, areaRanges, password: `Bench@${randomBytes(4).toString('hex')}` })
    const t = randomBytes(32).toString('base64url')
    await sql`INSERT INTO user_session (token_hash, user_id, last_seen_at, expires_at)
      VALUES (${hashSessionToken(t)}, ${user.id}, now(), now() + interval '12 hours')`.execute(db)
    return t
  }
  const provinceToken = await token([PROVINCE])
  const countryToken = await token(['100000'])
  const { rows: cities } = await sql<{ code: string }>`SELECT code FROM region WHERE parent_code = ${PROVINCE} ORDER BY code`.execute(db)
  await database.close()

  ensureWrk()
  const env: Record<string, string> = { MONITOR_DEMO: 'false', ARCHIVE_DEMO: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  if (KIND === 'postgres') env.DATABASE_URL = DATABASE_URL
  else env.DATA_DIR = DATA_DIR
  const server = await startServer(env, 1_800_000)
  console.log(`server up in ${fmt(server.seconds)} s (derived layers refreshed at start when the spots changed)`)
  const settled = await settleAfterStart()
  if (settled > 0) console.log(`timed ${fmt(settled / 1000)} s after the start (BENCH_SETTLE_MS): the start's own work is done`)
  const base = `http://127.0.0.1:${BENCH_PORT}`
  const timed = async (url: string, tokenValue?: string) => {
    const t0 = performance.now()
    const res = await fetch(`${base}${url}`, { headers: tokenValue ? { token: tokenValue } : {} })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${url}: ${res.status}`)
    return performance.now() - t0
  }
  try {
    // region lookups under load all the while (4 connections, rounds of BENCH_SECONDS one after another)
    const regionLoads: LoadResult[] = []
    let measuring = true
    const regionLoad = (async () => {
      while (measuring)
        regionLoads.push(
          await loadInBackground(
            ['110000', '150000', '150100', '150102', '440300', '510100'].map((c) => `/api/region/detail?code=${c}`),
            4,
          ),
        )
    })()
    for (const module of MODULES) {
      const key = module.key
      const range = `batchFrom=${BATCHES[0]}&batchTo=${BATCHES[4]}`
      // the first statistics request after the spots changed builds the module's rollup (statistics-rollup.ts)
      const rollupMs = await timed(`/api/monitor/statistics?module=${key}&${range}`)
      console.log(`${key} statistics rollup built by the first request: ${fmt(rollupMs / 1000)} s`)
      // the rollup keeps its answers under the data version: the first asking of each question reads
      // the rollup (cold), a repeated one is answered from memory (warm); both are printed
      const seen = new Set<string>()
      const statTimes = { province: [[], []], latest: [[], []], child: [[], []] } as Record<string, [number[], number[]]>
      const stat = async (kind: string, url: string) => {
        const cold = !seen.has(url)
        seen.add(url)
        statTimes[kind]?.[cold ? 0 : 1].push(await timed(url))
      }
      // a filter changes the question: each stage and type once per round, so cold figures come from more than one request
      const filters = ['', ...module.spotTypes.map((t) => `&tblx=${t.value}`), '&stage=new', '&stage=persist']
      for (let i = 0; i < 8; i++) {
        const filter = filters[i % filters.length]
        await stat('province', `/api/monitor/statistics?module=${key}&${range}${filter}`)
        await stat('latest', `/api/monitor/statistics?module=${key}&batchFrom=${BATCHES[4]}&batchTo=${BATCHES[4]}${filter}`)
        await stat('child', `/api/monitor/statistics?module=${key}&region=${PROVINCE}&${range}${filter}`)
        const city = cities[i % cities.length]?.code
        if (city) await stat('child', `/api/monitor/statistics?module=${key}&region=${city}&${range}${filter}`)
      }
      for (let i = 0; i < 8; i++) await stat('province', `/api/monitor/statistics?module=${key}&${range}`)
      const both = (kind: string) => `cold ${stats(statTimes[kind]?.[0] ?? [])}; warm ${stats(statTimes[kind]?.[1] ?? [])}`
      console.log(`${key} statistics, country by province over 5 batches: ${both('province')}`)
      console.log(`${key} statistics, country by province, latest batch: ${both('latest')}`)
      console.log(`${key} statistics, ${PROVINCE} by city and its cities by county: ${both('child')}`)
      const list = (t: string, n: number) => {
        const tblx = module.spotTypes[n % module.spotTypes.length]?.value
        const variants = [
          `pageNum=${1 + (n % 5)}`,
          `pageNum=1&stage=new`,
          `pageNum=2&tblx=${tblx}`,
          `pageNum=1&batch=${BATCHES[n % 5]}`,
          `pageNum=1&xzqdm=${cities[n % cities.length]?.code ?? PROVINCE}`,
        ]
        return timed(`/api/monitor/spot/list?module=${key}&pageSize=20&${variants[n % variants.length]}`, t)
      }
      const provinceList: number[] = []
      const countryList: number[] = []
      for (let i = 0; i < 40; i++) provinceList.push(await list(provinceToken, i))
      for (let i = 0; i < 40; i++) countryList.push(await list(countryToken, i).catch(() => Number.NaN))
      console.log(`${key} detail list, province user (area range ${PROVINCE}), 5 page/filter variants: ${stats(provinceList)}`)
      console.log(`${key} detail list, whole-country user: ${stats(countryList.filter((t) => !Number.isNaN(t)))}`)
      // the verification progress of a batch per province (the new spots of the batch, their checks)
      const progress: number[] = []
      for (let i = 0; i < 10; i++) {
        progress.push(
          await timed(`/api/monitor/verification/progress?module=${key}&batch=${BATCHES[i % 5]}`, i % 2 ? countryToken : provinceToken),
        )
      }
      console.log(`${key} verification progress per province, a batch, province and country users: ${stats(progress)}`)
      const layer = module.layers.find((l) => l.kind === 'spots')?.name
      for (const z of [8, 10, 12]) {
        const n = 2 ** z
        const tx = (lon: number) => Math.floor(((lon + 180) / 360) * n)
        const ty = (lat: number) =>
          Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n)
        // tiles over Hohhot–Baotou–Ordos (inside 150000), each asked once: cold
        const tiles: string[] = []
        for (let x = tx(109.5); x <= tx(112); x++)
          for (let y = ty(41.2); y <= ty(39.6); y++) tiles.push(`/map/tiles/${layer}/${z}/${x}/${y}.mvt`)
        const pick = tiles.filter((_, i) => i % Math.max(1, Math.floor(tiles.length / 40)) === 0).slice(0, 40)
        const times: number[] = []
        for (const t of pick) times.push(await timed(t, provinceToken))
        console.log(`${key} vector tiles z=${z}, province user, cold: ${stats(times)}`)
      }
    }
    measuring = false
    await regionLoad
    const worst = regionLoads.reduce((a, b) => (b.p99 > a.p99 ? b : a))
    console.log(`region lookup meanwhile: ${regionLoads.length} rounds, worst p99 ${fmt(worst.p99)} ms`)
    printLoad('region lookup (GET /api/region/detail) meanwhile, worst round', 4, worst)
  } finally {
    await stopServer(server)
  }
  console.log(`load average at the end ${loadText()}`)
}

await main()
