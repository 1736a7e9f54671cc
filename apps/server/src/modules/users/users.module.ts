import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createUsersRepository } from './users.repository'
import { registerUsersRoutes } from './users.routes'
import { createUsersService } from './users.service'

/** User information and the administration of accounts; forgets a user's cached information on account.changed. */
export function registerUsers(app: FastifyInstance, { db, config, audit, events }: ModuleDeps) {
  const users = createUsersService(createUsersRepository(db), { cacheMs: config.SESSION_CACHE_MS }, audit, events)
  events.on('account.changed', ({ userId }) => users.forgetUser(userId))
  registerUsersRoutes(app, users)
}
