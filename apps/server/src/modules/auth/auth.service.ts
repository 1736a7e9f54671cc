import { API_CODE, createLoginKeyPair, decryptPassword, passwordWeakness } from '@rs/shared'
import { LRUCache } from 'lru-cache'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { t } from '../../lib/locale'
import { dummyVerify, hashPassword, matchesAnyPassword, needsRehash, verifyPassword } from '../../lib/password'
import { hashSessionToken, newSessionToken, type SessionUser } from '../../lib/session'
import type { AuthRepository } from './auth.repository'
import { createCaptchaImage } from './captcha-image'

export interface AuthSettings {
  /** How long a resolved session is reused without asking the database (0: never). */
  sessionCacheMs: number
  captchaTtlSeconds: number
  sessionIdleMinutes: number
  sessionMaxHours: number
  maxFailures: number
  lockMinutes: number
  autoLoginEnabled: boolean
  /** Sessions one account may hold; a new login ends the oldest beyond it. */
  maxSessionsPerUser: number
  /** Absolute lifetime of an automatic-login (service account) session. */
  serviceSessionMinutes: number
  /** Sessions the service accounts may hold each (shared by every visitor of a ?code= link). */
  maxServiceSessions: number
}

/** The password rule of 等保 level 3 lives in packages/shared (domain/password.ts), so the forms state the same rule. */
export { passwordWeakness }

/** The built-in service accounts of the automatic logins (SPEC.md §4), by link code. */
export const SERVICE_ACCOUNTS = { 1: 'svc_code1', 2: 'svc_code2' } as const

export interface ClientInfo {
  ip: string
  userAgent: string
}

/** Captcha, login, automatic login and logout rules. */
export function createAuthService(repo: AuthRepository, settings: AuthSettings, audit: AuditRecorder, now: () => Date = () => new Date()) {
  // A resolved session is reused for a moment: each call then costs no session query. Logout here
  // drops it at once; a logout, lock or expiry on another instance shows within sessionCacheMs.
  const sessions = new LRUCache<string, { user: SessionUser | null }>({ max: 50_000, ttl: Math.max(settings.sessionCacheMs, 1) })

  async function openSession(userId: number, client: ClientInfo, isService: boolean): Promise<string> {
    const token = newSessionToken()
    const lifetimeMs = isService ? settings.serviceSessionMinutes * 60_000 : settings.sessionMaxHours * 3600_000
    const expiresAt = new Date(now().getTime() + lifetimeMs)
    const maxSessions = isService ? settings.maxServiceSessions : settings.maxSessionsPerUser
    const revoked = await repo.createSession({ tokenHash: hashSessionToken(token), userId, expiresAt, maxSessions, ...client })
    for (const hash of revoked) sessions.delete(hash)
    return token
  }

  /** The one answer to anyone without the right password: unknown user, wrong password and locked account alike. */
  const loginFailed = () => ApiError.of(400, 'errors.loginFailed')

  /** Uses up the captcha and opens the passwords sealed with its one-time key. */
  async function openSealed(input: { captcha: string; token: string }, sealed: string[]): Promise<string[]> {
    const captcha = await repo.consumeCaptcha(input.token)
    if (!captcha || captcha.answer !== input.captcha.trim().toLowerCase()) throw ApiError.of(400, 'errors.captchaInvalid')
    try {
      return sealed.map((s) => decryptPassword(s, captcha.secretKey, input.token))
    } catch {
      throw ApiError.of(400, 'errors.passwordDecryptFailed')
    }
  }

  /**
   * Checks a user's password: the attempt is counted (atomically, before the password is looked
   * at) and a locked account's attempts are not evaluated at all. Unknown user, wrong password and
   * locked account get the same answer after the same work (one scrypt). Failures and locks are
   * recorded under `action`.
   */
  async function authenticate(login: string, password: string, client: ClientInfo, action: 'login' | 'passwordChange') {
    const typed = login.trim().slice(0, 64)
    const failure = (actor: { userId: number | null; username: string }, detail: Record<string, unknown>) =>
      audit.record({ actor, ip: client.ip, action, target: typed, outcome: 'failure', detail })

    const user = await repo.findLoginCandidate(login)
    if (!user || user.isService) {
      await dummyVerify(password)
      await failure({ userId: null, username: typed }, { reason: 'unknownUser' })
      throw loginFailed()
    }
    const actor = { userId: user.id, username: user.username }
    const attempt = await repo.reserveAttempt(user.id, settings.maxFailures)
    if (attempt === undefined) {
      // locked: the password is not evaluated, but the same time is spent
      await dummyVerify(password)
      await failure(actor, { reason: 'locked' })
      throw loginFailed()
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await failure(actor, { reason: 'wrongPassword', failures: attempt })
      if (attempt >= settings.maxFailures) {
        const until = await repo.lock(user.id, settings.lockMinutes)
        await audit.record({
          actor,
          ip: client.ip,
          action: 'loginLock',
          target: user.username,
          outcome: 'success',
          detail: { failures: attempt, until: until.toISOString() },
        })
      }
      throw loginFailed()
    }
    // attempts in flight may have locked the account meanwhile: the lock stays
    if (!(await repo.recordSuccess(user.id))) {
      await failure(actor, { reason: 'locked' })
      throw loginFailed()
    }
    if (user.disabled) {
      await failure(actor, { reason: 'disabled' })
      throw ApiError.of(403, 'errors.accountDisabled')
    }
    if (needsRehash(user.passwordHash)) await repo.updatePasswordHash(user.id, await hashPassword(password))
    return user
  }

  return {
    /** A new captcha for a client token: the SVG and the one-time public key for the password. */
    async createCaptcha(token: string): Promise<{ svg: string; publicKey: string }> {
      const captcha = await createCaptchaImage()
      const keys = createLoginKeyPair()
      const expiresAt = new Date(now().getTime() + settings.captchaTtlSeconds * 1000)
      await repo.saveCaptcha(token, captcha.text.toLowerCase(), keys.secretKey, expiresAt)
      return { svg: captcha.svg, publicKey: keys.publicKey }
    },

    /**
     * SPEC.md §5 login: the captcha is used up by any attempt; the password is opened with the
     * captcha's key. An attempt is counted (atomically, before the password is looked at) and a
     * locked account's attempts are not evaluated at all. Unknown user, wrong password and locked
     * account get the same answer after the same work (one scrypt). Code 2 asks for a password change.
     */
    async login(input: { username: string; password: string; captcha: string; token: string }, client: ClientInfo) {
      const [password] = await openSealed(input, [input.password])
      const user = await authenticate(input.username, password as string, client, 'login')
      const actor = { userId: user.id, username: user.username }
      if (user.mustChangePassword) {
        await audit.record({ actor, ip: client.ip, action: 'login', target: user.username, detail: { upgradeRequired: true } })
        return { code: API_CODE.upgradeRequired, message: t('upgrade.content'), data: { token: null } }
      }
      const token = await openSession(user.id, client, false)
      await audit.record({ actor, ip: client.ip, action: 'login', target: user.username, outcome: 'success' })
      return { code: API_CODE.ok, message: t('login.success'), data: { token } }
    },

    /**
     * A password change with the old password (the code 2 upgrade and stale passwords): the same
     * captcha, sealing, attempt count and lock as a login. Ends every session of the account.
     */
    async changePassword(
      input: { username: string; oldPassword: string; newPassword: string; captcha: string; token: string },
      client: ClientInfo,
    ) {
      const [oldPassword, newPassword] = (await openSealed(input, [input.oldPassword, input.newPassword])) as [string, string]
      // the new password is judged first: a weak one costs no attempt and says nothing about the account
      const weakness = passwordWeakness(newPassword, input.username)
      if (weakness) throw ApiError.of(400, weakness)
      if (newPassword === oldPassword) throw ApiError.of(400, 'errors.passwordSame')
      const user = await authenticate(input.username, oldPassword, client, 'passwordChange')
      // 等保: not one of the last five (the current one included), judged once the old password is proven
      if (await matchesAnyPassword(newPassword, await repo.recentPasswordHashes(user.id))) {
        throw ApiError.of(400, 'account.errors.passwordRecent')
      }
      await repo.setPassword(user.id, await hashPassword(newPassword))
      for (const hash of await repo.deleteSessionsOf(user.id)) sessions.delete(hash)
      await audit.record({
        actor: { userId: user.id, username: user.username },
        ip: client.ip,
        action: 'passwordChange',
        target: user.username,
      })
      return null
    },

    /**
     * Uses up a picture captcha for another module (the verification codes): the one-time secret
     * key when the answer is right, undefined otherwise.
     */
    async consumeCaptcha(token: string, answer: string): Promise<string | undefined> {
      const captcha = await repo.consumeCaptcha(token)
      if (!captcha || captcha.answer !== answer.trim().toLowerCase()) return undefined
      return captcha.secretKey
    },

    /** Opens a session for an account whose owner proved it otherwise (a password reset by code). */
    async openSessionFor(userId: number, client: ClientInfo): Promise<string> {
      return openSession(userId, client, false)
    },

    /** Ends every session of an account, cached ones included (a password reset). */
    async endSessionsOf(userId: number): Promise<void> {
      for (const hash of await repo.deleteSessionsOf(userId)) sessions.delete(hash)
    },

    /** Forgets the cached user information of an account's sessions, so a change to it shows at the next request. */
    forgetCachedUser(userId: number): void {
      for (const [hash, entry] of sessions.entries()) if (entry.user?.userId === userId) sessions.delete(hash)
    },

    /** Logs in with a built-in service account, unless the operator turned automatic login off. */
    async autoLogin(code: 1 | 2, client: ClientInfo): Promise<string> {
      if (!settings.autoLoginEnabled) throw ApiError.of(403, 'errors.autoLoginDisabled')
      const username = SERVICE_ACCOUNTS[code]
      const account = await repo.findServiceAccount(username)
      if (!account || account.disabled) throw ApiError.of(403, 'errors.autoLoginDisabled')
      const token = await openSession(account.id, client, true)
      await audit.record({
        actor: { userId: account.id, username },
        ip: client.ip,
        action: 'autoLogin',
        target: username,
        detail: { code },
      })
      return token
    },

    async logout(user: SessionUser, tokenHash: string, client: ClientInfo) {
      sessions.delete(tokenHash)
      await repo.deleteSession(user.sessionId)
      await audit.record({ actor: actorOf(user), ip: client.ip, action: 'logout', target: user.username })
    },

    async resolveSession(tokenHash: string): Promise<SessionUser | undefined> {
      const cached = settings.sessionCacheMs > 0 ? sessions.get(tokenHash) : undefined
      if (cached) return cached.user ?? undefined
      const user = await repo.resolveSession(tokenHash, settings.sessionIdleMinutes)
      // unknown tokens are not cached, so a flood of made-up tokens cannot fill the cache
      if (user && settings.sessionCacheMs > 0) sessions.set(tokenHash, { user })
      return user
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
