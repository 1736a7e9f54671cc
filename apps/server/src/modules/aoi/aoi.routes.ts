import { AOI_LIMITS, aoiById, aoiUpload } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { AreaUploads } from '../../capabilities/area'
import { actorOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'

/** Area-of-interest upload and lookup; public (visitors search imagery too) and rate-limited. */
export function registerAoiRoutes(app: FastifyInstance, aoi: AreaUploads, uploadsPerMinute: number) {
  bindUploadRoute(
    app,
    aoiUpload,
    {
      maxBytes: AOI_LIMITS.maxUploadBytes,
      fields: 5,
      rateLimit: { max: uploadsPerMinute, timeWindow: '1 minute' },
      messages: { noFile: 'aoi.errors.noFile', tooLarge: 'aoi.errors.tooLarge' },
    },
    async ({ file, user, request }) =>
      aoi.upload({ fileName: file.filename || 'upload', data: file.data, actor: user ? actorOf(user) : null, ip: request.ip }),
  )

  bindRoute(app, aoiById, async ({ query }) => aoi.get(query.id), { rateLimit: { max: 120, timeWindow: '1 minute' } })
}
