import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * A scratch database on the PostgreSQL server of `adminUrl` (when set): a new database named
 * `<prefix>_<random>` (a copy of `template` when given), with the function that drops it. Without
 * an admin URL, no URL (the caller runs on an in-memory PGlite) and nothing to drop. Used by the
 * tests (test/test-context.ts, test/global-setup.ts) and the benchmarks (scripts/bench-support.ts).
 */
export async function scratchDatabase(
  adminUrl: string | undefined,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ name: string | undefined; databaseUrl: string | undefined; drop: () => Promise<void> }> {
  if (!adminUrl) return { name: undefined, databaseUrl: undefined, drop: async () => {} }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { name, databaseUrl: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}
