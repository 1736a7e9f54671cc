/**
 * Coverage and export through the API (issue 10, Speed): a province (Hebei, 130000, about 188,000 km²)
 * with 16,000 scenes over it, so that a coverage analysis considers its cap of 5,000 scenes and an
 * export writes its cap of 10,000 footprints. Runs on PGlite, and on PostgreSQL when DATABASE_URL
 * is set (a scratch database, dropped afterwards). Prints p50/p95 of each call.
 *
 *   npx tsx scripts/bench-coverage.ts            # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-coverage.ts
 */
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { scratchDatabase } from './bench-support'

const SCENES = 16_000
const RUNS = Number(process.env.BENCH_RUNS ?? 8)

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}

async function main() {
  const adminUrl = process.env.DATABASE_URL
  const { databaseUrl, drop } = await scratchDatabase(adminUrl, 'rs_bench_cov')
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  try {
    await migrateToLatest(database.db)
    await loadReferenceData(database.db)
    // scenes of 0.3–0.8° (30–90 km), a little rotated, over Hebei's box; deterministic
    await sql`SELECT setseed(0.42)`.execute(database.db)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, footprint, area_km2, illustrative, source)
      SELECT 'B' || i, 'GF1', 'PMS1', timestamptz '2026-01-01' + (i || ' hours')::interval, floor(random() * 100), 2, 'L1A', 'B' || i || '.tar.gz',
        g, ST_Area(g::geography) / 1e6, true, 'bench'
      FROM (
        SELECT i, ST_Multi(ST_SetSRID(ST_MakePolygon(ST_MakeLine(ARRAY[
          ST_MakePoint(x, y), ST_MakePoint(x + w, y + r), ST_MakePoint(x + w - r, y + w + r), ST_MakePoint(x - r, y + w), ST_MakePoint(x, y)])), 4326)) AS g
        FROM (SELECT i, 113 + random() * 7 AS x, 35.8 + random() * 6.8 AS y, 0.3 + random() * 0.5 AS w, random() * 0.1 AS r
              FROM generate_series(1, ${SCENES}) i) p
      ) q`.execute(database.db)
    await sql`ANALYZE scene`.execute(database.db)
    const app = await buildApp(loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' }), database, { logger: false })
    await app.ready()
    const kind = adminUrl ? 'PostgreSQL' : 'PGlite'
    console.log(`${kind}: ${SCENES} scenes over Hebei (130000)`)

    // each call from its own address: the per-address rate limits are not what is measured
    let caller = 0
    const time = async (label: string, body: object, url: string, check: (res: { statusCode: number; body: string }) => string) => {
      const ms: number[] = []
      let note = ''
      for (let i = 0; i < RUNS + 1; i++) {
        const t = performance.now()
        const res = await app.inject({ method: 'POST', url, payload: body, remoteAddress: `10.0.${caller >> 8}.${caller++ & 255}` })
        const elapsed = performance.now() - t
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        if (i > 0) ms.push(elapsed) // the first warms the worker thread (GEOS, code)
        note = check(res)
      }
      console.log(
        `${label.padEnd(34)} p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p95 ${quantile(ms, 0.95).toFixed(0).padStart(5)} ms  ${note}`,
      )
    }

    await time(
      `coverage, region ${process.env.BENCH_REGION ?? '130000'}`,
      { area: { mode: 'region', regionCode: process.env.BENCH_REGION ?? '130000' } },
      '/api/normalmeta/coverage',
      (res) => {
        const d = JSON.parse(res.body).data
        return `scenes ${d.sceneCount} (truncated ${d.truncated}), ${d.percent}% covered, cover ${d.cover.ids.length} scenes ${d.cover.percent}%, ${d.regions.length} regions (${d.regionLevel})`
      },
    )
    for (const format of process.env.BENCH_REGION ? [] : (['csv', 'xlsx', 'geojson', 'shp'] as const))
      await time(
        `export ${format}, 10,000 footprints`,
        { area: { mode: 'region', regionCode: '130000' }, format },
        '/api/normalmeta/export',
        (res) => {
          const r = res as unknown as { headers: Record<string, string>; rawPayload: Buffer }
          return `${r.headers['x-scene-count']} scenes, ${(r.rawPayload.length / 1e6).toFixed(2)} MB`
        },
      )
    await app.close()
  } finally {
    await database.close()
    await drop()
  }
}

await main()
