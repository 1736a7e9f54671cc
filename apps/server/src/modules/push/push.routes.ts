import { pushBatches, pushCreate, pushNodeProbe, pushNodeSave, pushNodes, pushPreview, pushRetry, pushStatistics } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import type { PushService } from './push.service'

/** Push nodes and batches (系统管理) and the public push statistics. */
export function registerPushRoutes(app: FastifyInstance, push: PushService) {
  bindRoute(app, pushNodes, async () => push.nodes())
  bindRoute(app, pushNodeSave, async ({ body, user, request }) => push.saveNode(callerOf(user, request), body as never))
  bindRoute(app, pushNodeProbe, async ({ body }) => push.probe(body.id))
  bindRoute(app, pushPreview, async ({ body }) => push.preview(body))
  bindRoute(app, pushCreate, async ({ body, user, request }) => push.create(callerOf(user, request), body))
  bindRoute(app, pushBatches, async ({ query }) => push.batches(query))
  bindRoute(app, pushRetry, async ({ body, user, request }) => push.retry(callerOf(user, request), body.id))
  bindRoute(app, pushStatistics, async ({ query }) => push.statistics(query))
}
