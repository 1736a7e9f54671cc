import {
  adminOutbox,
  changeEmail,
  changeTelephone,
  checkCode,
  forgetPassword,
  personDetail,
  personDetailUpdate,
  register,
  sendEmailCode,
  sendTelephoneCode,
  validEmail,
  validTelephone,
  validUsername,
} from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import type { AccountsService, ClientInfo } from './accounts.service'

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? ''), route: request.routeOptions.url ?? '' }
}

/** /api/usercenter register, forgetpwd and the availability checks; /api/captcha codes; the administrator's outbox. */
export function registerAccountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  rates: { checksPerMinute: number; submitsPerMinute: number },
) {
  const checks = { rateLimit: { max: rates.checksPerMinute, timeWindow: '1 minute' } }
  const submits = { rateLimit: { max: rates.submitsPerMinute, timeWindow: '1 minute' } }

  bindRoute(app, validUsername, async ({ query }) => ({ available: await accounts.available('username', query.username) }), checks)
  bindRoute(app, validEmail, async ({ query }) => ({ available: await accounts.available('email', query.email) }), checks)
  bindRoute(app, validTelephone, async ({ query }) => ({ available: await accounts.available('telephone', query.telephone) }), checks)

  bindRoute(
    app,
    sendEmailCode,
    async ({ body, request }) =>
      accounts.sendCode(
        { purpose: body.purpose, channel: 'email', address: body.email, captcha: body.captcha, token: body.token },
        clientOf(request),
      ),
    submits,
  )
  bindRoute(
    app,
    sendTelephoneCode,
    async ({ body, request }) =>
      accounts.sendCode(
        { purpose: body.purpose, channel: 'telephone', address: body.telephone, captcha: body.captcha, token: body.token },
        clientOf(request),
      ),
    submits,
  )
  bindRoute(app, checkCode, async ({ body, request }) => accounts.checkCode(body, clientOf(request)), submits)
  bindRoute(app, register, async ({ body, request }) => accounts.register(body, clientOf(request)), submits)
  bindRoute(app, forgetPassword, async ({ body, request }) => accounts.resetPassword(body, clientOf(request)), submits)

  bindRoute(app, personDetail, async ({ user }) => accounts.personDetail(user.userId))
  bindRoute(app, personDetailUpdate, async ({ user, body, request }) => accounts.updatePersonDetail(callerOf(user, request), body), submits)
  bindRoute(
    app,
    changeEmail,
    async ({ user, body, request }) => ({
      email: await accounts.changeContact(callerOf(user, request), changeEmail.path, {
        channel: 'email',
        address: body.email,
        code: body.code,
        token: body.token,
      }),
    }),
    submits,
  )
  bindRoute(
    app,
    changeTelephone,
    async ({ user, body, request }) => ({
      telephone: await accounts.changeContact(callerOf(user, request), changeTelephone.path, {
        channel: 'telephone',
        address: body.telephone,
        code: body.code,
        token: body.token,
      }),
    }),
    submits,
  )

  bindRoute(app, adminOutbox, async ({ query }) => ({
    ...(await accounts.outboxPage(query.pageNum, query.pageSize)),
    mailMode: accounts.mailMode,
  }))
}
