import { adminUnlockUser, adminUsers, areaRange, cartCount, userInfo } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { UsersService } from './users.service'

export function registerUsersRoutes(app: FastifyInstance, users: UsersService) {
  bindRoute(app, userInfo, async ({ user }) => users.userInfo(user))
  bindRoute(app, areaRange, async ({ user, query }) => users.areaRanges(user, query))
  bindRoute(app, cartCount, async ({ user }) => users.cartCount(user))
  bindRoute(app, adminUsers, async () => users.listUsers())
  bindRoute(app, adminUnlockUser, async ({ user, body, request }) => users.unlock(user, body.id, request.ip))
}
