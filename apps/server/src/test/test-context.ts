import { randomBytes } from 'node:crypto'
import { CAPTCHA_TOKEN_LENGTH, encryptPassword, LOGIN_KEY_HEADER } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { expect } from 'vitest'
import { buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import { ensureAdministrator } from '../db/accounts'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database'
import { loadReferenceData } from '../db/reference-data'
import { seedDemo } from '../db/seed'

export interface TestContext {
  app: FastifyInstance
  database: DatabaseHandle
  config: Config
  close(): Promise<void>
}

/**
 * A server on a fresh database: in-memory PGlite, or a new database on the PostgreSQL+PostGIS
 * server of DATABASE_URL (dropped again on close). Migrated, loaded with the regions and countries
 * of data/regions, and seeded with the demo accounts.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (adminUrl) {
    const name = `rs_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    }
  }
  // sessions are not cached in API tests, which age sessions in the database and expect the next call to see it
  const config = loadConfig({
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_MINUTE: '1000',
    CAPTCHA_RATE_PER_MINUTE: '1000',
    SESSION_CACHE_MS: '0',
    // many servers live in one test process: their worker threads end when idle
    WORKER_KEEP_THREADS: '0',
    ...env,
  })
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  await migrateToLatest(database.db)
  // every region and country (about 1.3 s on PGlite, 0.7 s on PostgreSQL)
  await loadReferenceData(database.db)
  await seedDemo(database.db)
  // the administrator through the first start's own code path, with a known password instead of a random one
  await ensureAdministrator(database.db, { password: DEMO_PASSWORDS.admin })
  const app = await buildApp(config, database, { logger: false })
  await app.ready()
  return {
    app,
    database,
    config,
    async close() {
      await app.close()
      await database.close()
      await dropDatabase()
    },
  }
}

export function newCaptchaToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(CAPTCHA_TOKEN_LENGTH), (b) => alphabet[b % alphabet.length]).join('')
}

/** Fetches a captcha as the browser does and reads its answer from the database, as a person reads the image. */
export async function fetchCaptcha(ctx: TestContext) {
  const token = newCaptchaToken()
  const res = await ctx.app.inject({ method: 'GET', url: `/api/captcha/image?token=${token}` })
  if (res.statusCode !== 200) throw new Error(`captcha failed: ${res.statusCode} ${res.body}`)
  const row = await ctx.database.db.selectFrom('captcha').select('answer').where('token', '=', token).executeTakeFirstOrThrow()
  return { token, answer: row.answer, publicKey: String(res.headers[LOGIN_KEY_HEADER]), svg: res.body }
}

/** Attempts a login through the real captcha and encryption; returns the raw response. */
export async function attemptLogin(ctx: TestContext, username: string, password: string, options: { captcha?: string } = {}) {
  const c = await fetchCaptcha(ctx)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/userinfo/loginv2',
    payload: {
      username,
      password: encryptPassword(password, c.publicKey, c.token),
      captcha: options.captcha ?? c.answer.toUpperCase(),
      token: c.token,
    },
  })
}

/** Logs in and returns the session token; fails the test when login does not succeed. */
export async function loginAs(ctx: TestContext, username: string, password: string): Promise<string> {
  const res = await attemptLogin(ctx, username, password)
  const body = res.json()
  if (res.statusCode !== 200 || body.code !== 0) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`)
  return body.data.token as string
}

/** The demo accounts' passwords (README.md) and the test administrator's (set like BOOTSTRAP_ADMIN_PASSWORD). */
export const DEMO_PASSWORDS = {
  admin: 'Admin@2026',
  neimenggu: 'Nmg@2026',
  ministry: 'Ministry@2026',
  user: 'User@2026',
  olduser: 'Old@2026',
  legacy: 'Legacy@2026',
} as const

/** A GET through the app: the status and the parsed envelope. */
export async function getJson(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, body: res.json() }
}

/** The envelope's data of a GET that must answer 200 (the body is shown when it does not). */
export async function getData(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const { status, body } = await getJson(ctx, url, headers)
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200)
  return body.data
}
