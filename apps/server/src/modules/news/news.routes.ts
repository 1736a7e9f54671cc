import { IdParam, NEWS_LIMITS, newsCoverUpload, newsCreate, newsDelete, newsDetail, newsList, newsUpdate } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { sendPicture, versionedCaching } from '../../lib/send-picture'
import { bindUploadRoute } from '../../lib/upload-route'
import type { NewsService } from './news.service'

/** Satellite news: public list and article, editing and covers for content editors (PERMISSION.contentEditor). */
export function registerNewsRoutes(app: FastifyInstance, news: NewsService) {
  bindRoute(app, newsList, async ({ query }) => news.list(query))
  bindRoute(app, newsDetail, async ({ query }) => news.detail(query.id))
  bindRoute(app, newsCreate, async ({ body, user, request }) => news.create(body, callerOf(user, request)))
  bindRoute(app, newsUpdate, async ({ body, user, request }) => news.update(body, callerOf(user, request)))
  bindRoute(app, newsDelete, async ({ body, user, request }) => news.remove(body.id, callerOf(user, request)))

  app.route({
    method: 'GET',
    url: newsCoverUpload.path,
    schema: {
      summary: '新闻封面图片',
      tags: newsCoverUpload.tags,
      querystring: z.object({ id: IdParam, v: z.string().max(40).optional() }),
    },
    handler: async (request, reply) => {
      const query = request.query as { id: number; v?: string }
      const picture = await news.cover(query.id)
      return sendPicture(request, reply, picture, versionedCaching(query.v, picture.version))
    },
  })

  bindUploadRoute(
    app,
    newsCoverUpload,
    {
      maxBytes: NEWS_LIMITS.coverMaxBytes,
      fields: 2,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      messages: { noFile: 'news.cover.noFile', tooLarge: 'news.cover.tooLarge' },
    },
    async ({ query, file, user, request }) => news.setCover(query.id, file.data, callerOf(user, request)),
  )
}
