/**
 * npm run bench:coverage-stats: the coverage engine (issue 23) on scale sets on PostgreSQL
 * (BENCH_COVERAGE_SCENES, default "1000000,5000000"; each kept as rs_bench_cov_<N>, so the fill and
 * the first count happen once). For each set it prints:
 * - the first count of every scene (grids and rollup), its time and the rollup's size;
 * - coverage of every county of China for one quarter and class (level=county), cold (the first
 *   question after the portal's start, five different quarters) and warm (wrk, p50/p95/p99);
 * - one province's drill-down (its cities, warm) and the national provinces;
 * - an import of 10,000 scenes: from their insert to coverage counted (the import command's refresh),
 *   with region lookups against the portal meanwhile (p99).
 * Targets: county coverage p95 ≤ 300 ms warm, ≤ 1.5 s cold; drill-down ≤ 150 ms; the import ≤ 10 s
 * with region lookups p99 < 200 ms.
 */
import { sql } from 'kysely'
import { createCoverage } from '../apps/server/src/capabilities/coverage'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { bulkInsert } from './bench-archive-fill'
import {
  BENCH_ADMIN_DATABASE_URL,
  BENCH_PORT,
  ensureDatabase,
  ensureWrk,
  fmt,
  load,
  loadInBackground,
  printLoad,
  settleAfterStart,
  startServer,
  stopServer,
} from './bench-support'

const SETS = (process.env.BENCH_COVERAGE_SCENES ?? '1000000,5000000').split(',').map(Number)
const IMPORT = Number(process.env.BENCH_IMPORT_SCENES ?? 10_000)
const base = `http://127.0.0.1:${BENCH_PORT}`

/** A deterministic batch of new scenes (ids 'I…') over 2025, as an import would bring them. */
async function insertImport(db: Parameters<typeof bulkInsert>[0], count: number, round: number): Promise<void> {
  await sql`
    INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, data_status, footprint, area_km2, illustrative, source)
    SELECT 'I' || ${round}::int || '_' || i, 'GF1', 'PMS1', timestamptz '2025-05-01T00:00:00Z' + (i % 25) * interval '1 day',
      (i % 40)::real, 2, 'L1A', 'I' || ${round}::int || '_' || i || '.tar.gz', '2', g, ST_Area(g::geography) / 1e6, true, 'bench'
    FROM generate_series(1, ${count}::int) AS i,
      LATERAL (SELECT 75 + ((i * 7919) % 5800) / 100.0 AS x, 20 + ((i * 104729) % 3200) / 100.0 AS y) p,
      LATERAL (SELECT ST_Multi(ST_MakeEnvelope(x, y, x + 0.6, y + 0.5, 4326)) AS g) f`.execute(db)
}

async function timed(url: string): Promise<number> {
  const t = performance.now()
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
  return performance.now() - t
}

async function benchSet(scenes: number): Promise<void> {
  const url = new URL(BENCH_ADMIN_DATABASE_URL)
  url.pathname = `/rs_bench_cov_${scenes}`
  const databaseUrl = url.toString()
  await ensureDatabase(databaseUrl)
  const database = await openDatabase({ databaseUrl })
  const db = database.db
  await migrateToLatest(db)
  await loadReferenceData(db)
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scene WHERE source = 'bench'`.execute(db)
  if ((counted[0]?.n ?? 0) < scenes) {
    await sql`DELETE FROM scene`.execute(db)
    console.log(`filling ${scenes} synthetic scenes…`)
    console.log(`  filled in ${fmt(await bulkInsert(db, scenes))} s`)
  }
  // a previous run's import: remove it (its months are counted again)
  await sql`DELETE FROM scene WHERE id LIKE 'I%'`.execute(db)

  const pool = createTaskPool({ maxThreads: 1 })
  const coverage = createCoverage({ db, background: pool, databaseKind: database.kind })
  const pending = await coverage.engine.pending()
  const first = await coverage.engine.refresh()
  const { rows: size } = await sql<{ rows: number; bytes: string }>`
    SELECT (SELECT count(*)::int FROM coverage_month) AS rows, pg_size_pretty(pg_total_relation_size('coverage_month')) AS bytes`.execute(
    db,
  )
  console.log(
    `${scenes} scenes: counted ${first.scenes} of ${pending} queued in ${fmt(first.milliseconds / 1000)} s; rollup ${size[0]?.rows} rows, ${size[0]?.bytes}`,
  )

  const server = await startServer({ DATABASE_URL: databaseUrl, ARCHIVE_DEMO: 'false', MONITOR_DEMO: 'false' })
  try {
    await settleAfterStart()
    // cold: the first question of each quarter after the start (nothing kept in memory for it)
    const cold: number[] = []
    for (const q of ['2023Q3', '2024Q1', '2024Q2', '2024Q4', '2025Q3'])
      cold.push(await timed(`${base}/api/coverage/statistics?period=${q}&class=m2&level=county`))
    console.log(`every county (level=county), cold, five quarters: ${cold.map((ms) => fmt(ms)).join(', ')} ms (target ≤ 1,500)`)
    const year = await timed(`${base}/api/coverage/statistics?period=2024&class=m16&level=county`)
    console.log(`every county for a year (12 months), cold: ${fmt(year)} ms`)
    ensureWrk()
    printLoad(
      'every county, one quarter, warm (target p95 ≤ 300 ms)',
      4,
      load(['/api/coverage/statistics?period=2024Q2&class=m2&level=county'], 4),
    )
    printLoad('national provinces, warm', 4, load(['/api/coverage/statistics?period=2024Q2&class=m2'], 4))
    const provinces = ['510000', '150000', '440000', '650000', '230000'].map(
      (p) => `/api/coverage/statistics?period=2024Q2&class=m2&region=${p}`,
    )
    printLoad('one province’s drill-down, warm (target ≤ 150 ms)', 4, load(provinces, 4))
    const drillCold: number[] = []
    for (const p of ['320000', '410000', '530000'])
      drillCold.push(await timed(`${base}/api/coverage/statistics?period=2023Q1&class=m5&region=${p}`))
    console.log(`one province’s drill-down, cold (a new question): ${drillCold.map((ms) => fmt(ms)).join(', ')} ms`)

    // an import of IMPORT scenes, counted by the import command's refresh, with region lookups meanwhile
    const lookups = loadInBackground(
      ['110000', '510000', '150000', '440300', '650100'].map((c) => `/api/region/detail?code=${c}`),
      4,
    )
    await new Promise((r) => setTimeout(r, 1_000))
    const started = performance.now()
    await insertImport(db, IMPORT, 1)
    const inserted = performance.now()
    const report = await coverage.engine.refresh()
    const done = performance.now()
    console.log(
      `import of ${IMPORT} scenes: inserted in ${fmt((inserted - started) / 1000)} s, coverage counted (${report.scenes} scenes) in ${fmt((done - inserted) / 1000)} s; ${fmt((done - started) / 1000)} s in all (target ≤ 10 s)`,
    )
    printLoad('region lookups during the import (target p99 < 200 ms)', 4, await lookups)
    const after = await timed(`${base}/api/coverage/statistics?period=2025Q2&class=m2&level=county`)
    console.log(`every county after the import (new data version, cold): ${fmt(after)} ms`)
  } finally {
    await stopServer(server)
    await pool.close()
    await database.close()
  }
}

for (const scenes of SETS) await benchSet(scenes)
