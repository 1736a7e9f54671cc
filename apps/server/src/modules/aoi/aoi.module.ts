import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { registerAoiRoutes } from './aoi.routes'

/** The area upload's routes; the store itself is the area capability's (deps.areas.uploads), which the image query uses too. */
export function registerAoi(app: FastifyInstance, { config, areas }: ModuleDeps) {
  registerAoiRoutes(app, areas.uploads, config.AOI_UPLOADS_PER_MINUTE)
}
