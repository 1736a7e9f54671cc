import { displayKey, PERMISSION, PERMISSION_CODE_PATTERN, REGION_CODE_PATTERN, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { hashPassword, randomPassword, verifyPassword } from '../lib/password'
import { rememberCurrentPassword } from './password-history'
import type { Database } from './schema'

/** User name of the administrator the first start creates. */
export const ADMIN_USERNAME = 'admin'

/** The administrator password earlier releases published in README.md; found at start, it must be changed. */
const PUBLISHED_ADMIN_PASSWORD = 'Admin@2026'

/** Menu keys of the three menu groups (not tied to one module). */
export const MENU_GROUP_KEYS = ['MOD_055_DISPLAY', 'MOD_083_DISPLAY', 'MOD_087_DISPLAY']

/** A module code with its menu display key (system administration has none: holding MOD_001 shows its menu). */
export const withDisplay = (codes: readonly string[]) => [...codes, ...codes.filter((c) => c !== PERMISSION.systemAdmin).map(displayKey)]

/** Every module, every menu key and the whole country: what the administrator holds. */
export const ADMIN_PERMISSIONS = [...withDisplay(Object.values(PERMISSION)), ...MENU_GROUP_KEYS]

export interface NewAccount {
  username: string
  password: string
  realName?: string
  organization?: string
  telephone?: string | null
  email?: string | null
  permissions?: readonly string[]
  regionIds?: readonly string[]
  mustChangePassword?: boolean
  /** Backdates the last password change (demo of the 30-day warning). */
  passwordAgeDays?: number
  isService?: boolean
}

/** Thrown for bad input to the account operations (the CLI prints the message). */
export class AccountError extends Error {}

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{2,64}$/

/** Checks permission codes and region codes before anything is written. */
function checkGrants(permissions: readonly string[], regionIds: readonly string[]) {
  const badCode = permissions.find((p) => !PERMISSION_CODE_PATTERN.test(p))
  if (badCode) throw new AccountError(`权限代码无效：${badCode}（应为 MOD_xxx 或 MOD_xxx_DISPLAY）`)
  const badRegion = regionIds.find((r) => !REGION_CODE_PATTERN.test(r))
  if (badRegion) throw new AccountError(`行政区代码无效：${badRegion}（应为6位数字）`)
}

/**
 * Creates an account with its permissions and area ranges in one transaction; the password is
 * stored only as a hash. Used by the first start (administrator), the operator command and the
 * demo accounts alike.
 */
export async function createAccount(db: Kysely<Database>, account: NewAccount, passwordHash?: string): Promise<number> {
  if (!USERNAME_PATTERN.test(account.username)) throw new AccountError(`用户名无效：${account.username}（2–64位字母、数字、_ . -）`)
  const permissions = [...new Set(account.permissions ?? [])]
  const regionIds = [...new Set(account.regionIds ?? [])]
  checkGrants(permissions, regionIds)
  const existing = await db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(username)`, '=', account.username.toLowerCase())
    .executeTakeFirst()
  if (existing) throw new AccountError(`用户已存在：${account.username}`)
  const hash = passwordHash ?? (await hashPassword(account.password))
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        username: account.username,
        password_hash: hash,
        telephone: account.telephone ?? null,
        email: account.email ?? null,
        real_name: account.realName ?? '',
        organization: account.organization ?? '',
        is_service: account.isService ?? false,
        must_change_password: account.mustChangePassword ?? false,
        password_changed_at: new Date(Date.now() - (account.passwordAgeDays ?? 0) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (permissions.length > 0) {
      await trx
        .insertInto('user_permission')
        .values(permissions.map((code) => ({ user_id: id, code })))
        .execute()
    }
    if (regionIds.length > 0) {
      await trx
        .insertInto('area_range')
        .values(regionIds.map((regionId) => ({ user_id: id, type: 'regionId', region_id: regionId, status: 0, is_delete: 0 })))
        .execute()
    }
    return id
  })
}

async function findId(db: Kysely<Database>, username: string): Promise<number> {
  const row = await db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst()
  if (!row) throw new AccountError(`用户不存在：${username}`)
  return row.id
}

/**
 * Sets a new password (a random one when none is given, returned to print once), lifts any lock
 * and ends the account's sessions. `mustChangePassword` asks for another change at the next login.
 */
export async function resetPassword(
  db: Kysely<Database>,
  username: string,
  options: { password?: string; mustChangePassword?: boolean } = {},
): Promise<{ userId: number; password: string; generated: boolean }> {
  const userId = await findId(db, username)
  const password = options.password ?? randomPassword()
  const hash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    await rememberCurrentPassword(trx, userId)
    await trx
      .updateTable('app_user')
      .set({
        password_hash: hash,
        password_changed_at: new Date(),
        must_change_password: options.mustChangePassword ?? false,
        failed_attempts: 0,
        locked_until: null,
      })
      .where('id', '=', userId)
      .execute()
    await trx.deleteFrom('user_session').where('user_id', '=', userId).execute()
  })
  return { userId, password, generated: options.password === undefined }
}

/** Lifts a login lock; returns whether the account was locked. */
export async function unlockAccount(db: Kysely<Database>, username: string): Promise<{ userId: number; wasLocked: boolean }> {
  const userId = await findId(db, username)
  const before = await db
    .selectFrom('app_user')
    .select(sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  await db.updateTable('app_user').set({ failed_attempts: 0, locked_until: null }).where('id', '=', userId).execute()
  return { userId, wasLocked: before.locked }
}

/**
 * The first start's administrator: when no account named admin exists, creates it with every
 * permission and the whole country. With a configured password (BOOTSTRAP_ADMIN_PASSWORD, for
 * tests and scripted installs) that password is used as it is; otherwise a random one is made,
 * returned once for the console, and must be changed at the first login (code 2).
 */
export async function ensureAdministrator(
  db: Kysely<Database>,
  options: { password?: string } = {},
): Promise<{ created: false; retiredPublishedPassword: boolean } | { created: true; userId: number; generatedPassword: string | null }> {
  const existing = await db
    .selectFrom('app_user')
    .select(['id', 'password_hash', 'must_change_password'])
    .where(sql`lower(username)`, '=', ADMIN_USERNAME)
    .executeTakeFirst()
  if (existing) {
    // a database from a release that published the administrator's password: that password must go
    const isPublished =
      options.password !== PUBLISHED_ADMIN_PASSWORD &&
      !existing.must_change_password &&
      (await verifyPassword(PUBLISHED_ADMIN_PASSWORD, existing.password_hash))
    if (isPublished) await db.updateTable('app_user').set({ must_change_password: true }).where('id', '=', existing.id).execute()
    return { created: false, retiredPublishedPassword: isPublished }
  }
  const password = options.password ?? randomPassword()
  const userId = await createAccount(db, {
    username: ADMIN_USERNAME,
    password,
    realName: '系统管理员',
    organization: '',
    permissions: ADMIN_PERMISSIONS,
    regionIds: [WHOLE_COUNTRY_CODE],
    mustChangePassword: options.password === undefined,
  })
  return { created: true, userId, generatedPassword: options.password === undefined ? password : null }
}
