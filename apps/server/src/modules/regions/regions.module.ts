import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createRegionsRepository } from './regions.repository'
import { registerRegionsRoutes } from './regions.routes'
import { createRegionsService } from './regions.service'

/** Administrative regions: codes, names, outlines. */
export function registerRegions(app: FastifyInstance, { db }: ModuleDeps) {
  registerRegionsRoutes(app, createRegionsService(createRegionsRepository(db)))
}
