import { TYPICAL_IMAGE_LIMITS, TypicalImageKey, typicalImageReplace, typicalImageRestore, typicalImages } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { sendPicture, versionedCaching } from '../../lib/send-picture'
import { bindUploadRoute } from '../../lib/upload-route'
import { IMAGE_PATH, type TypicalImagesService } from './typical-images.service'

/** Typical-image samples: public list and pictures; replacing and restoring for content editors. */
export function registerTypicalImagesRoutes(app: FastifyInstance, images: TypicalImagesService) {
  bindRoute(app, typicalImages, async () => images.list())
  bindRoute(app, typicalImageRestore, async ({ query, user, request }) => images.restore(query.key, callerOf(user, request)))

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
      const picture = await images.picture(query.key)
      return sendPicture(request, reply, picture, versionedCaching(query.v, picture.version))
    },
  })

  bindUploadRoute(
    app,
    typicalImageReplace,
    {
      maxBytes: TYPICAL_IMAGE_LIMITS.maxBytes,
      fields: 2,
      fieldBytes: 2048,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      messages: {
        noFile: 'typicalImage.errors.noFile',
        tooLarge: 'typicalImage.errors.tooLarge',
        fieldTooLong: { key: 'typicalImage.creditTooLong', params: { max: TYPICAL_IMAGE_LIMITS.maxCreditChars } },
      },
    },
    async ({ query, file, fields, user, request }) =>
      images.replace(query.key, { data: file.data, credit: fields.credit }, callerOf(user, request)),
  )
}
