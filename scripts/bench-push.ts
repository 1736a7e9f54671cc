/**
 * npm run bench:push: a push of 1,000 scenes (illustrative, so each quicklook is drawn) produced
 * and delivered to a node's folder, then to an S3-compatible bucket (s3rver), while region lookups go on (p99, event loop delay), then the
 * public push statistics under load (p95 by each dimension, target ≤ 100 ms) with 200 delivered
 * batches of 50 scenes over the provinces. PostgreSQL when DATABASE_URL is set, else PGlite.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { loadReferenceData } from '../apps/server/src/db/reference-data'
import { seedPermissionCatalogue } from '../apps/server/src/db/seed'
import { hashSessionToken } from '../apps/server/src/lib/session'
import { startS3Server } from '../apps/server/test-support/s3-server'
import { scratchDatabase } from './bench-support'

const PORT = Number(process.env.BENCH_PORT ?? 3702)
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN
const ms = (v: number) => `${v.toFixed(1)} ms`

async function main() {
  const { databaseUrl, drop } = await scratchDatabase(process.env.DATABASE_URL, 'rs_bench_push')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rs-bench-push-'))
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  const { db } = database
  try {
    await migrateToLatest(db)
    await loadReferenceData(db)
    await seedPermissionCatalogue(db)
    await sql`
      INSERT INTO scene (id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, file_name, footprint, area_km2, illustrative, source)
      SELECT 'BP_' || i, (ARRAY['GF1','GF2','GF6','ZY3-2'])[1 + i % 4], 'PMS1', timestamptz '2026-01-01' + (i || ' hours')::interval, (i * 7) % 100,
        (ARRAY[2, 0.8, 2, 2.1])[1 + i % 4], 'L1A', 'BP_' || i || '.tar.gz', g, ST_Area(g::geography) / 1e6, true, 'bench'
      FROM (SELECT i, ST_Multi(ST_MakeEnvelope(110 + (i % 40) * 0.1, 40 + (i / 40) * 0.05, 110.3 + (i % 40) * 0.1, 40.3 + (i / 40) * 0.05, 4326)) AS g
            FROM generate_series(1, 1000) AS i) AS x`.execute(db)
    const { rows } = await sql<{
      id: number
    }>`INSERT INTO app_user (username, password_hash) VALUES ('bench_admin', 'x') RETURNING id`.execute(db)
    const adminId = rows[0]?.id as number
    await sql`INSERT INTO user_permission (user_id, code) VALUES (${adminId}, ${PERMISSION.systemAdmin})`.execute(db)
    const token = randomBytes(32).toString('base64url')
    await sql`INSERT INTO user_session (token_hash, user_id, last_seen_at, expires_at)
      VALUES (${hashSessionToken(token)}, ${adminId}, now(), now() + interval '12 hours')`.execute(db)
    const app = await buildApp(
      loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ORDER_SWEEP_MINUTES: '0' }),
      database,
      { logger: false },
    )
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
      return b.data as {
        id: number
        state: string
        list: Array<{ id: number; state: string; bytes: number | null; deliveredFile: string | null }>
      }
    }
    console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, over HTTP on ${base}`)

    // 1. a push of 1,000 scenes, region lookups meanwhile: to a folder, then to an S3-compatible bucket (s3rver)
    const pushAndWatch = async (nodeId: number, where: string) => {
      const lookups: number[] = []
      let running = true
      const delay = monitorEventLoopDelay({ resolution: 10 })
      delay.enable()
      const clients = Array.from({ length: 4 }, async () => {
        while (running) {
          const t = performance.now()
          await fetch(`${base}/api/region/detail?code=150100`).then((r) => r.arrayBuffer())
          lookups.push(performance.now() - t)
          await new Promise((r) => setTimeout(r, 5))
        }
      })
      const started = performance.now()
      const batch = await call('POST', '/api/push/batches', { nodeId, sceneIds: Array.from({ length: 1000 }, (_, i) => `BP_${i + 1}`) })
      const answered = performance.now() - started
      let done: { state: string; bytes: number | null; deliveredFile: string | null } | undefined
      while (!done || (done.state !== 'delivered' && done.state !== 'failed')) {
        await new Promise((r) => setTimeout(r, 250))
        done = (await call('GET', '/api/push/batches?pageSize=5')).list.find((b) => b.id === batch.id)
      }
      const seconds = (performance.now() - started) / 1000
      running = false
      await Promise.all(clients)
      delay.disable()
      console.log(
        `push of 1,000 scenes to ${where}: answered in ${ms(answered)}, ${done.state} in ${seconds.toFixed(1)} s, ${((done.bytes ?? 0) / 1024 ** 2).toFixed(1)} MB delivered (${done.deliveredFile})`,
      )
      console.log(
        `  region lookups meanwhile (${lookups.length}): p50 ${ms(quantile(lookups, 0.5))}, p99 ${ms(quantile(lookups, 0.99))}; event loop delay p99 ${ms(delay.percentile(99) / 1e6)}, max ${ms(delay.max / 1e6)}`,
      )
    }
    const node = await call('POST', '/api/push/nodes/save', { name: '基准节点', regionId: '150000', level: 'province', target: 'bench' })
    await pushAndWatch(node.id, 'a folder')
    const s3 = await startS3Server(['rs-bench-push'])
    try {
      const bucketNode = await call('POST', '/api/push/nodes/save', {
        name: '基准对象存储节点',
        regionId: '150000',
        level: 'province',
        targetKind: 's3',
        target: 'bench',
        s3: { endpoint: s3.endpoint, bucket: 'rs-bench-push', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      })
      await pushAndWatch(bucketNode.id, 'an S3-compatible bucket (s3rver on this machine)')
    } finally {
      await s3.close()
    }

    // 2. push statistics with 200 delivered batches of 50 scenes over the provinces
    const { rows: last } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id FROM push_batch`.execute(db)
    await sql`
      INSERT INTO push_node (name, region_id, level, target)
      SELECT '节点 ' || code, code, 'province', 'n' || code FROM region WHERE level = 'province'`.execute(db)
    await sql`
      INSERT INTO push_batch (node_id, state, selection, province_code, scene_count, area_km2, bytes, delivered_at)
      SELECT n.id, 'delivered', 'ids', n.region_id, 50, 50 * 900, 50 * 48000, timestamptz '2025-01-01' + (i * 37 || ' hours')::interval
      FROM generate_series(1, 200) AS i JOIN LATERAL (SELECT id, region_id FROM push_node WHERE level = 'province' ORDER BY id OFFSET (i % 34) LIMIT 1) n ON true`.execute(
      db,
    )
    await sql`
      INSERT INTO push_batch_scene (batch_id, scene_id, position, satellite, class, area_km2, acquired_at, bytes)
      SELECT b.id, 'S' || b.id || '_' || k, k, (ARRAY['GF1','GF2','GF6','ZY3-2'])[1 + k % 4], 1 + k % 4, 900, b.delivered_at, 48000
      FROM push_batch b, generate_series(1, 50) AS k WHERE b.id > ${last[0]?.id ?? 0}`.execute(db)
    for (const by of ['province', 'node', 'month', 'satellite', 'class']) {
      const times: number[] = []
      for (let i = 0; i < 200; i++) {
        const t = performance.now()
        await fetch(`${base}/api/push/statistics?by=${by}${i % 2 ? '&period=2025' : ''}`).then((r) => r.arrayBuffer())
        times.push(performance.now() - t)
      }
      console.log(`push statistics by ${by}: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))} (target ≤ 100 ms)`)
    }
    await app.close()
  } finally {
    await database.close()
    await drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
