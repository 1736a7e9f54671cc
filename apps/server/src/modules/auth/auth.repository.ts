import { type Kysely, sql } from 'kysely'
import { areaRegionIdsOf, permissionCodesOf } from '../../db/fragments'
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

    /** Counts one failure atomically; locks the account when the count reaches the limit. Returns the new count. */
    async recordFailure(userId: number, maxFailures: number, lockUntil: Date): Promise<{ failures: number; locked: boolean }> {
      const row = await db
        .updateTable('app_user')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', userId)
        .returning(['failed_attempts'])
        .executeTakeFirstOrThrow()
      if (row.failed_attempts < maxFailures) return { failures: row.failed_attempts, locked: false }
      await db.updateTable('app_user').set({ failed_attempts: 0, locked_until: lockUntil }).where('id', '=', userId).execute()
      return { failures: row.failed_attempts, locked: true }
    },

    async clearFailures(userId: number) {
      await db.updateTable('app_user').set({ failed_attempts: 0, locked_until: null }).where('id', '=', userId).execute()
    },

    async findServiceAccount(username: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'disabled'])
        .where('username', '=', username)
        .where('is_service', '=', true)
        .executeTakeFirst()
    },

    async createSession(input: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string }) {
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
        permissions: row.permissions,
        regionIds: row.regionIds,
      }
    },

    async deleteSession(sessionId: number) {
      await db.deleteFrom('user_session').where('id', '=', sessionId).execute()
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
