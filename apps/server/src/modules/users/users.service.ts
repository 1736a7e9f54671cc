import { activeAreaRanges, PERMISSION, type UserInfo } from '@rs/shared'
import { LRUCache } from 'lru-cache'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import type { SessionUser } from '../../lib/session'
import type { UsersRepository } from './users.repository'

/**
 * User information, area ranges and cart size, with who-may-see-whom rules. User information is
 * reused for `cacheMs`, the same moment a resolved session is reused (AuthSettings.sessionCacheMs).
 */
export function createUsersService(repo: UsersRepository, options: { cacheMs: number }, audit: AuditRecorder) {
  const infos = new LRUCache<number, UserInfo>({ max: 50_000, ttl: Math.max(options.cacheMs, 1) })
  return {
    async userInfo(user: SessionUser): Promise<UserInfo> {
      const cached = options.cacheMs > 0 ? infos.get(user.userId) : undefined
      if (cached) return cached
      const found = await repo.findUserInfo(user.userId)
      if (!found) throw ApiError.of(401, 'errors.sessionExpired')
      // a service account's session acts with no rights (SessionUser.permissions), and says so
      const info = found.isServiceAccount ? { ...found, permissions: [] } : found
      if (options.cacheMs > 0) infos.set(user.userId, info)
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

    /** An administrator lifts a login lock; recorded in the audit log. */
    async unlock(admin: SessionUser, userId: number, ip: string): Promise<{ wasLocked: boolean }> {
      const result = await repo.unlock(userId)
      if (!result) throw ApiError.of(404, 'errors.userNotFound')
      await audit.record({
        actor: actorOf(admin),
        ip,
        action: 'userUnlock',
        target: result.username,
        detail: { userId, wasLocked: result.wasLocked },
      })
      return { wasLocked: result.wasLocked }
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
