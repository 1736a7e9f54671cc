import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rs_e2e'

/**
 * Browser journeys against the built portal on PostgreSQL, in Debian's Chromium. scripts/test-e2e.sh
 * prepares both and runs shards at once, each with its own port, database and folders (E2E_*).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // measurements (titles with @bench: frames per second, a cold first view three times) print
  // figures and run by `npm run bench:browser`; the journeys check what a person sees
  ...(process.env.E2E_BENCH ? { grep: /@bench/ } : { grepInvert: /@bench/ }),
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // no trace while recording: its screencast and DOM snapshots took a third of every test's time on the
    // 2-core machine (6 tests: 84 s with traces kept on failure, 57 s without); a failure keeps its
    // screenshot and error context, and `--trace on` records one when a failure needs it
    trace: 'off',
    // one browser context per worker, which Playwright resets between tests (cookies, storage, extra
    // pages, routes, emulation) and keeps with its HTTP cache: a test starts without a new browser
    // profile (96 tests: 916 s → 891 s summed). A test that changes its page beyond those (CPU
    // throttling by CDP) does it in a page of its own; a test.use with other device options gets a new context.
    reuseContext: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `rs-portal-e2e-${port}`),
      LOG_LEVEL: 'warn',
      SESSION_IDLE_MINUTES: '120',
      // the journeys log in as the administrator with a known password instead of the printed random one
      BOOTSTRAP_ADMIN_PASSWORD: 'Admin@2026',
      // password hashes at scrypt N = 2^12, not 2^17 (as the API tests): the journeys log in dozens of
      // times and check what a login does, not how slow its hash is
      PASSWORD_SCRYPT_LOG2N: '12',
    },
  },
})
