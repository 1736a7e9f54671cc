import { adminUnlockUser, adminUsers, areaRange, cartCount, userInfo } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SessionResolver, SessionUser } from '../../plugins/auth'
import type { UsersService } from './users.service'

export function registerUsersRoutes(app: FastifyInstance, users: UsersService, resolve: SessionResolver) {
  // bindRoute guarantees a user on routes that are not public
  const must = (user: SessionUser | undefined) => user as SessionUser
  bindRoute(app, userInfo, resolve, async ({ user }) => users.userInfo(must(user)))
  bindRoute(app, areaRange, resolve, async ({ user, query }) => users.areaRanges(must(user), query))
  bindRoute(app, cartCount, resolve, async ({ user }) => users.cartCount(must(user)))
  bindRoute(app, adminUsers, resolve, async () => users.listUsers())
  bindRoute(app, adminUnlockUser, resolve, async ({ user, body, request }) => users.unlock(must(user), body.id, request.ip))
}
