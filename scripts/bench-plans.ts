/**
 * npm run bench:plans: the procurement plans (issue 24) on PostgreSQL, in a kept database
 * (rs_bench_plans; BENCH_PLANS_FRESH=1 builds it again):
 * - 34 provinces × 500 live plan items of the year 2030 (each province: its own plan of 400 items
 *   and two of its cities' plans of 50, so units overlap), painted on the coverage grids and their
 *   overlaps kept, as the service keeps them;
 * - the coverage rollup of the purchase year 2029 filled to the rows a saturated archive gives
 *   (every county × month, quarter and year × class × cloud limit: what a 5 M archive holds; the
 *   plans read the rollup only, never the scenes);
 * then over HTTP, as the ministry: the overlap analysis of the whole country and of a province
 * (target p95 ≤ 1 s), the summary sheet and its Excel file (≤ 300 ms), one item's check of what the
 * purchase year holds and who else plans it (≤ 200 ms), one plan's detail.
 */
import { randomBytes } from 'node:crypto'
import { deflateRawSync } from 'node:zlib'
import { COVERAGE_CLASSES, COVERAGE_CLOUD_LIMITS, PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app'
import { createAreas } from '../apps/server/src/capabilities/area'
import { createCoverage } from '../apps/server/src/capabilities/coverage'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { seedPermissionCatalogue } from '../apps/server/src/db/seed'
import { hashSessionToken } from '../apps/server/src/lib/session'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { createPlanAreas } from '../apps/server/src/modules/plans/plan-area'
import { plansRepository } from '../apps/server/src/modules/plans/plans.repository'
import { createPlansService } from '../apps/server/src/modules/plans/plans.service'
import { BENCH_ADMIN_DATABASE_URL, ensureDatabase, fmt } from './bench-support'

const PORT = Number(process.env.BENCH_PORT ?? 3703)
const YEAR = 2030
const PURCHASE = 2029
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN

/** A county's covered cells as runs of 64–1,024 cells, covered or not, so the stored rows weigh what real ones do. */
function blockyBits(cells: number, density: number, seed: number): Uint8Array {
  const bits = new Uint8Array(4 * Math.ceil(cells / 32))
  let s = seed >>> 0
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 4294967296
  }
  let n = 0
  while (n < cells) {
    const run = 64 + Math.floor(next() * 960)
    const covered = next() < density
    for (let k = n; k < Math.min(cells, n + run); k++) if (covered) bits[k >> 3] = (bits[k >> 3] as number) | (1 << (k & 7))
    n += run
  }
  return bits
}

async function main() {
  const url = new URL(BENCH_ADMIN_DATABASE_URL)
  url.pathname = '/rs_bench_plans'
  const databaseUrl = url.toString()
  if (process.env.BENCH_PLANS_FRESH === '1') {
    const admin = await openDatabase({ databaseUrl: BENCH_ADMIN_DATABASE_URL })
    await sql`DROP DATABASE IF EXISTS rs_bench_plans WITH (FORCE)`.execute(admin.db)
    await admin.close()
  }
  await ensureDatabase(databaseUrl)
  const database = await openDatabase({ databaseUrl })
  const { db } = database
  await migrateToLatest(db)
  await loadReferenceData(db)
  await seedPermissionCatalogue(db)
  const pool = createTaskPool({ maxThreads: 2 })
  const coverage = createCoverage({ db, background: pool })
  await coverage.engine.refresh()

  // the purchase year's rollup, once
  const { rows: have } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM coverage_month WHERE month BETWEEN ${PURCHASE * 100} AND ${PURCHASE * 100 + 99}`.execute(db)
  if ((have[0]?.n ?? 0) === 0) {
    const t = performance.now()
    const { rows: grids } = await sql<{
      county: string
      cells: number
    }>`SELECT code AS county, cells FROM coverage_grid ORDER BY code`.execute(db)
    const codes = [
      ...Array.from({ length: 12 }, (_, m) => PURCHASE * 100 + m + 1),
      ...[1, 2, 3, 4].map((q) => PURCHASE * 100 + 20 + q),
      PURCHASE * 100,
    ]
    let rows = 0
    for (const [gi, g] of grids.entries()) {
      const values: Array<[number, number, number, Buffer]> = []
      for (const c of COVERAGE_CLASSES)
        for (const cloud of COVERAGE_CLOUD_LIMITS)
          for (const code of codes) {
            const density = Math.min(0.95, 0.15 + (code % 100 > 12 ? 0.3 : 0) + (cloud / 100) * 0.3 + c.id * 0.05)
            values.push([
              c.id,
              cloud,
              code,
              deflateRawSync(blockyBits(g.cells, density, gi * 7919 + c.id * 131 + cloud * 17 + code), { level: 1 }),
            ])
          }
      await sql`
        INSERT INTO coverage_month (source, class, cloud, month, county, bits, depth, scenes)
        SELECT 'archive', c, l, m, ${g.county}, b, 1.5, 10
        FROM unnest(${values.map((v) => v[0])}::smallint[], ${values.map((v) => v[1])}::smallint[], ${values.map((v) => v[2])}::int[],
          ${values.map((v) => v[3])}::bytea[]) AS t(c, l, m, b)
        ON CONFLICT DO NOTHING`.execute(db)
      rows += values.length
    }
    await sql`UPDATE coverage_state SET version = version + 1 WHERE id = 1`.execute(db)
    console.log(`rollup of ${PURCHASE}: ${rows} rows in ${fmt((performance.now() - t) / 1000)} s`)
  }
  const { rows: size } = await sql<{ rows: number; size: string }>`
    SELECT (SELECT count(*)::int FROM coverage_month) AS rows, pg_size_pretty(pg_total_relation_size('coverage_month')) AS size`.execute(db)
  console.log(`coverage rollup: ${size[0]?.rows} rows, ${size[0]?.size}`)

  // 34 provinces × 500 items
  const { rows: items } = await sql<{
    n: number
  }>`SELECT count(*)::int AS n FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE p.year = ${YEAR}`.execute(db)
  if ((items[0]?.n ?? 0) === 0) {
    const t = performance.now()
    await sql`
      INSERT INTO plan_year (year, deadline, purchase_year, requested, resolution_types)
      VALUES (${YEAR}, '2099-12-31', ${PURCHASE}, '基准', ARRAY['sub1', 'm2', 'm5', 'm16'])
      ON CONFLICT DO NOTHING`.execute(db)
    await sql`SELECT setseed(0.2030)`.execute(db)
    await sql`
      WITH units AS (
        SELECT p.code, p.name, 'province' AS type, 400 AS items FROM region p WHERE p.level = 'province' AND p.geom IS NOT NULL
        UNION ALL
        SELECT c.code, c.name, 'city', 50 FROM (
          SELECT r.code, r.name, row_number() OVER (PARTITION BY left(r.code, 2) ORDER BY r.code) AS k
          FROM region r WHERE r.level = 'city' AND r.geom IS NOT NULL) c WHERE c.k <= 2
      )
      INSERT INTO plan (year, unit_region, unit_type, unit_name, state)
      SELECT ${YEAR}, code, type, name, 'submitted' FROM units`.execute(db)
    const { rows: plans } = await sql<{ id: number; unit_region: string; unit_type: string }>`
      SELECT id, unit_region, unit_type FROM plan WHERE year = ${YEAR} ORDER BY id`.execute(db)
    for (const p of plans) {
      const count = p.unit_type === 'province' ? 400 : 50
      const half = p.unit_type === 'province' ? 0.25 : 0.08
      await sql`
        INSERT INTO plan_item (plan_id, seq, name, area_source, geom, area_km2, resolution, months, cjlx, purpose, owner_unit, budget)
        SELECT ${p.id}, k, '基准条目 ' || k, 'draw', g, ST_Area(g::geography) / 1e6,
          (ARRAY['sub1', 'm2', 'm2', 'm5', 'm16'])[1 + (k % 5)], CASE WHEN k % 3 = 0 THEN ARRAY[1,2,3,4,5,6,7,8,9,10,11,12] ELSE ARRAY[4,5,6] END::smallint[],
          (ARRAY['sc', 'cg', 'hk'])[1 + (k % 3)], '基准', '基准单位', round((10 + random() * 200)::numeric, 1)
        FROM generate_series(1, ${count}::int) AS k,
          LATERAL (SELECT c.center FROM region c WHERE c.level = 'county' AND c.center IS NOT NULL
            AND left(c.code, ${p.unit_type === 'province' ? 2 : 4}) = left(${p.unit_region}, ${p.unit_type === 'province' ? 2 : 4})
            ORDER BY md5(c.code || k::text) LIMIT 1) AS c,
          LATERAL (SELECT ST_Multi(ST_CollectionExtract(ST_Intersection(
            ST_Rotate(ST_Envelope(ST_Buffer(c.center, ${half} * (0.3 + random()))), random() * 1.5, c.center),
            (SELECT geom FROM region WHERE code = ${p.unit_region})), 3)) AS g) AS s
        WHERE NOT ST_IsEmpty(g)`.execute(db)
    }
    console.log(`items inserted in ${fmt((performance.now() - t) / 1000)} s; painting them and keeping their overlaps…`)
    const service = createPlansService(db, plansRepository, {
      areas: createPlanAreas(db, createAreas({ db, tasks: pool, audit: { record: async () => {} } }), coverage.areas),
      coverage: coverage.areas,
      audit: { record: async () => {} },
      sendMail: async () => {},
      log: { error: (e) => console.error(e) },
    })
    const p0 = performance.now()
    let painted = 0
    for (let n = await service.repaint(200); n > 0; n = await service.repaint(200)) {
      painted += n
      if (painted % 2000 === 0) console.log(`  ${painted} painted, ${fmt((performance.now() - p0) / 1000)} s`)
    }
    console.log(`${painted} items painted with their overlaps in ${fmt((performance.now() - p0) / 1000)} s`)
  }
  await pool.close()
  const { rows: shape } = await sql<{ items: number; units: number; overlaps: number; overlap_km2: number }>`
    SELECT (SELECT count(*)::int FROM plan_item i JOIN plan p ON p.id = i.plan_id WHERE p.year = ${YEAR} AND p.live) AS items,
      (SELECT count(*)::int FROM plan WHERE year = ${YEAR} AND live) AS units,
      (SELECT count(*)::int FROM plan_overlap WHERE year = ${YEAR}) AS overlaps,
      (SELECT round(sum(area_km2))::float8 FROM plan_overlap WHERE year = ${YEAR}) AS overlap_km2`.execute(db)
  console.log(
    `plan year ${YEAR}: ${shape[0]?.items} live items of ${shape[0]?.units} units, ${shape[0]?.overlaps} overlapping pairs (${shape[0]?.overlap_km2} km²)`,
  )

  // the ministry's session
  const { rows: user } = await sql<{ id: number }>`
    INSERT INTO app_user (username, password_hash) VALUES ('bench_ministry_' || ${randomBytes(3).toString('hex')}, 'x') RETURNING id`.execute(
    db,
  )
  const userId = user[0]?.id as number
  await sql`INSERT INTO user_permission (user_id, code) VALUES (${userId}, ${PERMISSION.planPublish}), (${userId}, ${PERMISSION.overallAnalysis}), (${userId}, ${PERMISSION.planFill})`.execute(
    db,
  )
  await sql`INSERT INTO area_range (user_id, type, region_id, status, is_delete) VALUES (${userId}, 'regionId', '100000', 0, 0)`.execute(db)
  const token = randomBytes(32).toString('base64url')
  await sql`INSERT INTO user_session (token_hash, user_id, last_seen_at, expires_at)
    VALUES (${hashSessionToken(token)}, ${userId}, now(), now() + interval '12 hours')`.execute(db)

  const app = await buildApp(loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ORDER_SWEEP_MINUTES: '0' }), database, {
    logger: false,
  })
  await app.listen({ port: PORT, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${PORT}`
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const t = performance.now()
    const res = await fetch(base + path, {
      method,
      headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const buf = await res.arrayBuffer()
    if (!res.ok) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(buf).slice(0, 300)}`)
    return { ms: performance.now() - t, body: buf }
  }
  const series = async (name: string, target: number, run: (i: number) => Promise<{ ms: number }>) => {
    const times: number[] = []
    for (let i = 0; i < ROUNDS; i++) times.push((await run(i)).ms)
    const p95 = quantile(times, 0.95)
    console.log(
      `${name}: first ${fmt(times[0] as number)} ms, p50 ${fmt(quantile(times, 0.5))} ms, p95 ${fmt(p95)} ms (target ≤ ${target} ms: ${p95 <= target ? 'met' : 'NOT met'})`,
    )
  }
  console.log(`PostgreSQL, over HTTP on ${base}, ${ROUNDS} rounds each`)
  await series('overlap analysis, whole country (34 provinces × 500 items)', 1000, () =>
    call('GET', `/api/plan-collaborative/analysis?planYear=${YEAR}&purchaseYear=${PURCHASE}&analysisOption=2&regionId=100000`),
  )
  await series('regional analysis, one province (内蒙古)', 1000, () =>
    call('GET', `/api/plan-collaborative/analysis?planYear=${YEAR}&purchaseYear=${PURCHASE}&regionId=150000`),
  )
  await series('overlap layer, one province', 1000, () =>
    call('GET', `/api/plan-collaborative/features?planYear=${YEAR}&regionId=150000&overlap=1`),
  )
  await series('summary sheet (every live plan)', 300, () => call('GET', `/api/plan-collaborative/summary?year=${YEAR}&state=all`))
  await series('summary sheet as Excel', 300, () => call('GET', `/api/plan-collaborative/summary/export?year=${YEAR}&state=all`))
  const { rows: centres } = await sql<{ lon: number; lat: number; province: string }>`
    SELECT ST_X(center) AS lon, ST_Y(center) AS lat, left(code, 2) || '0000' AS province FROM region
    WHERE level = 'county' AND center IS NOT NULL ORDER BY md5(code) LIMIT ${ROUNDS}`.execute(db)
  await series('one item’s check (held share of the purchase year, other units’ overlaps), a new place each time', 200, (i) => {
    const c = centres[i % centres.length] as { lon: number; lat: number; province: string }
    const d = 0.12
    return call('POST', '/api/plan-collaborative/check', {
      year: YEAR,
      unitRegion: c.province,
      area: {
        mode: 'draw',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [c.lon - d, c.lat - d],
              [c.lon + d, c.lat - d],
              [c.lon + d, c.lat + d],
              [c.lon - d, c.lat + d],
              [c.lon - d, c.lat - d],
            ],
          ],
        },
      },
      resolution: 'm2',
      months: '4,5,6',
    })
  })
  const { rows: plan } = await sql<{
    id: number
  }>`SELECT id FROM plan WHERE year = ${YEAR} AND unit_type = 'city' ORDER BY id LIMIT 1`.execute(db)
  await series('one city plan’s detail (50 items with held shares and overlaps)', 1000, () =>
    call('GET', `/api/plan-collaborative/plan?id=${plan[0]?.id}`),
  )
  await app.close()
  await database.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
