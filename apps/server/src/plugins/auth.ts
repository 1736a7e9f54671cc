import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { checkAccess, checkRegionField, hashSessionToken, readToken, type SessionResolver, type SessionUser } from '../lib/session'

const sessions = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>()

/**
 * Authentication for the whole server: `request.session()` looks the token's session up once per
 * request; a route that declares an auth rule in its config (bindRoute and bindUploadRoute copy the
 * descriptor's `auth`) is refused with 401/403 in onRequest, before its body is read or validated.
 * Region fields of area-limited routes are checked once the input is validated (preHandler).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { resolve: SessionResolver }) => {
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
  },
  { name: 'rs-auth', fastify: '5.x' },
)
