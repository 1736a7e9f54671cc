import {
  buildMenu,
  defaultMenu,
  health,
  incrementVisit,
  PAGE_VISIT_NAMES,
  ROUTE_TREE,
  type SiteConfig,
  siteConfig,
  visitCounts,
} from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { DatabaseKind } from '../../db/database'
import { ApiError } from '../../lib/errors'
import { bindRoute } from '../../lib/route'
import type { SiteRepository } from './site.repository'

const HEALTH_WAIT_MS = 2000

/** Menu, public configuration, visit counters and health. */
export function registerSiteRoutes(app: FastifyInstance, repo: SiteRepository, site: SiteConfig, kind: DatabaseKind) {
  const visitorMenu = buildMenu(ROUTE_TREE, { isLoggedIn: false, permissions: [] })
  const started = Date.now()

  bindRoute(app, defaultMenu, async () => visitorMenu)
  bindRoute(app, siteConfig, async () => site)

  bindRoute(
    app,
    incrementVisit,
    async ({ body }) => {
      if (!PAGE_VISIT_NAMES.has(body.name)) throw ApiError.of(400, 'errors.unknownPage', { name: body.name })
      return { name: body.name, count: await repo.incrementVisit(body.name, body.label) }
    },
    { rateLimit: { max: 240, timeWindow: '1 minute' } },
  )
  bindRoute(app, visitCounts, async () => repo.visitCounts())

  // Health answers within HEALTH_WAIT_MS whatever the database is doing: a queue of heavy
  // statements makes it 'busy', a database that fails makes it an error.
  bindRoute(app, health, async () => {
    const t0 = performance.now()
    const ping = repo.ping().then(() => Math.round((performance.now() - t0) * 10) / 10)
    const waited = new Promise<null>((resolve) => setTimeout(resolve, HEALTH_WAIT_MS, null).unref())
    ping.catch(() => undefined)
    const databaseMs = await Promise.race([ping, waited])
    return {
      status: databaseMs === null ? ('busy' as const) : ('ok' as const),
      database: kind,
      databaseMs,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    }
  })
}
