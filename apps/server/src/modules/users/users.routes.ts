import {
  adminPermissionCatalogue,
  adminSetUserAreaRanges,
  adminSetUserDisabled,
  adminSetUserPermissions,
  adminUnlockUser,
  adminUsers,
  areaRange,
  cartCount,
  userInfo,
} from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { UsersService } from './users.service'

export function registerUsersRoutes(app: FastifyInstance, users: UsersService) {
  bindRoute(app, userInfo, async ({ user }) => users.userInfo(user))
  bindRoute(app, areaRange, async ({ user, query }) => users.areaRanges(user, query))
  bindRoute(app, cartCount, async ({ user }) => users.cartCount(user))
  bindRoute(app, adminUsers, async ({ query }) => users.listUsers(query.q))
  bindRoute(app, adminPermissionCatalogue, async () => users.permissionCatalogue())
  bindRoute(app, adminSetUserDisabled, async ({ user, body, request }) => users.setDisabled(user, body.id, body.disabled, request.ip))
  bindRoute(app, adminSetUserPermissions, async ({ user, body, request }) =>
    users.setPermissions(user, body.id, body.permissions, request.ip),
  )
  bindRoute(app, adminSetUserAreaRanges, async ({ user, body, request }) => users.setAreaRanges(user, body.id, body.regionIds, request.ip))
  bindRoute(app, adminUnlockUser, async ({ user, body, request }) => users.unlock(user, body.id, request.ip))
}
