/**
 * npx tsx scripts/bench-satellites.ts: latency of the satellite information API under concurrent
 * clients (Debian's wrk) and the JavaScript each satellite screen loads beyond the shell, as
 * Chromium fetches it. Prints figures; asserts nothing. Runs against the embedded PGlite and, when
 * reachable, the local PostgreSQL+PostGIS. BENCH_CLIENTS (default 10) and BENCH_SECONDS (default
 * 10) set the load; the web app is built first (npm run build).
 *
 * "Beyond the shell" = every script a direct visit to the screen loads, minus the entry script and
 * the chunks index.html preloads (what every screen of the portal loads anyway).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { SATELLITE_ANALYSIS_PAGES } from '../packages/shared/src/domain/routes'
import { BENCH_PORT, ensureWrk, fmt, load, printLoad, root, startServer, stopServer, withPostgres } from './bench-support'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10)
const dist = path.join(root, 'apps/web/dist')

const ENDPOINTS: Array<[string, string[]]> = [
  ['GET /api/satellite/catalogue', ['/api/satellite/catalogue']],
  [
    'GET /api/satellite/catalogue?type=1|2|3',
    ['/api/satellite/catalogue?type=1', '/api/satellite/catalogue?type=2', '/api/satellite/catalogue?type=3'],
  ],
  ['GET /api/satellite/sensors', ['/api/satellite/sensors']],
  ['GET /api/satellite/list', ['/api/satellite/list']],
  [
    'GET /api/satellite/detail (gf1, zy3, sentinel1, jl1)',
    ['gf1', 'zy3', 'sentinel1', 'jl1'].map((s) => `/api/satellite/detail?slug=${s}`),
  ],
  ['GET /api/satellite/tle?slug= (gf1, jl1)', ['/api/satellite/tle?slug=gf1', '/api/satellite/tle?slug=jl1']],
  ['GET /api/satellite/events', ['/api/satellite/events?limit=10']],
  ['GET /api/satellite/analysis (the six pages)', SATELLITE_ANALYSIS_PAGES.map((p) => `/api/satellite/analysis?page=${p}`)],
  ['GET /api/satellite/analysis/chart (SVG)', ['/api/satellite/analysis/chart?page=general-statistic&figure=byCategory']],
  ['GET /api/news/list', ['/api/news/list?page=1&pageSize=10']],
  ['GET /api/satellite/typical-images', ['/api/satellite/typical-images']],
]

const SCREENS = [
  'home',
  'satellite/chinese',
  'satellite/chinese/gf1',
  'satellite/global/sentinel1',
  'satellite/analysis/general-statistic',
  'satellite/image',
  'satellite/news',
  'satellite/news/1',
]

/** The entry script and the chunks index.html preloads. */
function shellScripts(): Set<string> {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  return new Set([...html.matchAll(/(?:src|href)="(\/chinese\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''))
}

const gzipKb = (files: Iterable<string>) => {
  let total = 0
  for (const p of files) total += gzipSync(readFileSync(path.join(dist, p.replace(/^\/chinese\//, ''))), { level: 9 }).length
  return total / 1024
}

async function screenScripts() {
  const shell = shellScripts()
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  console.log(
    `\n## JavaScript per screen (direct visit; shell = entry + preloaded chunks: ${shell.size} files, ${fmt(gzipKb(shell))} KB gzip)`,
  )
  for (const screen of SCREENS) {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname)
    })
    await page.goto(`http://127.0.0.1:${BENCH_PORT}/chinese/${screen}`, { waitUntil: 'networkidle' })
    await page.close()
    const beyond = [...scripts].filter((s) => !shell.has(s))
    console.log(`/${screen}: ${beyond.length} files beyond the shell, ${fmt(gzipKb(beyond))} KB gzip (all: ${fmt(gzipKb(scripts))} KB)`)
  }
  await browser.close()
}

function benchApi(label: string) {
  console.log(`\n## ${label}`)
  for (const [name, paths] of ENDPOINTS) printLoad(name, CLIENTS, load(paths, CLIENTS))
}

async function main() {
  ensureWrk()
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('npm run build failed')
  console.log(`# satellite information benchmark (${new Date().toISOString()}; wrk, ${CLIENTS} connections)`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rs-bench-sat-'))
  const server = await startServer({ DATA_DIR: dataDir })
  benchApi('PGlite (embedded)')
  await screenScripts()
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
  await withPostgres('rs_bench_sat', async (databaseUrl, recreate) => {
    await recreate()
    const pgServer = await startServer({ DATABASE_URL: databaseUrl })
    benchApi('PostgreSQL')
    await stopServer(pgServer)
  })
}

await main()
process.exit(0)
