import multipart from '@fastify/multipart'
import { Envelope, TYPICAL_IMAGE_LIMITS, TypicalImageKey, typicalImageReplace, typicalImageRestore, typicalImages } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { readUploadForm, UploadFormError } from '../../lib/multipart-form'
import { bindRoute } from '../../lib/route'
import { enforceAuth, type SessionResolver, type SessionUser } from '../../plugins/auth'
import { sendPicture } from '../news/news.routes'
import { CREDIT_MAX, IMAGE_PATH, type TypicalImagesService } from './typical-images.service'

const MB = 1024 * 1024

/** Typical-image samples: public list and pictures; replacing and restoring for content editors. */
export function registerTypicalImagesRoutes(app: FastifyInstance, images: TypicalImagesService, resolve: SessionResolver) {
  bindRoute(app, typicalImages, resolve, async () => images.list())
  bindRoute(app, typicalImageRestore, resolve, async ({ query, user }) => images.restore(query.key, (user as SessionUser).userId))

  app.route({
    method: 'GET',
    url: IMAGE_PATH,
    schema: {
      summary: '典型影像图片（默认为门户绘制的示意图 SVG）',
      tags: typicalImages.tags,
      querystring: z.object({ key: TypicalImageKey, v: z.string().max(40).optional() }),
    },
    handler: async (request, reply) => {
      const query = request.query as { key: TypicalImageKey; v?: string }
      return sendPicture(request, reply, await images.picture(query.key), query.v)
    },
  })

  // multipart only in this scope, with limits that stop a large body while it streams in
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: TYPICAL_IMAGE_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 2048, headerPairs: 100 },
    })
    // multipart body, so the descriptor is bound by hand with the same auth rule as bindRoute
    scope.route({
      method: typicalImageReplace.method,
      url: typicalImageReplace.path,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: typicalImageReplace.summary,
        tags: typicalImageReplace.tags,
        consumes: ['multipart/form-data'],
        querystring: typicalImageReplace.query,
        security: [{ token: [] }],
        response: { 200: Envelope(typicalImageReplace.data) },
      },
      handler: async (request) => {
        const user = await enforceAuth(request, typicalImageReplace.auth, resolve)
        const { key } = request.query as { key: TypicalImageKey }
        let form: Awaited<ReturnType<typeof readUploadForm>>
        try {
          form = await readUploadForm(request)
        } catch (error) {
          if (!(error instanceof UploadFormError)) throw error
          if (error.problem === 'notMultipart') throw ApiError.of(415, 'typicalImage.errors.noFile')
          if (error.problem === 'fieldTooLong') throw ApiError.of(400, 'typicalImage.creditTooLong', { max: CREDIT_MAX })
          throw ApiError.of(413, 'typicalImage.errors.tooLarge', { size: `${TYPICAL_IMAGE_LIMITS.maxBytes / MB} MB` })
        }
        if (!form.file || form.file.data.length === 0) throw ApiError.of(400, 'typicalImage.errors.noFile')
        const answer = await images.replace(key, { data: form.file.data, credit: form.fields.credit }, (user as SessionUser).userId)
        return { code: 0, message: 'success', data: answer }
      },
    })
  })
}
