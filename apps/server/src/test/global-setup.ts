import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { prepareDatabase, type TestTemplate } from './test-template'

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate
  }
}

/**
 * Prepares the database every API test starts from, once per run: migrated, with every region and
 * country, the demo accounts and the administrator. Each test's server then starts from a copy
 * (a tar file for PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of redoing that work.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const name = `rs_test_template_${randomBytes(4).toString('hex')}`
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    await prepareDatabase({ databaseUrl: url.toString() })
    project.provide('testTemplate', { kind: 'postgres', database: name })
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-test-template-'))
  const file = path.join(dir, 'database.tar')
  await prepareDatabase({ dataDir: 'memory://' }, file)
  project.provide('testTemplate', { kind: 'pglite', file })
  return () => rmSync(dir, { recursive: true, force: true })
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
