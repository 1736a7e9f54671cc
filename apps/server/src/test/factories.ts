import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { hashPassword } from '../lib/password'

/** An area range of a built user: a six-digit region code, or the full record to test the status rules. */
export type AreaRangeSpec = string | { regionId: string; status?: number; isDelete?: number }

export interface BuildUserOptions {
  /** Unique by default (`u_` and random hex). */
  username?: string
  /** The plain password the test logs in with; a valid one by default. */
  password?: string
  /** Permission codes (`MOD_002`, …, display keys too); unknown codes are added to the catalogue. */
  permissions?: string[]
  areaRanges?: AreaRangeSpec[]
  realName?: string
  organization?: string
  telephone?: string | null
  email?: string | null
  isService?: boolean
  disabled?: boolean
  mustChangePassword?: boolean
  /** Days since the last password change (the 30-day warning). */
  passwordAgeDays?: number
}

/** A user as built: its id and the credentials to log in with. */
export interface BuiltUser {
  id: number
  username: string
  password: string
}

export const DEFAULT_TEST_PASSWORD = 'Test@2026'

/**
 * Inserts a real user with its permissions and area ranges (rows in app_user, permission,
 * user_permission, area_range), so a test states only what it is about: e.g.
 * `buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'] })`.
 */
export async function buildUser(db: Kysely<Database>, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const username = options.username ?? `u_${randomBytes(5).toString('hex')}`
  const password = options.password ?? DEFAULT_TEST_PASSWORD
  const permissions = [...new Set(options.permissions ?? [])]
  const passwordHash = await hashPassword(password)
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        username,
        password_hash: passwordHash,
        telephone: options.telephone ?? null,
        email: options.email ?? null,
        real_name: options.realName ?? username,
        organization: options.organization ?? '',
        is_service: options.isService ?? false,
        disabled: options.disabled ?? false,
        must_change_password: options.mustChangePassword ?? false,
        password_changed_at: new Date(Date.now() - (options.passwordAgeDays ?? 0) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (permissions.length > 0) {
      await trx
        .insertInto('permission')
        .values(permissions.map((code) => ({ code, name: code })))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute()
      await trx
        .insertInto('user_permission')
        .values(permissions.map((code) => ({ user_id: id, code })))
        .execute()
    }
    const ranges = (options.areaRanges ?? []).map((a) => (typeof a === 'string' ? { regionId: a } : a))
    if (ranges.length > 0) {
      await trx
        .insertInto('area_range')
        .values(
          ranges.map((a) => ({ user_id: id, type: 'regionId', region_id: a.regionId, status: a.status ?? 0, is_delete: a.isDelete ?? 0 })),
        )
        .execute()
    }
    return id
  })
  return { id, username, password }
}
