import { normalmetaCoverage, normalmetaTiles } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import type { CoverageService } from './coverage.service'

/** Coverage analyses per client address and minute (each may cut 5,000 footprints in a worker). */
export const COVERAGE_PER_MINUTE = 30
/** Footprint-tile queries stored per client address and minute. */
export const TILE_QUERIES_PER_MINUTE = 60

export function registerCoverageRoutes(app: FastifyInstance, coverage: CoverageService) {
  bindRoute(app, normalmetaCoverage, async ({ body }) => coverage.coverage(body), {
    rateLimit: { max: COVERAGE_PER_MINUTE, timeWindow: '1 minute' },
  })
  bindRoute(app, normalmetaTiles, async ({ body }) => coverage.tiles(body), {
    rateLimit: { max: TILE_QUERIES_PER_MINUTE, timeWindow: '1 minute' },
  })
}
