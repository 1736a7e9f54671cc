import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type AuditRecorder, actorOf } from '../lib/audit'
import { ApiError } from '../lib/errors'
import { checkAccess, checkRegionField, hashSessionToken, readToken, type SessionResolver, type SessionUser } from '../lib/session'

const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>()

/** The HTTP status an error stands for: ApiError and Fastify's errors say statusCode, the OGC services' OgcError status. */
function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown }
  return typeof statusCode === 'number' ? statusCode : typeof status === 'number' ? status : undefined
}

/**
 * Authentication for the whole server: `request.session()` looks the token's session up once per
 * request; a route that declares an auth rule in its config (bindRoute and bindUploadRoute copy the
 * descriptor's `auth`) is refused with 401/403 in onRequest, before its body is read or validated.
 * Region fields of area-limited routes are checked once the input is validated (preHandler).
 *
 * Every 403 answered to a logged-in user is recorded in the audit log (等保 安全审计: `accessDenied`,
 * the user, the route and the reason), wherever it was thrown: the route's rule here, the map
 * services' access check, a service's own permission or area-range check; a 403 the service has
 * recorded itself (ApiError.audited, e.g. a wrong extraction code) is not recorded twice. A 401 is
 * not recorded (a visitor's calls would flood the log; failed logins are recorded by the auth module).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { resolve: SessionResolver; audit: AuditRecorder }) => {
    app.decorateRequest('session', function session(this: FastifyRequest) {
      let user = sessions.get(this)
      if (!user) {
        const token = readToken(this)
        user = token ? options.resolve(hashSessionToken(token)) : Promise.resolve(undefined)
        sessions.set(this, user)
      }
      return user
    })
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth
      if (auth && auth !== 'public') checkAccess(auth, await request.session(), request)
    })
    app.addHook('preHandler', async (request) => {
      const auth = request.routeOptions.config.auth
      if (typeof auth === 'object' && typeof auth.areaScope === 'object') checkRegionField(auth, await request.session(), request)
    })
    app.addHook('onError', async (request, _reply, error) => {
      if (statusOf(error) !== 403) return
      // the service recorded this refusal itself (a wrong extraction code): one record per attempt
      if (error instanceof ApiError && error.audited) return
      try {
        const user = await request.session()
        if (!user) return
        // the route's pattern, never the address: a query may carry a code (an order's extraction code)
        const route = request.routeOptions.url ?? request.url.split('?')[0] ?? ''
        await options.audit.record({
          actor: actorOf(user),
          ip: request.ip,
          action: 'accessDenied',
          target: `${request.method} ${route}`,
          outcome: 'failure',
          detail: { method: request.method, route, reason: error.message },
        })
      } catch (err) {
        request.log.error({ err }, 'access denial not audited')
      }
    })
  },
  { name: 'rs-auth', fastify: '5.x' },
)
