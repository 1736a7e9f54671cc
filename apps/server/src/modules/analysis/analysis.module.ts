import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createAnalysisRepository } from './analysis.repository'
import { registerAnalysisRoutes } from './analysis.routes'
import { createAnalysisService } from './analysis.service'
import { ANALYSIS_BUILD_BUDGET_MS, ANALYSIS_WORKER } from './analysis.worker'
import type { Built } from './chart-images'

/** The satellite analysis pages; their charts are built in the background pool. */
export function registerAnalysis(app: FastifyInstance, { db, pools }: ModuleDeps) {
  registerAnalysisRoutes(
    app,
    createAnalysisService(createAnalysisRepository(db), (sats, plans, locale) =>
      pools.background.run<Built>(ANALYSIS_WORKER, 'buildAnalysis', { sats, plans, locale }, ANALYSIS_BUILD_BUDGET_MS),
    ),
  )
}
