import { regionBoundary, regionByCode, regionChildren, regionParents, regionSearch } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SessionResolver } from '../../plugins/auth'
import type { RegionsService } from './regions.service'

/** Administrative regions: detail, children, parent chain, search, boundary. */
export function registerRegionsRoutes(app: FastifyInstance, regions: RegionsService, resolve: SessionResolver) {
  bindRoute(app, regionByCode, resolve, async ({ query }) => regions.detailJson(query.code))
  bindRoute(app, regionChildren, resolve, async ({ query }) => regions.childrenJson(query.code))
  bindRoute(app, regionParents, resolve, async ({ query }) => regions.parentsJson(query.code))
  bindRoute(app, regionSearch, resolve, async ({ query }) => regions.search(query.name, query.limit))
  bindRoute(app, regionBoundary, resolve, async ({ query }) => regions.boundary(query.code))
}
