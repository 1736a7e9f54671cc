import { satelliteCatalogue, satelliteDetail, satelliteEvents, satelliteList, satelliteSensors, satelliteTle } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SessionResolver } from '../../plugins/auth'
import type { SatellitesService } from './satellites.service'

/** Satellite reference data: catalogue, sensor mapping, list, facts of one series, orbit elements, launch events. */
export function registerSatellitesRoutes(app: FastifyInstance, satellites: SatellitesService, resolve: SessionResolver) {
  bindRoute(app, satelliteCatalogue, resolve, async ({ query }) => satellites.catalogue(query.type))
  bindRoute(app, satelliteSensors, resolve, async () => satellites.sensors())
  bindRoute(app, satelliteList, resolve, async () => satellites.list())
  bindRoute(app, satelliteDetail, resolve, async ({ query }) => satellites.detail(query.slug))
  bindRoute(app, satelliteTle, resolve, async ({ query }) => satellites.tle(query.slug))
  bindRoute(app, satelliteEvents, resolve, async ({ query }) => satellites.events(query.limit))
}
