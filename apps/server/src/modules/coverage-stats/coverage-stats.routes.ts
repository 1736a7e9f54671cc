import { coverageGaps, coverageMonths, coverageStatistics } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { CoverageStatsService } from './coverage-stats.service'

/** Coverage statistics (public): a region's children, the gaps of one region, the months with imagery. */
export function registerCoverageStatsRoutes(app: FastifyInstance, service: CoverageStatsService) {
  bindRoute(app, coverageStatistics, async ({ query }) => service.statistics(query))
  bindRoute(app, coverageGaps, async ({ query }) => service.gaps(query))
  bindRoute(app, coverageMonths, async () => service.months())
}
