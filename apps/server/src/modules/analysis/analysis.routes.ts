import { satelliteAnalysis } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { SessionResolver } from '../../plugins/auth'
import type { AnalysisService } from './analysis.service'

/**
 * Satellite analysis pages (UCS database, 1 May 2023), computed once and kept in memory: when the
 * server starts listening (API tests, which inject, build them on their first request instead).
 */
export function registerAnalysisRoutes(app: FastifyInstance, analysis: AnalysisService, resolve: SessionResolver) {
  bindRoute(app, satelliteAnalysis, resolve, async ({ query }) => analysis.page(query.page))
  app.addHook('onListen', async () => {
    try {
      await analysis.warm()
    } catch (error) {
      // the first request tries again and answers 500 if it still fails
      app.log.error({ err: error }, 'satellite analysis pages not computed')
    }
  })
}
