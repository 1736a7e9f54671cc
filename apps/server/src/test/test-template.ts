import { loadReferenceDatasets } from '../datasets/reference'
import { ensureAdministrator } from '../db/accounts'
import { type DatabaseHandle, type DatabaseOptions, migrateToLatest, openDatabase } from '../db/database'
import { seedDemo } from '../db/seed'

/** The demo accounts' passwords (README.md) and the test administrator's (set like BOOTSTRAP_ADMIN_PASSWORD). */
export const DEMO_PASSWORDS = {
  admin: 'Admin@2026',
  neimenggu: 'Nmg@2026',
  ministry: 'Ministry@2026',
  user: 'User@2026',
  olduser: 'Old@2026',
  legacy: 'Legacy@2026',
} as const

/** Where the prepared test database is: a PGlite tar file, or a template database on the PostgreSQL server. */
export type TestTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; database: string }

/** Migrated, with every region and country (about 1.3 s on PGlite), the demo accounts and the administrator. */
export async function fillTestDatabase(database: DatabaseHandle) {
  await migrateToLatest(database.db)
  await loadReferenceDatasets(database.db)
  await seedDemo(database.db)
  // the administrator through the first start's own code path, with a known password instead of a random one
  await ensureAdministrator(database.db, { password: DEMO_PASSWORDS.admin })
}

/** Opens, fills and closes a database; for PGlite, writes it to `dumpFile` first. */
export async function prepareDatabase(options: DatabaseOptions, dumpFile?: string) {
  const database = await openDatabase(options)
  try {
    await fillTestDatabase(database)
    if (dumpFile) {
      if (!database.dump) throw new Error('only the embedded database can be written to a file')
      await database.dump(dumpFile)
    }
  } finally {
    await database.close()
  }
}
