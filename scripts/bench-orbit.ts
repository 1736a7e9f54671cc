/**
 * Orbit prediction (issue 12, Speed), over real HTTP on 127.0.0.1 (BENCH_PORT, 3702):
 *   - passes over 7 days for 100 satellites over a province (四川省, 510000) through POST
 *     /api/satorbit/passes (target ≤ 2 s), computed in the worker pool, while region lookups go on
 *     (target p99 < 200 ms: the event loop stays free); the first run meets a cold worker thread
 *     (V8 has not optimised the pass finder yet), the next three a warm one;
 *   - SGP4 propagations per second on one core: satellite.js's propagate alone, and the whole
 *     sub-satellite point (propagate + sidereal time + geodetic conversion) the pass finder uses.
 * Prints figures only. PGlite by default; PostgreSQL when DATABASE_URL is set (a scratch database,
 * dropped afterwards).
 *
 *   npm run bench:orbit
 */
import { randomBytes } from 'node:crypto'
import { orbitFromTle, subPoint } from '@rs/shared'
import { sql } from 'kysely'
import { propagate } from 'satellite.js'
import { buildApp } from '../apps/server/src/app'
import { createAreas } from '../apps/server/src/capabilities/area'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { hashSessionToken } from '../apps/server/src/lib/session'
import { createTaskPool } from '../apps/server/src/lib/workers/pool'
import { createOrbitRepository } from '../apps/server/src/modules/orbit/orbit.repository'
import { scratchDatabase } from './bench-support'

const PORT = Number(process.env.BENCH_PORT ?? 3702)
const SATELLITES = 100
const PROVINCE = '510000'

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}
const ms = (v: number) => `${v.toFixed(1)} ms`

function sgp4Rates() {
  const line1 = '1 39150U 13018A   26164.87794749  .00000016  00000+0  96064-5 0  9991'
  const line2 = '2 39150  97.9101 237.0128 0015727 278.3165  81.6262 14.76531261707751'
  const orbit = orbitFromTle(line1, line2)
  const n = 400_000
  const t0 = orbit.epochMs
  for (let i = 0; i < 20_000; i++) propagate(orbit.satrec, new Date(t0 + i * 1000)) // warm-up
  let start = performance.now()
  for (let i = 0; i < n; i++) propagate(orbit.satrec, new Date(t0 + i * 1000))
  const bare = n / ((performance.now() - start) / 1000)
  start = performance.now()
  for (let i = 0; i < n; i++) subPoint(orbit, t0 + i * 1000)
  const full = n / ((performance.now() - start) / 1000)
  return { bare, full }
}

async function main() {
  const rates = sgp4Rates()
  console.log(
    `SGP4 on one core: satellite.js propagate ${(rates.bare / 1e6).toFixed(2)} M/s; sub-satellite point (propagate + GMST + geodetic) ${(rates.full / 1e6).toFixed(2)} M/s`,
  )

  const adminUrl = process.env.DATABASE_URL
  const { databaseUrl, drop } = await scratchDatabase(adminUrl, 'rs_bench_orbit')
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  const { db } = database
  try {
    await migrateToLatest(db)
    await loadReferenceData(db)
    const { rows } = await sql<{ id: number }>`
      INSERT INTO app_user (username, password_hash, email) VALUES ('bench_orbit', 'x', 'bench_orbit@example.com') RETURNING id`.execute(db)
    const token = randomBytes(32).toString('base64url')
    await sql`
      INSERT INTO user_session (token_hash, user_id, last_seen_at, expires_at)
      VALUES (${hashSessionToken(token)}, ${(rows[0] as { id: number }).id}, now(), now() + interval '12 hours')`.execute(db)
    const targets = (await createOrbitRepository(db).targets()).filter((t) => t.sensors.length > 0)
    const chosen = targets.slice(0, SATELLITES)
    // the outline as the prediction reads it (orbit.service.ts: the area capability, simplified by 0.002°); no thread is started
    const areas = createAreas({ db, tasks: createTaskPool({ maxThreads: 1 }), audit: { record: async () => {} } })
    const province = await areas.geojson(await areas.resolve({ mode: 'region', regionCode: PROVINCE }), { simplify: 0.002, digits: 6 })
    const vertices = (province.match(/\],\[/g)?.length ?? 0) + 1

    const app = await buildApp(loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' }), database, { logger: false })
    await app.listen({ port: PORT, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${PORT}`
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      const b = (await res.json()) as { code: number; message: string; data: never }
      if (b.code !== 0) throw new Error(`${url}: ${res.status} ${b.message}`)
      return b.data
    }
    console.log(
      `${adminUrl ? 'PostgreSQL' : 'PGlite'}, over HTTP on ${base}; ${chosen.length} satellites with elements and a swath (of ${targets.length}), ${chosen.reduce((n, t) => n + t.sensors.length, 0)} sensors; 四川省 outline ${vertices} vertices`,
    )
    const body = {
      satellites: chosen.map((t) => t.noradId),
      start: '2026-06-15T00:00:00+08:00',
      end: '2026-06-22T00:00:00+08:00',
      area: { regionCode: PROVINCE },
    }
    for (let run = 0; run < 4; run++) {
      const lookups: number[] = []
      let running = true
      const codes = ['110000', '110101', '130000', '150000', '150100', '320000', '440300', '650000']
      const lookers = Array.from({ length: 4 }, async (_, k) => {
        let i = k
        while (running) {
          const t = performance.now()
          await call('GET', `/api/region/detail?code=${codes[i++ % codes.length]}`)
          lookups.push(performance.now() - t)
          await new Promise((r) => setTimeout(r, 20))
        }
      })
      const t = performance.now()
      const answer = (await call('POST', '/api/satorbit/passes', body)) as { passes: unknown[]; computeMs: number }
      const took = performance.now() - t
      running = false
      await Promise.all(lookers)
      console.log(
        `${run === 0 ? 'first (cold worker thread: code not yet optimised)' : 'again'}: passes, 7 days × ${chosen.length} satellites over 四川省: ${ms(took)} end to end (worker ${ms(answer.computeMs)}), ${answer.passes.length} passes (target ≤ 2000 ms); ` +
          `region lookups meanwhile: ${lookups.length}, p50 ${ms(quantile(lookups, 0.5))}, p99 ${ms(quantile(lookups, 0.99))}, max ${ms(Math.max(...lookups))} (target p99 < 200 ms)`,
      )
    }
    await app.close()
  } finally {
    await database.close()
    await drop()
  }
}

await main()
