import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { type DatabaseHandle, openDatabase } from './db/database'
import { scratchDatabase } from './db/scratch-database'
import { prepareDatabase } from './prepare'

/**
 * Two instances started at the same moment on one fresh PostgreSQL database (issue 26's finding:
 * the second exited with 'duplicate key … app_user_username_key' as both seeded the demo accounts).
 */
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const handles: DatabaseHandle[] = []
let scratch: Awaited<ReturnType<typeof scratchDatabase>>

beforeAll(async () => {
  scratch = await scratchDatabase(adminUrl, 'rs_prepare')
})
afterAll(async () => {
  for (const h of handles) await h.close()
  await scratch?.drop()
})

describe('a start’s database work', () => {
  it('lets two instances started together on one fresh database both come up, once', async () => {
    const config = loadConfig({
      DATABASE_URL: scratch.databaseUrl,
      ARCHIVE_DEMO: 'off',
      MONITOR_DEMO: 'off',
      PLAN_DEMO: 'off',
      BOOTSTRAP_ADMIN_PASSWORD: 'Bootstrap@2026',
    })
    for (let k = 0; k < 2; k++) handles.push(await openDatabase({ databaseUrl: config.DATABASE_URL }))
    const [a, b] = await Promise.all(handles.map((h) => prepareDatabase(config, h)))
    // one of them did the work, the other found it done
    expect([a?.applied.length, b?.applied.length].sort()).toEqual([0, expect.any(Number)].sort())
    expect(Math.max(a?.applied.length ?? 0, b?.applied.length ?? 0)).toBeGreaterThan(10)
    expect([a?.admin.created, b?.admin.created].sort()).toEqual([false, true])
    const db = (handles[0] as DatabaseHandle).db
    const { rows } = await sql<{ n: number; names: number }>`
      SELECT count(*)::int AS n, count(DISTINCT username)::int AS names FROM app_user`.execute(db)
    expect(rows[0]?.n).toBe(rows[0]?.names)
    expect(rows[0]?.n).toBeGreaterThan(5)
  })
})
