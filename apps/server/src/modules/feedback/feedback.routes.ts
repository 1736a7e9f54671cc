import { feedbackHandle, feedbackList, feedbackSubmit } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { FeedbackService } from './feedback.service'

/** /api/feedback: anyone sends feedback (rate-limited per address); administrators list and handle it. */
export function registerFeedbackRoutes(app: FastifyInstance, feedback: FeedbackService, rates: { submitsPerMinute: number }) {
  bindRoute(app, feedbackSubmit, async ({ body, request }) => feedback.submit(body, { user: await request.session(), ip: request.ip }), {
    rateLimit: { max: rates.submitsPerMinute, timeWindow: '1 minute' },
  })
  bindRoute(app, feedbackList, async ({ query }) =>
    feedback.list({ handled: query.handled === undefined ? undefined : query.handled === 'true' }, query),
  )
  bindRoute(app, feedbackHandle, async ({ user, body, request }) => feedback.handle(user, body.id, body.note, request.ip))
}
