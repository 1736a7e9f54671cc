/**
 * The cart and orders (issue 11, Speed), over real HTTP on 127.0.0.1 (BENCH_PORT, 3701):
 *   - submitting an order of 1,000 scenes (target ≤ 1 s);
 *   - the header's cart count under 50 concurrent users (target p95 ≤ 10 ms);
 *   - a package of 100 scenes produced (target ≤ 30 s) while region lookups go on (target p99 < 200 ms);
 *   - a download resumed from the middle (two ranges, checked against the stored SHA-256).
 * Prints figures only. PGlite by default; PostgreSQL when DATABASE_URL is set (a scratch database,
 * dropped afterwards).
 *
 *   npm run bench:orders
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { seedPermissionCatalogue } from '../apps/server/src/db/seed'
import { hashSessionToken } from '../apps/server/src/lib/session'
import { scratchDatabase } from './bench-support'

const PORT = Number(process.env.BENCH_PORT ?? 3701)
const USERS = 50
const COUNTS_PER_USER = Number(process.env.BENCH_COUNTS ?? 40)

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}
const ms = (v: number) => `${v.toFixed(1)} ms`

async function main() {
  const adminUrl = process.env.DATABASE_URL
  const { databaseUrl, drop } = await scratchDatabase(adminUrl, 'rs_bench_orders')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rs-bench-orders-'))
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  const { db } = database
  try {
    await migrateToLatest(db)
    await loadReferenceData(db)
    await seedPermissionCatalogue(db)
    // 1,100 generated-looking scenes over Beijing (illustrative: their quicklooks are drawn)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, footprint, area_km2, illustrative, source)
      SELECT 'BO_' || i, 'GF1', 'PMS1', timestamptz '2026-01-01' + (i || ' hours')::interval, (i * 7) % 100, 2, 'L1A', 'BO_' || i || '.tar.gz',
        g, ST_Area(g::geography) / 1e6, true, 'bench'
      FROM (SELECT i, ST_Multi(ST_MakeEnvelope(115.5 + (i % 30) * 0.05, 39.4 + (i / 30) * 0.03, 115.8 + (i % 30) * 0.05, 39.7 + (i / 30) * 0.03, 4326)) AS g
            FROM generate_series(1, 1100) AS i) AS x`.execute(db)
    // users with sessions made directly (the login's scrypt and captcha are not what is measured)
    const tokens: string[] = []
    for (let i = 0; i <= USERS; i++) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO app_user (username, password_hash, email) VALUES (${`bench_${i}`}, 'x', ${`bench_${i}@example.com`}) RETURNING id`.execute(
        db,
      )
      const id = (rows[0] as { id: number }).id
      const token = randomBytes(32).toString('base64url')
      await sql`
        INSERT INTO user_session (token_hash, user_id, last_seen_at, expires_at)
        VALUES (${hashSessionToken(token)}, ${id}, now(), now() + interval '12 hours')`.execute(db)
      if (i === USERS) await sql`INSERT INTO user_permission (user_id, code) VALUES (${id}, ${PERMISSION.orderReview})`.execute(db)
      tokens.push(token)
    }
    const reviewer = tokens[USERS] as string
    const app = await buildApp(
      loadConfig({
        WEB_DIST: '/nonexistent',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ORDER_SWEEP_MINUTES: '0',
        ORDER_DOWNLOADS_PER_MINUTE: '100000',
      }),
      database,
      { logger: false },
    )
    await app.listen({ port: PORT, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${PORT}`
    const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, {
        method,
        headers: { token, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      })
      return res
    }
    const json = async (res: Response) => {
      const b = (await res.json()) as { code: number; message: string; data: never }
      if (b.code !== 0) throw new Error(`${res.url}: ${res.status} ${b.message}`)
      return b.data
    }
    console.log(`${adminUrl ? 'PostgreSQL' : 'PGlite'}, over HTTP on ${base}`)

    // 1. an order of 1,000 scenes
    const ids = Array.from({ length: 1000 }, (_, i) => `BO_${i + 1}`)
    const submits: number[] = []
    for (let run = 0; run < 4; run++) {
      await json(await call('POST', '/api/ordercart/add', tokens[0] as string, { sceneIds: ids }))
      const t = performance.now()
      await json(
        await call('POST', '/api/order/submit', tokens[0] as string, {
          sceneIds: ids,
          purpose: '测速',
          project: '千景订单',
          acceptTerms: true,
        }),
      )
      if (run > 0) submits.push(performance.now() - t)
    }
    console.log(`submit an order of 1,000 scenes: ${submits.map(ms).join(', ')} (target ≤ 1000 ms)`)

    // 2. cart count under 50 concurrent users
    for (const [i, token] of tokens.slice(0, USERS).entries())
      await json(await call('POST', '/api/ordercart/add', token, { sceneIds: ids.slice(i, i + 20) }))
    // closed loop: every user asks again as soon as answered (saturation: latency = queue length / throughput)
    const counts: number[] = []
    const t2 = performance.now()
    await Promise.all(
      tokens.slice(0, USERS).map(async (token) => {
        for (let i = 0; i < COUNTS_PER_USER; i++) {
          const t = performance.now()
          await json(await call('GET', '/api/ordercart/count', token))
          counts.push(performance.now() - t)
        }
      }),
    )
    const wall = (performance.now() - t2) / 1000
    console.log(
      `cart count, ${USERS} users asking back to back × ${COUNTS_PER_USER}: p50 ${ms(quantile(counts, 0.5))}, p95 ${ms(quantile(counts, 0.95))}, ${(counts.length / wall).toFixed(0)} req/s (saturated)`,
    )
    // open loop: 50 users, each asking every 200 ms (250 requests/s offered), staggered
    const paced: number[] = []
    await Promise.all(
      tokens.slice(0, USERS).map(async (token, u) => {
        await new Promise((r) => setTimeout(r, (u * 200) / USERS))
        for (let i = 0; i < COUNTS_PER_USER; i++) {
          const t = performance.now()
          await json(await call('GET', '/api/ordercart/count', token))
          const took = performance.now() - t
          paced.push(took)
          await new Promise((r) => setTimeout(r, Math.max(0, 200 - took)))
        }
      }),
    )
    console.log(
      `cart count, ${USERS} concurrent users each every 200 ms: p50 ${ms(quantile(paced, 0.5))}, p95 ${ms(quantile(paced, 0.95))}, p99 ${ms(quantile(paced, 0.99))} (target p95 ≤ 10 ms)`,
    )

    // 3. a package of 100 scenes while region lookups go on
    const owner = tokens[1] as string
    const hundred = ids.slice(0, 100)
    await json(await call('POST', '/api/ordercart/remove', owner, { sceneIds: ids.slice(1, 21) }))
    await json(await call('POST', '/api/ordercart/add', owner, { sceneIds: hundred }))
    const order = (await json(
      await call('POST', '/api/order/submit', owner, { sceneIds: hundred, purpose: '测速', project: '百景数据包', acceptTerms: true }),
    )) as { id: number }
    const lookups: number[] = []
    let producing = true
    const codes = ['110000', '110101', '130000', '150000', '150100', '320000', '440300', '650000']
    const lookers = Array.from({ length: 4 }, async (_, k) => {
      let i = k
      while (producing) {
        const t = performance.now()
        await json(await call('GET', `/api/region/detail?code=${codes[i++ % codes.length]}`, owner))
        lookups.push(performance.now() - t)
        await new Promise((r) => setTimeout(r, 20))
      }
    })
    const t3 = performance.now()
    await json(await call('POST', '/api/order/review', reviewer, { id: order.id, decision: 'approve' }))
    let detail: { status: string; extractCode: string; packageBytes: number; progress: number }
    for (;;) {
      detail = (await json(await call('GET', `/api/order/detail?id=${order.id}`, owner))) as typeof detail
      if (detail.status !== 'producing') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const produced = (performance.now() - t3) / 1000
    producing = false
    await Promise.all(lookers)
    console.log(
      `package of 100 scenes: ${detail.status} in ${produced.toFixed(1)} s, ${(detail.packageBytes / 1024 / 1024).toFixed(2)} MB (target ≤ 30 s); ` +
        `region lookups meanwhile: ${lookups.length}, p50 ${ms(quantile(lookups, 0.5))}, p99 ${ms(quantile(lookups, 0.99))}, max ${ms(Math.max(...lookups))} (target p99 < 200 ms)`,
    )

    // 4. a download resumed from the middle
    const url = `/api/order/download?id=${order.id}&code=${detail.extractCode}`
    const size = detail.packageBytes
    const middle = Math.floor(size / 2)
    const t4 = performance.now()
    const first = await call('GET', url, owner, undefined, { range: `bytes=0-${middle - 1}` })
    const a = Buffer.from(await first.arrayBuffer())
    const t5 = performance.now()
    const second = await call('GET', url, owner, undefined, { range: `bytes=${middle}-` })
    const b = Buffer.from(await second.arrayBuffer())
    const t6 = performance.now()
    const whole = Buffer.concat([a, b])
    const [row] = (await sql<{ sha: string }>`SELECT package_sha256 AS sha FROM scene_order WHERE id = ${order.id}`.execute(db)).rows
    const same = createHash('sha256').update(whole).digest('hex') === row?.sha
    console.log(
      `download resumed from the middle: ${first.status} ${first.headers.get('content-range')} in ${ms(t5 - t4)}, ` +
        `${second.status} ${second.headers.get('content-range')} in ${ms(t6 - t5)}; joined SHA-256 ${same ? 'matches' : 'DIFFERS'}`,
    )
    await app.close()
  } finally {
    await database.close()
    await drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
