import { type AdminUser, activeAreaRanges, PERMISSION, type UserInfo } from '@rs/shared'
import { LRUCache } from 'lru-cache'
import type { Events } from '../../capabilities/events'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import type { SessionUser } from '../../lib/session'
import type { UsersRepository } from './users.repository'

/**
 * User information, area ranges and cart size, with who-may-see-whom rules. User information is
 * reused for `cacheMs`, the same moment a resolved session is reused (AuthSettings.sessionCacheMs).
 */
export function createUsersService(
  repo: UsersRepository,
  options: { cacheMs: number },
  audit: AuditRecorder,
  events: Pick<Events, 'emit'>,
) {
  const infos = new LRUCache<number, UserInfo>({ max: 50_000, ttl: Math.max(options.cacheMs, 1) })
  async function adminUser(userId: number): Promise<AdminUser> {
    const [found] = await repo.listUsersForAdmin({ id: userId })
    if (!found) throw ApiError.of(404, 'errors.userNotFound')
    return found
  }
  return {
    /** Drops the user information kept for an account (its e-mail, telephone or name changed). */
    forgetUser(userId: number): void {
      infos.delete(userId)
    },

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

    listUsers(q?: string) {
      return repo.listUsersForAdmin({ q: q || undefined })
    },

    permissionCatalogue() {
      return repo.catalogue()
    },

    /** Disables (ending every session at once) or enables an account; not one's own. Audited. */
    async setDisabled(admin: SessionUser, userId: number, disabled: boolean, ip: string): Promise<AdminUser> {
      if (disabled && userId === admin.userId) throw ApiError.of(400, 'admin.errors.selfDisable')
      const result = await repo.setDisabled(userId, disabled)
      if (!result) throw ApiError.of(404, 'errors.userNotFound')
      // the auth module ends its sessions (a must-succeed event: a failure fails the request)
      if (disabled) await events.emit('account.disabled', { userId })
      infos.delete(userId)
      await audit.record({
        actor: actorOf(admin),
        ip,
        action: disabled ? 'userDisable' : 'userEnable',
        target: result.username,
        detail: { userId, was: result.was },
      })
      return adminUser(userId)
    },

    /** Replaces an account's permission codes (catalogue codes and their display keys). Audited. */
    async setPermissions(admin: SessionUser, userId: number, codes: readonly string[], ip: string): Promise<AdminUser> {
      const wanted = [...new Set(codes)].sort()
      const catalogue = new Set((await repo.catalogue()).map((p) => p.code))
      const unknown = wanted.filter((code) => !catalogue.has(code) && !catalogue.has(code.replace(/_DISPLAY$/, '')))
      if (unknown.length > 0) throw ApiError.of(400, 'admin.errors.unknownPermissions', { codes: unknown.join('、') })
      if (userId === admin.userId && !wanted.includes(PERMISSION.systemAdmin)) throw ApiError.of(400, 'admin.errors.selfAdmin')
      const isService = await repo.isServiceAccount(userId)
      if (isService === undefined) throw ApiError.of(404, 'errors.userNotFound')
      if (isService) throw ApiError.of(400, 'admin.errors.serviceAccount')
      const before = await repo.setRights(userId, { permissions: wanted })
      if (!before) throw ApiError.of(404, 'errors.userNotFound')
      infos.delete(userId)
      await audit.record({
        actor: actorOf(admin),
        ip,
        action: 'userPermissions',
        target: before.username,
        detail: {
          userId,
          added: wanted.filter((c) => !before.permissions.includes(c)),
          removed: before.permissions.filter((c) => !wanted.includes(c)),
        },
      })
      return adminUser(userId)
    },

    /** Replaces an account's area ranges (region codes that exist). Audited. */
    async setAreaRanges(admin: SessionUser, userId: number, regionIds: readonly string[], ip: string): Promise<AdminUser> {
      const wanted = [...new Set(regionIds)].sort()
      const unknown = await repo.unknownRegions(wanted)
      if (unknown.length > 0) throw ApiError.of(400, 'admin.errors.unknownRegions', { codes: unknown.join('、') })
      const isService = await repo.isServiceAccount(userId)
      if (isService === undefined) throw ApiError.of(404, 'errors.userNotFound')
      if (isService) throw ApiError.of(400, 'admin.errors.serviceAccount')
      const before = await repo.setRights(userId, { regionIds: wanted })
      if (!before) throw ApiError.of(404, 'errors.userNotFound')
      infos.delete(userId)
      await audit.record({
        actor: actorOf(admin),
        ip,
        action: 'userAreaRanges',
        target: before.username,
        detail: {
          userId,
          added: wanted.filter((c) => !before.regionIds.includes(c)),
          removed: before.regionIds.filter((c) => !wanted.includes(c)),
        },
      })
      return adminUser(userId)
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
