import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { scratchDatabase } from '../db/scratch-database'
import { prepareDatabase, type TestTemplate } from './test-template'

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate
  }
}

/**
 * Prepares the database every API test starts from, once per run and project: migrated, with every region and
 * country, the demo accounts and the administrator. Each test's server then starts from a copy
 * (a tar file for PGlite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of redoing that work.
 */
export default async function setup(project: TestProject) {
  // the project's own engine (vitest.config.ts sets DATABASE_URL per project; empty: PGlite)
  const projectUrl = project.config.env?.DATABASE_URL
  const adminUrl = typeof projectUrl === 'string' ? projectUrl : process.env.DATABASE_URL
  if (adminUrl) {
    const { name, databaseUrl, drop } = await scratchDatabase(adminUrl, 'rs_test_template')
    await prepareDatabase({ databaseUrl })
    project.provide('testTemplate', { kind: 'postgres', database: name as string })
    return drop
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-test-template-'))
  const file = path.join(dir, 'database.tar')
  await prepareDatabase({ dataDir: 'memory://' }, file)
  project.provide('testTemplate', { kind: 'pglite', file })
  return () => rmSync(dir, { recursive: true, force: true })
}
