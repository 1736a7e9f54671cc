import { satelliteCatalogue, satelliteDetail, satelliteEvents, satelliteList, satelliteSensors, satelliteTle } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SatellitesService } from './satellites.service'

/** Satellite reference data: catalogue, sensor mapping, list, facts of one series, orbit elements, launch events. */
export function registerSatellitesRoutes(app: FastifyInstance, satellites: SatellitesService) {
  bindRoute(app, satelliteCatalogue, async ({ query }) => satellites.catalogue(query.type))
  bindRoute(app, satelliteSensors, async () => satellites.sensors())
  bindRoute(app, satelliteList, async () => satellites.list())
  bindRoute(app, satelliteDetail, async ({ query }) => satellites.detail(query.slug))
  bindRoute(app, satelliteTle, async ({ query }) => satellites.tle(query.slug))
  bindRoute(app, satelliteEvents, async ({ query }) => satellites.events(query.limit))
}
