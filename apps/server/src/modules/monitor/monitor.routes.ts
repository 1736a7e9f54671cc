import { monitorBatches, monitorSpotDetail, monitorSpotList, monitorStatistics } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { MonitorService } from './monitor.service'

/** The monitoring engine's routes, bound once for all eight modules (the module is a parameter). */
export function registerMonitorRoutes(app: FastifyInstance, monitor: MonitorService) {
  bindRoute(app, monitorBatches, async ({ query }) => monitor.batches(query.module))
  bindRoute(app, monitorStatistics, async ({ query }) => monitor.statistics(query))
  bindRoute(app, monitorSpotList, async ({ query, user }) => monitor.list(user, query))
  bindRoute(app, monitorSpotDetail, async ({ query, user }) => monitor.spot(user, query.module, query.id))
}
