import { monitorGrid, monitorSequence, monitorTrend } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { MonitorModesService } from './monitor-modes.service'

/** The grid, sequence and trend routes, bound once for every module that declares the mode. */
export function registerMonitorModesRoutes(app: FastifyInstance, modes: MonitorModesService) {
  bindRoute(app, monitorGrid, async ({ query, user }) => modes.grid(user, query))
  bindRoute(app, monitorSequence, async ({ query, user }) => modes.sequence(user, query))
  bindRoute(app, monitorTrend, async ({ query, user }) => modes.trend(user, query))
}
