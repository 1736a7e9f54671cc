import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import { migrations } from './migrations'
import { PgliteClient } from './pglite-client'
import type { Database } from './schema'

export type DatabaseKind = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  close(): Promise<void>
  /** Called when the embedded database's thread dies (PGlite only; PostgreSQL reconnects by itself). */
  onLost?(listener: (error: Error) => void): void
  /** Writes the embedded database as a tar file that `loadDataDir` can start from (PGlite only). */
  dump?(file: string): Promise<void>
}

/** Where the embedded database keeps its files, or 'memory://' for a throwaway one. */
export interface DatabaseOptions {
  databaseUrl?: string
  dataDir?: string
  /** The embedded database starts as a copy of this tar file (written by dump()); tests start each server so. */
  loadDataDir?: string
  /** PostgreSQL ends any statement running longer than this (0: no limit). */
  statementTimeoutMs?: number
}

// Large tables and PostGIS sums come back as int8/numeric strings; the portal's values fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v))

/**
 * Opens the database: PostgreSQL+PostGIS when a URL is given, otherwise the embedded PGlite with
 * its PostGIS extension. Nothing else in the code branches on which one runs.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // jit off: the archive's geometry filters have large cost estimates, and compiling them took
    // 0.4–1 s of a search that runs in milliseconds (measured at 1M scenes)
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      statement_timeout: options.statementTimeoutMs || undefined,
      options: '-c jit=off',
    })
    // an idle connection ended by the server (restart, pg_terminate_backend) is dropped from the
    // pool, which opens another when needed; without a listener the 'error' event ends the process
    pool.on('error', () => {})
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
  }
  const dir = options.dataDir ?? 'memory://'
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true })
  // PGlite runs each statement synchronously: in its own thread, so the event loop stays free
  const lite = await PgliteClient.open(dir, options.loadDataDir)
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lite as unknown as ConstructorParameters<typeof PGliteDialect>[0]) })
  return {
    db,
    kind: 'pglite',
    onLost: (listener) => lite.onLost(listener),
    dump: (file) => lite.dump(file),
    async close() {
      await db.destroy()
      if (!lite.closed) await lite.close()
    },
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await allApplied(db)) return []
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`数据库迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${String(error)}`, { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Fast path for every start after the first: one query instead of the migrator's locking round. */
async function allApplied(db: Kysely<Database>): Promise<boolean> {
  const exists = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db)
  if (!exists.rows[0]?.t) return false
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  const names = new Set(applied.rows.map((r) => r.name))
  return Object.keys(migrations).every((name) => names.has(name))
}
