/**
 * npm run bench:monitor-modes: the monitor grid, sequence and trend on PostgreSQL at 1,000,000 spots
 * of one module (issue 13: the grid of a province at level 13 ≤ 300 ms). The spots are bulk-inserted
 * here in SQL, deterministic (setseed): five batches of pvland, 150,000 sites in each of the first
 * four and 400,000 in the latest (sites carried over, new ones added), 30 % of them in 内蒙古 (a
 * dense province, as PV land is) and the rest over every county, each a 400 m square near its
 * county's centre. The service functions are timed bare (no HTTP), BENCH_REPEAT runs each (default 15)
 * after one warm-up, and p50/p95 printed. BENCH_SPOTS changes the total.
 */
import type { MonitorModuleKey } from '@rs/shared'
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import type { SessionUser } from '../apps/server/src/lib/session'
import { createMonitorRepository } from '../apps/server/src/modules/monitor/monitor.repository'
import { createMonitorModesRepository } from '../apps/server/src/modules/monitor/monitor-modes.repository'
import { createMonitorModesService } from '../apps/server/src/modules/monitor/monitor-modes.service'
import { fmt, withPostgres } from './bench-support'

const SPOTS = Number(process.env.BENCH_SPOTS ?? 1_000_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15)
const BATCHES = ['20250331', '20250630', '20250930', '20251231', '20260331']

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

async function time(name: string, target: string, run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    console.log(`| ${name} | refused: ${(error as Error).message} | | ${target} |`)
    return
  }
  const ms: number[] = []
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now()
    await run()
    ms.push(performance.now() - start)
  }
  console.log(`| ${name} | ${fmt(percentile(ms, 50))} | ${fmt(percentile(ms, 95))} | ${target} |`)
}

await withPostgres('rs_bench_monitor_modes', async (databaseUrl, recreate) => {
  await recreate()
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  try {
    const db = database.db
    await migrateToLatest(db)
    await loadReferenceData(db)
    const latest = Math.round(SPOTS * 0.4)
    // the first four batches grow 0.85, 0.9, 0.95, 1 × earlier: together SPOTS − latest
    const earlier = Math.round((SPOTS - latest) / 3.7)
    const started = performance.now()
    for (const batch of BATCHES)
      await sql`INSERT INTO monitor_batch (module, batch, filename, source) VALUES ('pvland', ${batch}, ${`pvland_${batch}.zip`}, 'generated')`.execute(
        db,
      )
    await sql`SELECT setseed(0.13)`.execute(db)
    // sites 1..n; a site's county and position are fixed by its number, so it stays put across batches
    await sql`CREATE TEMP TABLE bench_county AS
      SELECT row_number() OVER (ORDER BY code) AS i, code, parent_code, center, code LIKE '15%' AS nmg
      FROM region WHERE level = 'county' AND center IS NOT NULL`.execute(db)
    await sql`CREATE TEMP TABLE bench_site AS
      WITH pick AS (SELECT array_agg(i) FILTER (WHERE nmg) AS nmg, count(*)::int AS n FROM bench_county)
      SELECT g AS site,
        CASE WHEN random() < 0.3 THEN pick.nmg[1 + floor(random() * cardinality(pick.nmg))::int]
          ELSE 1 + floor(random() * pick.n)::int END AS county,
        (random() - 0.5) * 0.4 AS dx, (random() - 0.5) * 0.4 AS dy
      FROM generate_series(1, ${latest}) AS g CROSS JOIN pick`.execute(db)
    for (const [k, batch] of BATCHES.entries()) {
      // the first four batches hold the first `earlier` sites, growing; the latest holds all
      const count = k === BATCHES.length - 1 ? latest : Math.round(earlier * (0.85 + 0.05 * k))
      await sql`
        INSERT INTO monitor_spot (module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m, illustrative, geom)
        SELECT 'pvland', ${batch}, 'b' || s.site, substr(c.code, 1, 2) || '0000',
          CASE WHEN c.parent_code ~ '^[0-9]{4}00$' AND c.parent_code !~ '0000$' THEN c.parent_code ELSE c.code END,
          c.code, (ARRAY['built', 'construction', 'expanded'])[1 + s.site % 3], CASE WHEN ${k} = 0 THEN 'new' ELSE 'persist' END,
          160000, NULL, true, ST_Expand(ST_Translate(c.center, s.dx, s.dy), 0.002)
        FROM bench_site s JOIN bench_county c ON c.i = s.county
        WHERE s.site <= ${count}`.execute(db)
    }
    // as autovacuum would after a load: statistics, and the visibility map that lets the grid read the index alone
    await sql`VACUUM ANALYZE monitor_spot`.execute(db)
    const { rows } = await sql<{ n: number; nmg: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE province_code = '150000' AND batch = ${BATCHES.at(-1)})::int AS nmg
      FROM monitor_spot WHERE module = 'pvland'`.execute(db)
    console.log(
      `\n## PostgreSQL: ${rows[0]?.n.toLocaleString('en')} pvland spots in ${BATCHES.length} batches (latest ${latest.toLocaleString('en')}, of them ${rows[0]?.nmg.toLocaleString('en')} in 内蒙古), filled in ${fmt((performance.now() - started) / 1000)} s`,
    )

    const base = createMonitorRepository(db)
    const modes = createMonitorModesService(createMonitorModesRepository(db), base)
    const user = (regionIds: string[]): SessionUser => ({
      sessionId: 1,
      userId: 1,
      username: 'bench',
      isServiceAccount: false,
      permissions: ['MOD_058'],
      regionIds,
    })
    const module = 'pvland' as MonitorModuleKey
    const province = user(['150000'])
    const country = user(['100000'])
    const cells = await modes.grid(province, { module, level: 13 })
    console.log(`(grid of 内蒙古 at level 13: ${cells.cells.length.toLocaleString('en')} cells)`)
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
      SELECT s.grid_x14 >> 1 AS x, s.grid_y14 >> 1 AS y, count(*)::int AS num, sum(s.area_m2) AS a
      FROM monitor_spot s WHERE s.module = 'pvland' AND s.county_code LIKE '15%' AND s.batch = ${BATCHES.at(-1)}
      GROUP BY 1, 2 ORDER BY num DESC LIMIT 20001`.execute(db)
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
    console.log('\n| call | p50 ms | p95 ms | target |\n|---|---|---|---|')
    await time('grid, province user, 内蒙古, level 13 (latest batch)', '≤ 300', () => modes.grid(province, { module, level: 13 }))
    await time('grid, province user, 内蒙古, level 14', '', () => modes.grid(province, { module, level: 14 }))
    await time('grid, province user, 呼和浩特市, level 14', '', () => modes.grid(province, { module, region: '150100', level: 14 }))
    await time('grid, ministry, 内蒙古, level 13', '≤ 300', () => modes.grid(country, { module, region: '150000', level: 13 }))
    await time('grid, ministry, 河北省 (a common province), level 13', '≤ 300', () =>
      modes.grid(country, { module, region: '130000', level: 13 }),
    )
    await time('sequence, province user, 内蒙古 (5 batches)', '', () => modes.sequence(province, { module }))
    await time('sequence, ministry, whole country (5 batches)', '', () => modes.sequence(country, { module }))
    await time('trend, whole country by province (5 batches)', '', () => modes.trend(country, { module }))
    await time('trend, 内蒙古 by city (5 batches)', '', () => modes.trend(country, { module, region: '150000' }))
  } finally {
    await database.close()
  }
})
