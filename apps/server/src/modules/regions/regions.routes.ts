import { regionBoundary, regionByCode, regionChildren, regionParents, regionSearch } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { RegionsService } from './regions.service'

/** Administrative regions: detail, children, parent chain, search, boundary. */
export function registerRegionsRoutes(app: FastifyInstance, regions: RegionsService) {
  bindRoute(app, regionByCode, async ({ query }) => regions.detailJson(query.code))
  bindRoute(app, regionChildren, async ({ query }) => regions.childrenJson(query.code))
  bindRoute(app, regionParents, async ({ query }) => regions.parentsJson(query.code))
  bindRoute(app, regionSearch, async ({ query }) => regions.search(query.name, query.limit))
  bindRoute(app, regionBoundary, async ({ query }) => regions.boundary(query.code))
  // the boundary cache is filled in the background once the server listens (not awaited: listening
  // and the first requests do not wait for it; a request for a region not kept yet reads its own)
  app.addHook('onListen', async () => {
    void regions.preloadBoundaries().then(
      (kept) => app.log.info({ kept }, 'region boundaries kept in memory'),
      (error) => app.log.warn({ err: error }, 'region boundaries not preloaded'),
    )
  })
}
