/**
 * Login answers side by side: an unknown user, a wrong password and a locked account must answer
 * alike (status, message) and take the same time within noise. Prints the median and spread of
 * each (in-memory PGlite, through Fastify inject, captcha and sealed password as a browser sends).
 *
 *   npx tsx scripts/bench-login.ts [rounds]
 */
import { randomBytes } from 'node:crypto'
import { CAPTCHA_TOKEN_LENGTH, encryptPassword, LOGIN_KEY_HEADER } from '@rs/shared'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { seedDemo } from '../apps/server/src/db/seed'

const rounds = Number(process.argv[2] ?? 15)
const config = loadConfig({
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
  CAPTCHA_RATE_PER_MINUTE: '100000',
})
const database = await openDatabase({ dataDir: 'memory://' })
await migrateToLatest(database.db)
await seedDemo(database.db)
const app = await buildApp(config, database, { logger: false })
await app.ready()

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const newToken = () => Array.from(randomBytes(CAPTCHA_TOKEN_LENGTH), (b) => alphabet[b % alphabet.length]).join('')

/** One login attempt; returns the answer and the milliseconds the login call itself took. */
async function attempt(username: string, password: string) {
  const token = newToken()
  const captcha = await app.inject({ method: 'GET', url: `/api/captcha/image?token=${token}` })
  const row = await database.db.selectFrom('captcha').select('answer').where('token', '=', token).executeTakeFirstOrThrow()
  const payload = {
    username,
    password: encryptPassword(password, String(captcha.headers[LOGIN_KEY_HEADER]), token),
    captcha: row.answer,
    token,
  }
  const started = performance.now()
  const res = await app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload })
  return { ms: performance.now() - started, status: res.statusCode, message: res.json().message as string }
}

// "legacy" is locked for the whole run; "olduser" gets wrong passwords (its count reset each time)
await database.db
  .updateTable('app_user')
  .set({ locked_until: new Date(Date.now() + 3600_000) })
  .where('username', '=', 'legacy')
  .execute()
const cases = {
  unknownUser: () => attempt('nobody-at-all', 'Whatever@1'),
  wrongPassword: async () => {
    await database.db.updateTable('app_user').set({ failed_attempts: 0 }).where('username', '=', 'olduser').execute()
    return attempt('olduser', 'Wrong@2026')
  },
  lockedAccount: () => attempt('legacy', 'Legacy@2026'),
}

const results: Record<string, number[]> = { unknownUser: [], wrongPassword: [], lockedAccount: [] }
const answers = new Set<string>()
await cases.unknownUser() // warm-up
for (let i = 0; i < rounds; i++) {
  // interleaved, so load from elsewhere on the machine falls on all three alike
  for (const [name, run] of Object.entries(cases)) {
    const r = await run()
    results[name]?.push(r.ms)
    answers.add(`${r.status} ${r.message}`)
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}
console.log(`login answers over ${rounds} rounds (ms of the login call):`)
for (const [name, values] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(14)} median ${quantile(values, 0.5).toFixed(0).padStart(5)}  p10 ${quantile(values, 0.1).toFixed(0).padStart(5)}  p90 ${quantile(values, 0.9).toFixed(0).padStart(5)}`,
  )
}
console.log(`distinct answers: ${answers.size} → ${[...answers].join(' | ')}`)
await app.close()
await database.close()
