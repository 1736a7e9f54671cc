import { Id, NEWS_LIMITS, newsCoverUpload, newsCreate, newsDelete, newsDetail, newsList, newsUpdate } from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { bindRoute } from '../../lib/route'
import { sendPicture, versionedCaching } from '../../lib/send-picture'
import { bindUploadRoute } from '../../lib/upload-route'
import type { SessionResolver, SessionUser } from '../../plugins/auth'
import type { Caller } from '../audit/audit.service'
import type { NewsService } from './news.service'

/** Satellite news: public list and article, editing and covers for content editors (PERMISSION.contentEditor). */
export function registerNewsRoutes(app: FastifyInstance, news: NewsService, resolve: SessionResolver) {
  // bindRoute guarantees a user on routes that are not public
  const editor = (user: SessionUser | undefined, request: FastifyRequest): Caller => {
    const { userId, username } = user as SessionUser
    return { userId, username, ip: request.ip }
  }

  bindRoute(app, newsList, resolve, async ({ query }) => news.list(query))
  bindRoute(app, newsDetail, resolve, async ({ query }) => news.detail(query.id))
  bindRoute(app, newsCreate, resolve, async ({ body, user, request }) => news.create(body, editor(user, request)))
  bindRoute(app, newsUpdate, resolve, async ({ body, user, request }) => news.update(body, editor(user, request)))
  bindRoute(app, newsDelete, resolve, async ({ body, user, request }) => news.remove(body.id, editor(user, request)))

  app.route({
    method: 'GET',
    url: newsCoverUpload.path,
    schema: {
      summary: '新闻封面图片',
      tags: newsCoverUpload.tags,
      querystring: z.object({ id: Id, v: z.string().max(40).optional() }),
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
    resolve,
    {
      maxBytes: NEWS_LIMITS.coverMaxBytes,
      fields: 2,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      messages: { noFile: 'news.cover.noFile', tooLarge: 'news.cover.tooLarge' },
    },
    async ({ query, file, user, request }) => news.setCover(query.id, file.data, editor(user, request)),
  )
}
