import { type ExportBody, normalmetaExport } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { contentDisposition } from '../../capabilities/exports'
import { assertAuthPlugin } from '../../lib/route'
import type { CoverageService } from './coverage.service'

/** Exports per client address and minute (each writes up to 10,000 scenes in a worker). */
export const EXPORTS_PER_MINUTE = 20

/** POST /api/normalmeta/export: the answer is a file, not an envelope, so the route is bound by hand. */
export function registerExportRoutes(app: FastifyInstance, coverage: CoverageService) {
  assertAuthPlugin(app)
  app.route({
    method: normalmetaExport.method,
    url: normalmetaExport.path,
    config: { auth: normalmetaExport.auth, rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    schema: { summary: normalmetaExport.summary, tags: normalmetaExport.tags, body: normalmetaExport.body },
    handler: async (request, reply) => {
      const body = request.body as z.output<typeof ExportBody>
      const file = await coverage.export(body)
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file))
        .header('x-scene-count', String(file.count))
        .type(file.contentType)
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength))
    },
  })
}
