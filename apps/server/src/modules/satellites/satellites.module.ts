import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createSatellitesRepository } from './satellites.repository'
import { registerSatellitesRoutes } from './satellites.routes'
import { createSatellitesService } from './satellites.service'

/** The satellite catalogue and facts; reads its elements again on tle.replaced. */
export function registerSatellites(app: FastifyInstance, { db, events }: ModuleDeps) {
  const satellites = createSatellitesService(createSatellitesRepository(db))
  events.on('tle.replaced', () => satellites.reload())
  registerSatellitesRoutes(app, satellites)
}
