/**
 * npm run bench: start-up times, API latency under 50 concurrent clients, server memory and the
 * gzip size of the JavaScript the home page loads. Prints figures; asserts nothing.
 * Runs against the embedded PGlite and, when reachable, the local PostgreSQL+PostGIS
 * (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { ensureAdministrator } from '../apps/server/src/db/accounts'
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database'
import { seedDemo } from '../apps/server/src/db/seed'
import { hashSessionToken, newSessionToken } from '../apps/server/src/lib/session'
import {
  BENCH_PORT,
  BENCH_SECONDS,
  ensureWrk,
  fmt,
  type LoadResult,
  load,
  printLoad,
  root,
  startServer,
  stopServer,
  withPostgres,
} from './bench-support'

const CLIENTS = 50

/** Resident memory of a process and its children (tsx runs the server in a child node), in MB. */
function rssMb(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  return own + children.reduce((sum, c) => sum + rssMb(c), 0)
}

/** Puts a session for the administrator straight into the database, so the benchmark needs no captcha. */
async function plantSession(options: { databaseUrl?: string; dataDir?: string }): Promise<string> {
  const handle = await openDatabase(options)
  await migrateToLatest(handle.db)
  await seedDemo(handle.db)
  await ensureAdministrator(handle.db)
  const token = newSessionToken()
  const admin = await handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  await handle.db
    .insertInto('user_session')
    .values({
      token_hash: hashSessionToken(token),
      user_id: admin.id,
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + 3600_000),
      ip: '127.0.0.1',
      user_agent: 'bench',
    })
    .execute()
  await handle.close()
  return token
}

async function homePageJs(): Promise<{ files: number; gzipKb: number; rawKb: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const page = await browser.newPage()
  const scripts = new Set<string>()
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname)
  })
  await page.goto(`http://127.0.0.1:${BENCH_PORT}/chinese/home`, { waitUntil: 'networkidle' })
  await browser.close()
  let gzip = 0
  let raw = 0
  for (const p of scripts) {
    const file = readFileSync(path.join(root, 'apps/web/dist', p.replace(/^\/chinese\//, '')))
    raw += file.length
    gzip += gzipSync(file, { level: 9 }).length
  }
  return { files: scripts.size, gzipKb: gzip / 1024, rawKb: raw / 1024 }
}

async function benchDatabase(
  label: string,
  env: Record<string, string>,
  plant: () => Promise<string>,
  fresh: () => Promise<void>,
  measureJs = false,
) {
  await fresh()
  const first = await startServer(env)
  await stopServer(first)
  const token = await plant()
  const restart = await startServer(env)
  const menu = load(['/api/menu/default'], CLIENTS)
  const info = load(['/api/userinfo/info'], CLIENTS, token)
  const rss = rssMb(restart.child.pid ?? 0)
  const js = measureJs ? await homePageJs() : undefined
  await stopServer(restart)
  // the same call when every request must ask the database for the session and the user
  const uncachedServer = await startServer({ ...env, SESSION_CACHE_MS: '0' })
  const uncached = load(['/api/userinfo/info'], CLIENTS, token)
  await stopServer(uncachedServer)
  console.log(`\n## ${label}`)
  console.log(`first start (empty data): ${fmt(first.seconds)} s`)
  console.log(`restart (existing data):  ${fmt(restart.seconds)} s`)
  const rows: Array<[string, LoadResult]> = [
    ['GET /api/menu/default', menu],
    ['GET /api/userinfo/info', info],
    ['GET /api/userinfo/info, SESSION_CACHE_MS=0 (session and user read from the database on every call)', uncached],
  ]
  for (const [name, r] of rows) printLoad(name, CLIENTS, r)
  console.log(`server memory (RSS after load): ${Math.round(rss)} MB`)
  return js
}

async function main() {
  ensureWrk()
  console.log(
    `# rs-portal benchmark (${new Date().toISOString()}; wrk, ${CLIENTS} connections, ${BENCH_SECONDS} s per endpoint after 2 s warm-up)`,
  )
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-'))
  const js = await benchDatabase(
    'PGlite (embedded)',
    { DATA_DIR: dataDir },
    () => plantSession({ dataDir: path.join(dataDir, 'pgdata') }),
    async () => {},
    true,
  )
  rmSync(dataDir, { recursive: true, force: true })

  await withPostgres('rs_bench', async (databaseUrl, recreate) => {
    await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl }, () => plantSession({ databaseUrl }), recreate)
  })
  if (js) console.log(`\nhome page JavaScript: ${js.files} files, ${fmt(js.rawKb)} KB raw, ${fmt(js.gzipKb)} KB gzip (level 9)`)
}

await main()
process.exit(0)
