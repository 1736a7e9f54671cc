import { type AnalysisChartQuery, satelliteAnalysis, satelliteAnalysisChart } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { bindRoute } from '../../lib/route'
import { sendPicture } from '../../lib/send-picture'
import type { AnalysisService } from './analysis.service'

/** How long a browser may reuse a chart image before asking again (then the ETag answers 304). */
const CHART_MAX_AGE_SECONDS = 300

/**
 * Satellite analysis pages (UCS database, 1 May 2023) and their chart images, computed once and
 * kept in memory: when the server starts listening (API tests, which inject, build them on their
 * first request instead).
 */
export function registerAnalysisRoutes(app: FastifyInstance, analysis: AnalysisService) {
  bindRoute(app, satelliteAnalysis, async ({ query }) => analysis.page(query.page))

  // an SVG document, not an envelope: bound by hand (public, so no session is looked up)
  app.route({
    method: satelliteAnalysisChart.method,
    url: satelliteAnalysisChart.path,
    schema: {
      summary: satelliteAnalysisChart.summary,
      tags: satelliteAnalysisChart.tags,
      querystring: satelliteAnalysisChart.query,
    },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof AnalysisChartQuery>
      const chart = await analysis.chart(query.page, query.figure)
      if (!chart) throw ApiError.of(404, 'analysis.chart.unknownFigure')
      return sendPicture(
        request,
        reply,
        { data: chart.svg, type: 'image/svg+xml; charset=utf-8', version: chart.version },
        `public, max-age=${CHART_MAX_AGE_SECONDS}`,
      )
    },
  })

  app.addHook('onListen', async () => {
    try {
      await analysis.warm()
    } catch (error) {
      // the first request tries again and answers 500 if it still fails
      app.log.error({ err: error }, 'satellite analysis pages not computed')
    }
  })
}
