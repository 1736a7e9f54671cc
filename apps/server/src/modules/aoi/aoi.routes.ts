import { AOI_LIMITS, aoiById, aoiUpload } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { type AuditRecorder, actorOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'
import type { AoiService } from './aoi.service'

/** Area-of-interest upload and lookup; public (visitors search imagery too) and rate-limited. */
export function registerAoiRoutes(app: FastifyInstance, aoi: AoiService, uploadsPerMinute: number, audit: AuditRecorder) {
  bindUploadRoute(
    app,
    aoiUpload,
    {
      maxBytes: AOI_LIMITS.maxUploadBytes,
      fields: 5,
      rateLimit: { max: uploadsPerMinute, timeWindow: '1 minute' },
      messages: { noFile: 'aoi.errors.noFile', tooLarge: 'aoi.errors.tooLarge' },
    },
    async ({ file, user, request }) => {
      const fileName = file.filename || 'upload'
      const audited = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        audit.record({
          actor: user ? actorOf(user) : null,
          ip: request.ip,
          action: 'aoiUpload',
          target: fileName.slice(0, 200),
          outcome,
          detail: { bytes: file.data.length, ...detail },
        })
      try {
        const result = await aoi.upload({ fileName, data: file.data, userId: user?.userId ?? null })
        await audited('success', { uploadId: result.uploadId })
        return result
      } catch (error) {
        await audited('failure', { status: (error as { status?: number }).status ?? 500 })
        throw error
      }
    },
  )

  bindRoute(app, aoiById, async ({ query }) => aoi.get(query.id), { rateLimit: { max: 120, timeWindow: '1 minute' } })
}
