import { setTimeout as sleep } from 'node:timers/promises'
import { type Kysely, sql } from 'kysely'
import type { DatabaseHandle, DatabaseKind } from './database'
import type { Database } from './schema'

/** Advisory lock keys of work one process at a time does on a database (numbers no other lock uses). */
export const SESSION_LOCKS = {
  /** a start's database work (migrations, reference data, demo datasets and accounts) */
  start: 20261207,
  /** counting queued scenes into the coverage rollup */
  coverageRefresh: 20261208,
} as const

/**
 * Runs `work` while holding a PostgreSQL session lock on one pooled connection, so processes on
 * one database (instances, the import command) take turns instead of racing. The lock is tried
 * every 250 ms rather than awaited, so no statement timeout ends the wait of a process queued
 * behind a long piece of work. PGlite has one process per data folder (and one connection, which
 * the work itself needs): nothing to take.
 */
export async function underSessionLock<T>(db: Kysely<Database>, kind: DatabaseKind, key: number, work: () => Promise<T>): Promise<T> {
  if (kind !== 'postgres') return work()
  return db.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(connection)
      if (rows[0]?.ok) break
      await sleep(250)
    }
    try {
      return await work()
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}

/**
 * A start's database work under its lock: instances started together on one database come up
 * together (two seeds at once had ended the second with 'duplicate key … app_user_username_key').
 */
export const underStartLock = <T>(handle: DatabaseHandle, work: () => Promise<T>) =>
  underSessionLock(handle.db, handle.kind, SESSION_LOCKS.start, work)
