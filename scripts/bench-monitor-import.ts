/**
 * npx tsx scripts/bench-monitor-import.ts: an import of BENCH_SPOTS (default 100,000) polygon spots
 * as one delivery (GeoJSON, the checks of POST /api/monitor/import: worker-thread parse and checks,
 * PostGIS validity and county placement in chunks, one insert transaction), while region lookups
 * (GET /api/region/detail through the app, in this process) run all the time: their p50/p99 and the
 * event loop's longest delay during the import. On the PostgreSQL of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a database rs_bench_import_<random> is made and
 * dropped). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { createImportService } from '../apps/server/src/modules/monitor/import.service'

const N = Number(process.env.BENCH_SPOTS ?? 100_000)
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `rs_bench_import_${randomBytes(4).toString('hex')}`

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function main() {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })
  const tasks = createTaskPool()
  try {
    await migrateToLatest(database.db)
    await loadReferenceData(database.db)
    const { rows: counties } = await sql<{ code: string; lon: number; lat: number }>`
      SELECT code, ST_X(center) AS lon, ST_Y(center) AS lat FROM region WHERE level = 'county' AND center IS NOT NULL
        AND ST_Intersects(ST_Force2D(geom), center) ORDER BY code`.execute(database.db)
    // the delivery is built as text only, so the bench's own objects do not sit in the heap during the import
    const feature = (i: number) => {
      const c = counties[i % counties.length] as { lon: number; lat: number }
      const h = 0.0004
      return {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [c.lon - h, c.lat - h],
              [c.lon + h, c.lat - h],
              [c.lon + h, c.lat + h],
              [c.lon - h, c.lat + h],
              [c.lon - h, c.lat - h],
            ],
          ],
        },
        properties: {
          site_id: `bench-${i}`,
          tblx: i % 3 === 0 ? 'built' : i % 3 === 1 ? 'construction' : 'expanded',
          plantName: `电站 ${i}`,
          capacityMw: i % 200,
        },
      }
    }
    const parts: string[] = []
    for (let i = 0; i < N; i++) parts.push(JSON.stringify(feature(i)))
    const data = Buffer.from(`{"type":"FeatureCollection","features":[${parts.join(',')}]}`)
    parts.length = 0
    console.log(`delivery: ${N} polygons over ${counties.length} counties, ${(data.length / 1024 / 1024).toFixed(1)} MB GeoJSON`)

    const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }), database)
    await app.ready()
    const codes = counties.slice(0, 200).map((c) => c.code)
    const lookup = async () => {
      const t = performance.now()
      const res = await app.inject({ method: 'GET', url: `/api/region/detail?code=${codes[Math.floor(Math.random() * codes.length)]}` })
      if (res.statusCode !== 200) throw new Error(`region lookup ${res.statusCode}`)
      return performance.now() - t
    }
    const idle: number[] = []
    for (let i = 0; i < 200; i++) idle.push(await lookup())

    const imports = createImportService(database.db, tasks, { record: async () => {} })
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const during: number[] = []
    let running = true
    const clients = Array.from({ length: Number(process.env.BENCH_CLIENTS ?? 4) }, async () => {
      // each client asks every 5 ms (a cached answer resolves without yielding: unpaced, it would starve the import)
      while (running) {
        during.push(await lookup())
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })
    const started = performance.now()
    const report = await imports.importDelivery(
      { actor: null, ip: 'bench' },
      {
        module: 'pvland',
        batch: '20261231',
        fileName: 'bench.geojson',
        data,
        mapping: JSON.stringify({ siteId: 'site_id', spotType: 'tblx', attributes: { plantName: 'plantName', capacityMw: 'capacityMw' } }),
      },
    )
    const seconds = (performance.now() - started) / 1000
    running = false
    await Promise.all(clients)
    delay.disable()
    console.log(`import: ${report.imported} spots stored in ${seconds.toFixed(1)} s (target ≤ 60 s)`)
    console.log(`region lookups idle: p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`)
    console.log(
      `region lookups during the import (${during.length}, 4 clients): p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms (target < 200 ms)`,
    )
    console.log(
      `event loop delay during the import: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
    )
    // the same sites again as the next batch: every spot continues ('persist', one semi-join over the first batch)
    const again = performance.now()
    const second = await imports.importDelivery(
      { actor: null, ip: 'bench' },
      {
        module: 'pvland',
        batch: '20270331',
        fileName: 'bench-2.geojson',
        data,
        mapping: JSON.stringify({ siteId: 'site_id', spotType: 'tblx', attributes: { plantName: 'plantName', capacityMw: 'capacityMw' } }),
      },
    )
    const { rows: stages } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM monitor_spot WHERE batch = '20270331' AND stage = 'persist'`.execute(database.db)
    console.log(
      `second batch of the same sites: ${second.imported} spots in ${((performance.now() - again) / 1000).toFixed(1)} s, ${stages[0]?.n} marked persist`,
    )
    await app.close()
  } finally {
    await tasks.close()
    await database.close()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
}

await main()
