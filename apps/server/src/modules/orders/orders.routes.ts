import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import {
  cartAdd,
  cartList,
  cartRemove,
  hasPermission,
  orderCancel,
  orderDetail,
  orderDownload,
  orderList,
  orderRetry,
  orderReview,
  orderReviewList,
  orderSubmit,
  PERMISSION,
} from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { callerOf } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { assertAuthPlugin, bindRoute, sessionUserFor } from '../../lib/route'
import type { OrdersService } from './orders.service'

/** The byte range of a `Range: bytes=a-b` header (one range, open ends allowed); undefined when absent or not a byte range. */
export function byteRange(header: string | undefined, length: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const start = m[1] === '' ? Math.max(0, length - Number(m[2])) : Number(m[1])
  const end = m[1] === '' || m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1)
  return start > end || start >= length ? 'unsatisfiable' : { start, end }
}

/** /api/ordercart (the cart) and /api/order (orders, review, the package download). */
export function registerOrdersRoutes(app: FastifyInstance, orders: OrdersService, rates: { downloadsPerMinute: number }) {
  bindRoute(app, cartList, async ({ user, request }) => orders.cart(callerOf(user, request)))
  bindRoute(app, cartAdd, async ({ user, request, body }) => orders.addToCart(callerOf(user, request), body.sceneIds))
  bindRoute(app, cartRemove, async ({ user, request, body }) => orders.removeFromCart(callerOf(user, request), body.sceneIds))

  bindRoute(app, orderSubmit, async ({ user, request, body }) => orders.submit(callerOf(user, request), body))
  bindRoute(app, orderList, async ({ user, query }) =>
    orders.list({ userId: user.userId, status: query.status, from: query.from, to: query.to }, query),
  )
  bindRoute(app, orderDetail, async ({ user, request, query }) =>
    orders.detail(callerOf(user, request), query.id, hasPermission(user.permissions, PERMISSION.orderReview)),
  )
  bindRoute(app, orderCancel, async ({ user, request, body }) => orders.cancel(callerOf(user, request), body.id))
  bindRoute(app, orderReviewList, async ({ query }) => orders.list({ status: query.status, from: query.from, to: query.to }, query))
  bindRoute(app, orderReview, async ({ user, request, body }) => orders.review(callerOf(user, request), body))
  bindRoute(app, orderRetry, async ({ user, request, body }) => orders.retry(callerOf(user, request), body.id))

  assertAuthPlugin(app)
  app.route({
    method: orderDownload.method,
    url: orderDownload.path,
    config: { auth: orderDownload.auth, rateLimit: { max: rates.downloadsPerMinute, timeWindow: '1 minute' } },
    schema: {
      summary: orderDownload.summary,
      tags: orderDownload.tags,
      querystring: orderDownload.query,
      security: [{ token: [] }],
    },
    handler: async (request, reply) => {
      const user = await sessionUserFor(request, orderDownload.auth)
      const query = request.query as z.output<NonNullable<typeof orderDownload.query>>
      const caller = callerOf(user, request)
      const pkg = await orders.packageFor(caller, query.id, query.code)
      const size = await stat(pkg.file).then(
        (s) => s.size,
        () => {
          throw ApiError.of(410, 'order.errors.packageMissing')
        },
      )
      reply
        .type('application/zip')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${pkg.name}"`)
      const range = byteRange(request.headers.range, size)
      if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send()
      const { start, end } = range ?? { start: 0, end: size - 1 }
      await orders.downloaded(caller, query.id, { start, end, total: size })
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`)
      reply.header('content-length', end - start + 1)
      return reply.send(createReadStream(pkg.file, { start, end }))
    },
  })
}
