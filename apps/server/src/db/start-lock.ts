import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import type { DatabaseHandle } from './database'

/** The advisory lock key of a start's database work (any number no other lock uses). */
const START_LOCK = 20261207

/**
 * Runs a start's database work (migrations, reference data, demo datasets and accounts) while
 * holding a PostgreSQL session lock, so instances started together on one database take turns
 * instead of racing (two seeds at once: 'duplicate key … app_user_username_key'). The lock is
 * tried every 250 ms rather than awaited, so no statement timeout ends the wait of an instance
 * queued behind a long first start. PGlite has one process per data folder: nothing to take.
 */
export async function underStartLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return work()
  return handle.db.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${START_LOCK}) AS ok`.execute(connection)
      if (rows[0]?.ok) break
      await sleep(250)
    }
    try {
      return await work()
    } finally {
      await sql`SELECT pg_advisory_unlock(${START_LOCK})`.execute(connection)
    }
  })
}
