import multipart from '@fastify/multipart'
import { AOI_LIMITS, aoiById, aoiUpload, Envelope } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../lib/errors'
import { bindRoute } from '../../lib/route'
import { currentUser, type SessionResolver } from '../../plugins/auth'
import type { AoiService } from './aoi.service'

const MB = 1024 * 1024

/** Area-of-interest upload and lookup; public (visitors search imagery too) and rate-limited. */
export function registerAoiRoutes(app: FastifyInstance, aoi: AoiService, resolve: SessionResolver, uploadsPerMinute: number) {
  // multipart only in this module's scope, with limits that stop a large body while it streams in
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AOI_LIMITS.maxUploadBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
    })

    // the body is multipart, not a zod body, so the descriptor is bound by hand (as the captcha route is)
    scope.route({
      method: aoiUpload.method,
      url: aoiUpload.path,
      config: { rateLimit: { max: uploadsPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: aoiUpload.summary,
        tags: aoiUpload.tags,
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(aoiUpload.data) },
      },
      handler: async (request) => {
        if (!request.isMultipart()) throw ApiError.of(415, 'aoi.errors.noFile')
        let file: Awaited<ReturnType<typeof request.file>>
        let data: Buffer
        try {
          file = await request.file()
          if (!file) throw ApiError.of(400, 'aoi.errors.noFile')
          data = await file.toBuffer()
        } catch (error) {
          const code = (error as { code?: string }).code
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
            throw ApiError.of(413, 'aoi.errors.tooLarge', { size: `${AOI_LIMITS.maxUploadBytes / MB} MB` })
          throw error
        }
        if (data.length === 0) throw ApiError.of(400, 'aoi.errors.noFile')
        const user = await currentUser(request, resolve)
        const answer = await aoi.upload({ fileName: file.filename || 'upload', data, userId: user?.userId ?? null })
        return { code: 0, message: 'success', data: answer }
      },
    })
  })

  bindRoute(app, aoiById, resolve, async ({ query }) => aoi.get(query.id), { rateLimit: { max: 120, timeWindow: '1 minute' } })
}
