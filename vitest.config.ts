import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * The tests hash passwords at scrypt N = 2^12 instead of the server's 2^17 (lib/password.ts): the
 * demo accounts of every test database and every login then take milliseconds, not 0.7 s each. Set
 * here, before the global setup seeds the template database, so seeded and new hashes agree.
 */
process.env.PASSWORD_SCRYPT_LOG2N ??= '12'

/**
 * The API tests run once, on PostgreSQL+PostGIS (the production engine): DATABASE_URL, or the
 * local server that CI and `npm test` use. `DATABASE_URL= npx vitest run --project server` (empty)
 * runs them all on the embedded PGlite instead.
 */
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * The set that proves the embedded default (PGlite) on every run: one journey per slice on one
 * server, migrations and the worker-thread client, the loaders a first start runs, the vector-tile
 * fallback (PGlite has no ST_AsMVT) and the statement triggers of the monitoring rollup.
 */
const PGLITE_SET = [
  'apps/server/src/test/pglite-journeys.test.ts',
  'apps/server/src/db/*.test.ts',
  'apps/server/src/datasets/*/load.test.ts',
  'apps/server/src/modules/map/tile-zoom.test.ts',
  'apps/server/src/modules/monitor/statistics-rollup.test.ts',
  'apps/server/src/app.spa.test.ts',
]

const serverTest = {
  environment: 'node' as const,
  // every file builds its own app on its own database, so files need not re-import the server's
  // module graph each (import time 367 s → 38 s summed over the files)
  isolate: false,
  // the database every API test copies, prepared once per run and project
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
}

export default defineConfig({
  test: {
    // a test file's work is mostly in its database (PGlite's thread, or PostgreSQL): two files at a
    // time keep both cores of a 2-core machine busy (vitest's default there is one)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'data/scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // files that open PGlite whatever DATABASE_URL says run once, in the PGlite set
          exclude: [
            'apps/server/src/test/pglite-journeys.test.ts',
            'apps/server/src/db/pglite-client.test.ts',
            'apps/server/src/db/fragments.test.ts',
          ],
          env: { DATABASE_URL: postgresUrl },
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-pglite',
          include: PGLITE_SET,
          env: { DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // antd's screens take seconds to render on a loaded 2-core machine: a test waits for what
          // it waits for (Testing Library's timeout, setup-dom.ts), not for vitest's 5 s default
          testTimeout: 60_000,
        },
      },
    ],
  },
})
