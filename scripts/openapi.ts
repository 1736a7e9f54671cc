/**
 * npm run openapi: writes docs/openapi.json, the OpenAPI document the server derives from the shared
 * contract (packages/shared/src/contracts), with object keys sorted so the file changes only when
 * the API does. `--check` (run by npm run check, so CI) writes nothing and fails when the committed
 * file differs from what the code gives: regenerate with `npm run openapi` and commit it.
 *
 * The app is built as tests build it, but on a database that is never opened (Kysely's DummyDriver):
 * routes only register at start, so no data is loaded and it takes about a second.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import type { DatabaseHandle } from '../apps/server/src/db/database'
import type { Database } from '../apps/server/src/db/schema'

const FILE = path.resolve(import.meta.dirname, '../docs/openapi.json')

/** A value with every object's keys in code-point order (arrays keep theirs). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  )
}

/** The OpenAPI document of the API as JSON text (2-space indent, final line end). */
async function openApiText(): Promise<string> {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })
  const database: DatabaseHandle = { db, kind: 'pglite', close: () => db.destroy() }
  const app = await buildApp(loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' }), database, { logger: false })
  try {
    await app.ready()
    return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`
  } finally {
    await app.close()
  }
}

const text = await openApiText()
if (process.argv.includes('--check')) {
  let committed = ''
  try {
    committed = readFileSync(FILE, 'utf8')
  } catch {}
  if (committed !== text) {
    console.error('docs/openapi.json differs from the API the code declares: run `npm run openapi` and commit the file.')
    process.exit(1)
  }
  console.log('docs/openapi.json matches the contract.')
} else {
  writeFileSync(FILE, text)
  console.log(`wrote docs/openapi.json (${Object.keys((JSON.parse(text) as { paths: object }).paths).length} paths)`)
}
