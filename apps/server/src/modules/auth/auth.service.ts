import { API_CODE, createLoginKeyPair, decryptPassword, tZh } from '@rs/shared'
import { LRUCache } from 'lru-cache'
import svgCaptcha from 'svg-captcha'
import { ApiError } from '../../lib/errors'
import { verifyPassword } from '../../lib/password'
import { hashSessionToken, newSessionToken, type SessionUser } from '../../lib/session'
import type { AuthRepository } from './auth.repository'

export interface AuthSettings {
  /** How long a resolved session is reused without asking the database (0: never). */
  sessionCacheMs: number
  captchaTtlSeconds: number
  sessionIdleMinutes: number
  sessionMaxHours: number
  maxFailures: number
  lockMinutes: number
  autoLoginEnabled: boolean
}

/** The built-in service accounts of the automatic logins (SPEC.md §4), by link code. */
export const SERVICE_ACCOUNTS = { 1: 'svc_code1', 2: 'svc_code2' } as const

export interface ClientInfo {
  ip: string
  userAgent: string
}

/** Captcha, login, automatic login and logout rules. */
export function createAuthService(repo: AuthRepository, settings: AuthSettings, now: () => Date = () => new Date()) {
  // A resolved session is reused for a moment: each call then costs no session query. Logout here
  // drops it at once; a logout, lock or expiry on another instance shows within sessionCacheMs.
  const sessions = new LRUCache<string, { user: SessionUser | null }>({ max: 50_000, ttl: Math.max(settings.sessionCacheMs, 1) })

  async function openSession(userId: number, client: ClientInfo): Promise<string> {
    const token = newSessionToken()
    const expiresAt = new Date(now().getTime() + settings.sessionMaxHours * 3600_000)
    await repo.createSession({ tokenHash: hashSessionToken(token), userId, expiresAt, ...client })
    return token
  }

  return {
    /** A new captcha for a client token: the SVG and the one-time public key for the password. */
    async createCaptcha(token: string): Promise<{ svg: string; publicKey: string }> {
      const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f6fc' })
      const keys = createLoginKeyPair()
      const expiresAt = new Date(now().getTime() + settings.captchaTtlSeconds * 1000)
      await repo.saveCaptcha(token, captcha.text.toLowerCase(), keys.secretKey, expiresAt)
      return { svg: captcha.data, publicKey: keys.publicKey }
    },

    /**
     * SPEC.md §5 login: the captcha is used up by any attempt; the password is opened with the
     * captcha's key; failures count toward a lockout. Code 2 asks for a password change first.
     */
    async login(input: { username: string; password: string; captcha: string; token: string }, client: ClientInfo) {
      const captcha = await repo.consumeCaptcha(input.token)
      if (!captcha || captcha.answer !== input.captcha.trim().toLowerCase()) throw ApiError.of(400, 'errors.captchaInvalid')

      let password: string
      try {
        password = decryptPassword(input.password, captcha.secretKey, input.token)
      } catch {
        throw ApiError.of(400, 'errors.passwordDecryptFailed')
      }

      const user = await repo.findLoginCandidate(input.username)
      if (!user || user.isService) {
        await verifyPassword(password, '')
        throw ApiError.of(400, 'errors.loginFailed')
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > now().getTime()) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - now().getTime()) / 60_000)
        throw ApiError.of(423, 'errors.accountLocked', { minutes })
      }
      if (!(await verifyPassword(password, user.passwordHash))) {
        const lockUntil = new Date(now().getTime() + settings.lockMinutes * 60_000)
        const { failures, locked } = await repo.recordFailure(user.id, settings.maxFailures, lockUntil)
        if (locked) throw ApiError.of(423, 'errors.accountLocked', { minutes: settings.lockMinutes })
        throw ApiError.of(400, 'errors.loginFailedLeft', { left: settings.maxFailures - failures })
      }
      if (user.disabled) throw ApiError.of(403, 'errors.accountDisabled')
      await repo.clearFailures(user.id)
      if (user.mustChangePassword) {
        return { code: API_CODE.upgradeRequired, message: tZh('upgrade.content'), data: { token: null } }
      }
      return { code: API_CODE.ok, message: tZh('login.success'), data: { token: await openSession(user.id, client) } }
    },

    /** Logs in with a built-in service account, unless the operator turned automatic login off. */
    async autoLogin(code: 1 | 2, client: ClientInfo): Promise<string> {
      if (!settings.autoLoginEnabled) throw ApiError.of(403, 'errors.autoLoginDisabled')
      const account = await repo.findServiceAccount(SERVICE_ACCOUNTS[code])
      if (!account || account.disabled) throw ApiError.of(403, 'errors.autoLoginDisabled')
      return openSession(account.id, client)
    },

    async logout(user: SessionUser, tokenHash: string) {
      sessions.delete(tokenHash)
      await repo.deleteSession(user.sessionId)
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
