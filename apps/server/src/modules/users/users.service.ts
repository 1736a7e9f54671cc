import { activeAreaRanges, PERMISSION } from '@rs/shared'
import { ApiError } from '../../lib/errors'
import type { SessionUser } from '../../plugins/auth'
import type { UsersRepository } from './users.repository'

/** User information, area ranges and cart size, with who-may-see-whom rules. */
export function createUsersService(repo: UsersRepository) {
  return {
    async userInfo(user: SessionUser) {
      const info = await repo.findUserInfo(user.userId)
      if (!info) throw ApiError.of(401, 'errors.sessionExpired')
      return info
    },

    /**
     * Active area ranges (status 0, isDelete 0) of the caller, or of another user named by
     * username or id when the caller is a system administrator.
     */
    async areaRanges(caller: SessionUser, target: { username?: string; id?: number }) {
      let userId = caller.userId
      const namesOther =
        (target.username && target.username.toLowerCase() !== caller.username.toLowerCase()) || (target.id && target.id !== caller.userId)
      if (namesOther) {
        if (!caller.permissions.includes(PERMISSION.systemAdmin)) throw ApiError.of(403, 'errors.areaRangeForbidden')
        const found = target.id ?? (target.username ? await repo.findUserIdByName(target.username) : undefined)
        if (!found) throw ApiError.of(404, 'errors.notFound')
        userId = found
      }
      return activeAreaRanges(await repo.listAreaRanges(userId))
    },

    cartCount(user: SessionUser) {
      return repo.countCartItems(user.userId)
    },

    listUsers() {
      return repo.listUsersForAdmin()
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
