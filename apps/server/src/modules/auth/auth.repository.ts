import { type Kysely, sql } from 'kysely'
import { areaRegionIdsOf, permissionCodesOf } from '../../db/fragments'
import { recentPasswordHashes, rememberCurrentPassword } from '../../db/password-history'
import type { Database } from '../../db/schema'
import type { SessionUser } from '../../lib/session'

export interface LoginCandidate {
  id: number
  username: string
  passwordHash: string
  disabled: boolean
  isService: boolean
  mustChangePassword: boolean
  failedAttempts: number
  lockedUntil: Date | null
}

/** SQL for captchas, login attempts and sessions. */
export function createAuthRepository(db: Kysely<Database>) {
  return {
    /** Stores (or replaces, on refresh) the captcha of a token, and drops expired ones. */
    async saveCaptcha(token: string, answer: string, secretKey: string, expiresAt: Date) {
      await db.deleteFrom('captcha').where('expires_at', '<', new Date()).execute()
      await db
        .insertInto('captcha')
        .values({ token, answer, secret_key: secretKey, expires_at: expiresAt })
        .onConflict((oc) => oc.column('token').doUpdateSet({ answer, secret_key: secretKey, expires_at: expiresAt }))
        .execute()
    },

    /** Takes a captcha out for good (single use); undefined when unknown or expired. */
    async consumeCaptcha(token: string) {
      const row = await db
        .deleteFrom('captcha')
        .where('token', '=', token)
        .returning(['answer', 'secret_key', 'expires_at'])
        .executeTakeFirst()
      if (!row || row.expires_at.getTime() < Date.now()) return undefined
      return { answer: row.answer, secretKey: row.secret_key }
    },

    /** A user by user name, telephone or e-mail (case-insensitive for names and e-mail). */
    async findLoginCandidate(login: string): Promise<LoginCandidate | undefined> {
      const row = await db
        .selectFrom('app_user')
        .select(['id', 'username', 'password_hash', 'disabled', 'is_service', 'must_change_password', 'failed_attempts', 'locked_until'])
        .where((eb) =>
          eb.or([
            eb(sql`lower(username)`, '=', login.toLowerCase()),
            eb('telephone', '=', login),
            eb(sql`lower(email)`, '=', login.toLowerCase()),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst()
      if (!row) return undefined
      return {
        id: row.id,
        username: row.username,
        passwordHash: row.password_hash,
        disabled: row.disabled,
        isService: row.is_service,
        mustChangePassword: row.must_change_password,
        failedAttempts: row.failed_attempts,
        lockedUntil: row.locked_until,
      }
    },

    /**
     * Reserves one login attempt before the password is looked at: one UPDATE counts it as a
     * failure, and only while the account is not locked and fewer than `maxFailures` attempts are
     * counted (those in flight included). Undefined: locked, so nothing may be evaluated.
     */
    async reserveAttempt(userId: number, maxFailures: number): Promise<number | undefined> {
      const row = await db
        .updateTable('app_user')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', userId)
        .where('failed_attempts', '<', maxFailures)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
        .returning('failed_attempts')
        .executeTakeFirst()
      return row?.failed_attempts
    },

    /** Locks an account for `minutes` (database clock) and restarts its count; returns the end of the lock. */
    async lock(userId: number, minutes: number): Promise<Date> {
      const row = await db
        .updateTable('app_user')
        .set({ failed_attempts: 0, locked_until: sql<Date>`now() + make_interval(mins => ${minutes})` })
        .where('id', '=', userId)
        .returning('locked_until')
        .executeTakeFirstOrThrow()
      return row.locked_until as Date
    },

    /**
     * Clears the count after a right password, unless the account was locked meanwhile (by
     * attempts in flight): then false, and the lock stays.
     */
    async recordSuccess(userId: number): Promise<boolean> {
      const row = await db
        .updateTable('app_user')
        .set({ failed_attempts: 0, locked_until: null })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    /** A new password chosen by its owner: the change date is now and no change is pending any more. */
    async setPassword(userId: number, passwordHash: string) {
      await db.transaction().execute(async (trx) => {
        await rememberCurrentPassword(trx, userId)
        await trx
          .updateTable('app_user')
          .set({ password_hash: passwordHash, password_changed_at: new Date(), must_change_password: false })
          .where('id', '=', userId)
          .execute()
      })
    },

    /** The hashes a new password may not match: the current one and the four before it. */
    recentPasswordHashes(userId: number) {
      return recentPasswordHashes(db, userId)
    },

    /** Ends every session of an account; returns their token hashes. */
    async deleteSessionsOf(userId: number): Promise<string[]> {
      const rows = await db.deleteFrom('user_session').where('user_id', '=', userId).returning('token_hash').execute()
      return rows.map((r) => r.token_hash)
    },

    /** Stores a new hash of the same password (cost upgrade at login); the change date stays. */
    async updatePasswordHash(userId: number, passwordHash: string) {
      await db.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    },

    async findServiceAccount(username: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'disabled'])
        .where('username', '=', username)
        .where('is_service', '=', true)
        .executeTakeFirst()
    },

    /**
     * Opens a session and ends the account's oldest ones beyond `maxSessions`; returns the token
     * hashes of the sessions it ended.
     */
    async createSession(input: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string; maxSessions: number }) {
      await db.deleteFrom('user_session').where('expires_at', '<', new Date()).execute()
      await db
        .insertInto('user_session')
        .values({
          token_hash: input.tokenHash,
          user_id: input.userId,
          last_seen_at: new Date(),
          expires_at: input.expiresAt,
          ip: input.ip.slice(0, 64),
          user_agent: input.userAgent.slice(0, 256),
        })
        .execute()
      const revoked = await db
        .deleteFrom('user_session')
        .where('user_id', '=', input.userId)
        .where(
          'id',
          'not in',
          db
            .selectFrom('user_session')
            .select('id')
            .where('user_id', '=', input.userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(input.maxSessions),
        )
        .returning('token_hash')
        .execute()
      return revoked.map((r) => r.token_hash)
    },

    /**
     * The live session of a token hash with its user's permissions; undefined when unknown,
     * idle too long, past its absolute expiry, or the user is disabled. Refreshes last-seen at most once a minute.
     */
    async resolveSession(tokenHash: string, idleMinutes: number): Promise<SessionUser | undefined> {
      const row = await db
        .selectFrom('user_session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .select([
          's.id as sessionId',
          's.last_seen_at as lastSeenAt',
          'u.id as userId',
          'u.username',
          'u.is_service as isService',
          permissionCodesOf('u.id').as('permissions'),
          areaRegionIdsOf('u.id').as('regionIds'),
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires_at', '>', new Date())
        .where('s.last_seen_at', '>', new Date(Date.now() - idleMinutes * 60_000))
        .where('u.disabled', '=', false)
        .executeTakeFirst()
      if (!row) return undefined
      if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
        await db.updateTable('user_session').set({ last_seen_at: new Date() }).where('id', '=', row.sessionId).execute()
      }
      return {
        sessionId: row.sessionId,
        userId: row.userId,
        username: row.username,
        isServiceAccount: row.isService,
        // service accounts act with the least rights, whatever permissions or regions their rows were given
        permissions: row.isService ? [] : row.permissions,
        regionIds: row.isService ? [] : row.regionIds,
      }
    },

    async deleteSession(sessionId: number) {
      await db.deleteFrom('user_session').where('id', '=', sessionId).execute()
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
