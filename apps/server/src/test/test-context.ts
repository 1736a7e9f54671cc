import { randomBytes } from 'node:crypto'
import { CAPTCHA_TOKEN_LENGTH, encryptPassword, LOGIN_KEY_HEADER } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { expect, inject } from 'vitest'
import { buildApp } from '../app'
import { type Config, loadConfig } from '../config'
import { type DatabaseHandle, openDatabase } from '../db/database'
import { scratchDatabase } from '../db/scratch-database'
import { DEMO_PASSWORDS, fillTestDatabase } from './test-template'

export { DEMO_PASSWORDS }

export interface TestContext {
  app: FastifyInstance
  database: DatabaseHandle
  config: Config
  close(): Promise<void>
}

/**
 * A server on a fresh database: in-memory PGlite, or a new database on the PostgreSQL+PostGIS
 * server of DATABASE_URL (dropped again on close). Migrated, loaded with the regions and countries
 * of data/regions, and seeded with the demo accounts: copied from the database the run prepared
 * once (global-setup.ts), or filled here when there is none.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL
  const template = inject('testTemplate')
  const copied = adminUrl ? template?.kind === 'postgres' : template?.kind === 'pglite'
  const { databaseUrl, drop: dropDatabase } = await scratchDatabase(adminUrl, 'rs_test', {
    template: copied && template?.kind === 'postgres' ? template.database : undefined,
  })
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
  const loadDataDir = copied && template?.kind === 'pglite' ? template.file : undefined
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', loadDataDir })
  if (!copied) await fillTestDatabase(database)
  const app = await buildApp(config, database, { logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false })
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
