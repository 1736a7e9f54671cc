import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { type Areas, createAreas } from './capabilities/area'
import { type Coverage, createCoverage } from './capabilities/coverage'
import type { Events } from './capabilities/events'
import { createEvents } from './capabilities/events'
import { createDelivery, createOutbox, type Delivery } from './capabilities/notification'
import type { Config } from './config'
import type { DatabaseHandle, DatabaseKind } from './db/database'
import type { Database } from './db/schema'
import type { AuditRecorder } from './lib/audit'
import type { TaskPool } from './lib/workers/pool'

/**
 * The thread pools: `tasks` runs CPU-heavy work for requests; `background` (one niced thread) runs
 * what nobody waits for yet, such as the analysis charts built at start; `jobs` runs what a user has
 * been promised (order packages, imports), apart from anonymous work and with budgets that count only the run.
 */
export interface Pools {
  tasks: TaskPool
  background: TaskPool
  jobs: TaskPool
}

/** What every module's registration receives (modules/index.ts builds it once). */
export interface ModuleDeps {
  config: Config
  db: Kysely<Database>
  databaseKind: DatabaseKind
  pools: Pools
  /** The typed events: a module emits what happened, the modules that react listen in their registration. */
  events: Events
  /** The notification capability's delivery: mail by SMTP or into the outbox, SMS through a provider. */
  delivery: Delivery
  audit: AuditRecorder
  /** The area capability: the upload store and the resolution of an area input (region, extent, drawn, upload). */
  areas: Areas
  /** The coverage capability: the engine that counts footprints per county × month, and the region tree it rolls up by. */
  coverage: Coverage
}

/** The deps every module shares before the audit module has given its recorder. */
export type SharedDeps = Omit<ModuleDeps, 'audit' | 'areas' | 'coverage'>

/** Builds the shared part of the deps: the event bus and the delivery (closed with the server). */
export function createSharedDeps(app: FastifyInstance, config: Config, database: DatabaseHandle, pools: Pools): SharedDeps {
  const delivery = createDelivery(
    {
      url: config.SMTP_URL,
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      requireTls: config.SMTP_REQUIRE_TLS,
      tlsRejectUnauthorized: config.SMTP_TLS_REJECT_UNAUTHORIZED,
      user: config.SMTP_USER,
      pass: config.SMTP_PASS,
      from: config.SMTP_FROM,
    },
    createOutbox(database.db),
  )
  app.addHook('onClose', async () => delivery.close())
  return { config, db: database.db, databaseKind: database.kind, pools, events: createEvents(app.log), delivery }
}

/** Completes the deps with the audit module's recorder and what records into it: the area capability (its uploads are audited). */
export function moduleDeps(shared: SharedDeps, audit: AuditRecorder): ModuleDeps {
  return {
    ...shared,
    audit,
    areas: createAreas({ db: shared.db, tasks: shared.pools.tasks, audit }),
    coverage: createCoverage({ db: shared.db, background: shared.pools.background, databaseKind: shared.databaseKind }),
  }
}
