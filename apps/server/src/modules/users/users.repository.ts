import type { AdminUser, AreaRange, UserInfo } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { permissionCodesOf } from '../../db/fragments'
import type { Database } from '../../db/schema'

function mask(value: string, keepStart: number, keepEnd: number): string {
  if (value.length <= keepStart + keepEnd) return value
  return value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - keepEnd) + value.slice(value.length - keepEnd)
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${mask(local, 1, Math.min(1, local.length - 1))}@${domain}`
}

/** SQL for users, their permissions, area ranges, push nodes and cart size. */
export function createUsersRepository(db: Kysely<Database>) {
  return {
    /** The user information of SPEC.md §3 in one round trip (permissions and push nodes aggregated in SQL). */
    async findUserInfo(userId: number): Promise<UserInfo | undefined> {
      const user = await db
        .selectFrom('app_user as u')
        .select([
          'u.id',
          'u.username',
          'u.account_type',
          'u.telephone',
          'u.email',
          'u.real_name',
          'u.organization',
          'u.is_service',
          'u.password_changed_at',
          permissionCodesOf('u.id').as('permissions'),
          (eb) =>
            eb
              .selectFrom('user_push_node as un')
              .innerJoin('push_node as n', 'n.id', 'un.push_node_id')
              .whereRef('un.user_id', '=', 'u.id')
              .select(
                sql<Array<{
                  id: number
                  name: string
                  regionId: string
                }> | null>`json_agg(json_build_object('id', n.id, 'name', n.name, 'regionId', n.region_id) ORDER BY n.id)`.as('j'),
              )
              .as('pushNodes'),
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst()
      if (!user) return undefined
      return {
        id: user.id,
        username: user.username,
        accountType: user.account_type,
        telephone: user.telephone ? { value: mask(user.telephone, 3, 4), uri: `tel:${user.telephone}` } : null,
        email: user.email ? { value: maskEmail(user.email), uri: `mailto:${user.email}` } : null,
        permissions: user.permissions,
        lastModifyTime: user.password_changed_at.toISOString(),
        isServiceAccount: user.is_service,
        personInfo:
          user.account_type === 0
            ? { realName: user.real_name, organization: user.organization, relatePushNodeInfo: user.pushNodes ?? [] }
            : null,
      }
    },

    async findUserIdByName(username: string): Promise<number | undefined> {
      const row = await db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()
      return row?.id
    },

    /** Every area-range record of a user, as stored; the service keeps the active ones. */
    async listAreaRanges(userId: number): Promise<AreaRange[]> {
      const rows = await db
        .selectFrom('area_range')
        .select(['type', 'region_id', 'status', 'is_delete'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
      return rows.map((r) => ({ type: r.type, regionId: r.region_id, status: r.status, isDelete: r.is_delete }))
    },

    async countCartItems(userId: number): Promise<number> {
      const row = await db
        .selectFrom('cart_item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Every account with its permissions (codes and names), active area ranges and lock state. */
    async listUsersForAdmin(filter: { q?: string; id?: number } = {}): Promise<AdminUser[]> {
      const like = filter.q ? `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
      const rows = await db
        .selectFrom('app_user as u')
        .select([
          'u.id',
          'u.username',
          'u.real_name',
          'u.organization',
          'u.is_service',
          'u.disabled',
          'u.must_change_password',
          'u.failed_attempts',
          sql<Date | null>`CASE WHEN u.locked_until > now() THEN u.locked_until END`.as('locked_until'),
          permissionCodesOf('u.id').as('permissions'),
          (eb) =>
            eb
              .selectFrom('user_permission as up')
              .innerJoin('permission as p', 'p.code', 'up.code')
              .whereRef('up.user_id', '=', 'u.id')
              .select(
                sql<Array<{
                  code: string
                  name: string
                }> | null>`json_agg(json_build_object('code', p.code, 'name', p.name) ORDER BY p.code)`.as('n'),
              )
              .as('permissionNames'),
          (eb) =>
            eb
              .selectFrom('area_range as a')
              .whereRef('a.user_id', '=', 'u.id')
              .where('a.status', '=', 0)
              .where('a.is_delete', '=', 0)
              .where('a.type', '=', 'regionId')
              .select(sql<string[] | null>`array_agg(a.region_id ORDER BY a.region_id)`.as('r'))
              .as('regionIds'),
        ])
        .$if(filter.id !== undefined, (qb) => qb.where('u.id', '=', filter.id as number))
        .$if(like !== undefined, (qb) =>
          qb.where(
            sql<boolean>`(lower(u.username) LIKE ${like} OR lower(u.real_name) LIKE ${like} OR lower(u.organization) LIKE ${like}
              OR lower(coalesce(u.email, '')) LIKE ${like} OR coalesce(u.telephone, '') LIKE ${like})`,
          ),
        )
        .orderBy('u.id')
        .execute()
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        realName: r.real_name,
        organization: r.organization,
        isServiceAccount: r.is_service,
        disabled: r.disabled,
        mustChangePassword: r.must_change_password,
        permissions: r.permissions,
        permissionNames: r.permissionNames ?? [],
        regionIds: r.regionIds ?? [],
        lockedUntil: r.locked_until ? new Date(r.locked_until).toISOString() : null,
        failedAttempts: r.failed_attempts,
      }))
    },

    /** Sets the disabled flag; the user name and whether it was a service account, or undefined for an unknown user. */
    async setDisabled(userId: number, disabled: boolean): Promise<{ username: string; was: boolean } | undefined> {
      const row = await db
        .updateTable('app_user as u')
        .from('app_user as old')
        .set({ disabled })
        .whereRef('u.id', '=', 'old.id')
        .where('u.id', '=', userId)
        .returning(['u.username', 'old.disabled as was'])
        .executeTakeFirst()
      return row ? { username: row.username, was: row.was } : undefined
    },

    /** The permission catalogue (code and name). */
    async catalogue(): Promise<Array<{ code: string; name: string }>> {
      return db.selectFrom('permission').select(['code', 'name']).orderBy('code').execute()
    },

    /**
     * Replaces a user's permission codes and active area ranges in one transaction (ranges no
     * longer wanted are marked isDelete 1, new ones inserted); the codes and ranges before.
     */
    async setRights(
      userId: number,
      change: { permissions?: readonly string[]; regionIds?: readonly string[] },
    ): Promise<{ username: string; permissions: string[]; regionIds: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('app_user').select(['id', 'username']).where('id', '=', userId).forUpdate().executeTakeFirst()
        if (!user) return undefined
        const before = await trx.selectFrom('user_permission').select('code').where('user_id', '=', userId).orderBy('code').execute()
        const ranges = await trx
          .selectFrom('area_range')
          .select(['id', 'region_id'])
          .where('user_id', '=', userId)
          .where('type', '=', 'regionId')
          .where('status', '=', 0)
          .where('is_delete', '=', 0)
          .execute()
        if (change.permissions) {
          await trx.deleteFrom('user_permission').where('user_id', '=', userId).execute()
          if (change.permissions.length > 0)
            await trx
              .insertInto('user_permission')
              .values([...new Set(change.permissions)].map((code) => ({ user_id: userId, code })))
              .execute()
        }
        if (change.regionIds) {
          const wanted = new Set(change.regionIds)
          const gone = ranges.filter((r) => !wanted.has(r.region_id)).map((r) => r.id)
          if (gone.length > 0) await trx.updateTable('area_range').set({ is_delete: 1 }).where('id', 'in', gone).execute()
          const held = new Set(ranges.map((r) => r.region_id))
          const fresh = [...wanted].filter((code) => !held.has(code))
          if (fresh.length > 0)
            await trx
              .insertInto('area_range')
              .values(fresh.map((region_id) => ({ user_id: userId, type: 'regionId', region_id, status: 0, is_delete: 0 })))
              .execute()
        }
        return { username: user.username, permissions: before.map((p) => p.code), regionIds: ranges.map((r) => r.region_id).sort() }
      })
    },

    /** The codes among `codes` that name no region. */
    async unknownRegions(codes: readonly string[]): Promise<string[]> {
      if (codes.length === 0) return []
      const rows = await db
        .selectFrom('region')
        .select('code')
        .where('code', 'in', [...codes])
        .execute()
      const known = new Set(rows.map((r) => r.code))
      return codes.filter((c) => !known.has(c))
    },

    async isServiceAccount(userId: number): Promise<boolean | undefined> {
      const row = await db.selectFrom('app_user').select('is_service').where('id', '=', userId).executeTakeFirst()
      return row?.is_service
    },

    /** Lifts a login lock and restarts the failure count; undefined for an unknown user. */
    async unlock(userId: number): Promise<{ username: string; wasLocked: boolean } | undefined> {
      const row = await db
        .updateTable('app_user as u')
        .from('app_user as old')
        .set({ failed_attempts: 0, locked_until: null })
        .whereRef('u.id', '=', 'old.id')
        .where('u.id', '=', userId)
        .returning(['u.username', sql<boolean>`coalesce(old.locked_until > now(), false)`.as('wasLocked')])
        .executeTakeFirst()
      return row ? { username: row.username, wasLocked: row.wasLocked } : undefined
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
