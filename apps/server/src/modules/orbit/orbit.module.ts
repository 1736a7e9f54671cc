import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createOrbitRepository } from './orbit.repository'
import { registerOrbitRoutes } from './orbit.routes'
import { createOrbitService } from './orbit.service'

/** Orbit prediction and the administrator's element upload, which emits tle.replaced. */
export function registerOrbit(app: FastifyInstance, { db, pools, audit, events, areas }: ModuleDeps) {
  registerOrbitRoutes(app, createOrbitService(createOrbitRepository(db), pools.tasks, audit, events, areas))
}
