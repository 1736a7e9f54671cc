import { autoLogin, captchaImage, changePassword, LOGIN_KEY_HEADER, login, logout } from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bindRoute } from '../../lib/route'
import { hashSessionToken, readToken } from '../../lib/session'
import type { AuthService, ClientInfo } from './auth.service'

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, rates: { loginPerMinute: number; captchaPerMinute: number }) {
  // The captcha answer is SVG markup, not an envelope (SPEC.md §7), so it is bound by hand.
  app.route({
    method: 'GET',
    url: captchaImage.path,
    config: { rateLimit: { max: rates.captchaPerMinute, timeWindow: '1 minute' } },
    schema: { summary: captchaImage.summary, tags: captchaImage.tags, querystring: captchaImage.query },
    handler: async (request, reply) => {
      const { token } = request.query as { token: string }
      const { svg, publicKey } = await auth.createCaptcha(token)
      return reply.header(LOGIN_KEY_HEADER, publicKey).header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg)
    },
  })

  bindRoute(app, login, async ({ body, request }) => ({ envelope: await auth.login(body, clientOf(request)) }), {
    rateLimit: { max: rates.loginPerMinute, timeWindow: '1 minute' },
  })

  bindRoute(app, changePassword, async ({ body, request }) => auth.changePassword(body, clientOf(request)), {
    rateLimit: { max: rates.loginPerMinute, timeWindow: '1 minute' },
  })

  bindRoute(app, autoLogin, async ({ body, request }) => ({ token: await auth.autoLogin(body.code, clientOf(request)) }), {
    rateLimit: { max: rates.loginPerMinute, timeWindow: '1 minute' },
  })

  bindRoute(app, logout, async ({ user, request }) => {
    const token = readToken(request)
    if (user && token) await auth.logout(user, hashSessionToken(token), clientOf(request))
    return null
  })
}
