import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createAuthRepository } from './auth.repository'
import { registerAuthRoutes } from './auth.routes'
import { createAuthService } from './auth.service'

/**
 * Captchas, login and sessions. Ends an account's sessions on account.disabled and
 * account.passwordReset, forgets its cached user on account.changed; returns the session lookup
 * for the auth plugin and the captcha and session ports other modules ask.
 */
export function registerAuth(app: FastifyInstance, { db, config, audit, events }: ModuleDeps) {
  const auth = createAuthService(
    createAuthRepository(db),
    {
      sessionCacheMs: config.SESSION_CACHE_MS,
      captchaTtlSeconds: config.CAPTCHA_TTL_SECONDS,
      sessionIdleMinutes: config.SESSION_IDLE_MINUTES,
      sessionMaxHours: config.SESSION_MAX_HOURS,
      maxFailures: config.LOGIN_MAX_FAILURES,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
      autoLoginEnabled: config.AUTO_LOGIN,
      maxSessionsPerUser: config.SESSION_MAX_PER_USER,
      serviceSessionMinutes: config.SERVICE_SESSION_MINUTES,
      maxServiceSessions: config.SERVICE_SESSION_MAX,
    },
    audit,
  )
  events.on('account.disabled', ({ userId }) => auth.endSessionsOf(userId))
  events.on('account.passwordReset', ({ userId }) => auth.endSessionsOf(userId))
  events.on('account.changed', ({ userId }) => auth.forgetCachedUser(userId))
  return {
    resolveSession: auth.resolveSession,
    /** Registers the auth routes (after the auth plugin, so their rules are enforced). */
    registerRoutes() {
      registerAuthRoutes(app, auth, { loginPerMinute: config.LOGIN_RATE_PER_MINUTE, captchaPerMinute: config.CAPTCHA_RATE_PER_MINUTE })
    },
    ports: { consumeCaptcha: auth.consumeCaptcha, openSessionFor: auth.openSessionFor },
  }
}
