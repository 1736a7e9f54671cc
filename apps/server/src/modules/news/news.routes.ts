import multipart from '@fastify/multipart'
import { Envelope, Id, NEWS_LIMITS, newsCoverUpload, newsCreate, newsDelete, newsDetail, newsList, newsUpdate } from '@rs/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ApiError } from '../../lib/errors'
import { readUploadForm, UploadFormError } from '../../lib/multipart-form'
import { bindRoute } from '../../lib/route'
import { enforceAuth, type SessionResolver, type SessionUser } from '../../plugins/auth'
import type { NewsService } from './news.service'

const MB = 1024 * 1024

/** Headers of every picture the portal serves from its database: no script, no sniffing. */
export function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  picture: { data: Buffer | string; type: string; version: string },
  askedVersion: string | undefined,
) {
  const etag = `"${picture.version}"`
  reply
    .header('content-type', picture.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('etag', etag)
    // the address carries the version: the current one may be kept for good, any other is checked again
    .header('cache-control', askedVersion === picture.version ? 'public, max-age=31536000, immutable' : 'no-cache')
  if (request.headers['if-none-match'] === etag) return reply.status(304).send()
  return reply.send(picture.data)
}

/** Satellite news: public list and article, editing and covers for content editors (PERMISSION.contentEditor). */
export function registerNewsRoutes(app: FastifyInstance, news: NewsService, resolve: SessionResolver) {
  const editor = (user: SessionUser | undefined) => (user as SessionUser).userId

  bindRoute(app, newsList, resolve, async ({ query }) => news.list(query))
  bindRoute(app, newsDetail, resolve, async ({ query }) => news.detail(query.id))
  bindRoute(app, newsCreate, resolve, async ({ body, user }) => news.create(body, editor(user)))
  bindRoute(app, newsUpdate, resolve, async ({ body, user }) => news.update(body, editor(user)))
  bindRoute(app, newsDelete, resolve, async ({ body, user }) => news.remove(body.id, editor(user)))

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
      return sendPicture(request, reply, await news.cover(query.id), query.v)
    },
  })

  // multipart only in this scope, with limits that stop a large body while it streams in
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: NEWS_LIMITS.coverMaxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
    })
    // the body is multipart, not a zod body, so the descriptor is bound by hand with the same auth rule
    scope.route({
      method: newsCoverUpload.method,
      url: newsCoverUpload.path,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: newsCoverUpload.summary,
        tags: newsCoverUpload.tags,
        consumes: ['multipart/form-data'],
        querystring: newsCoverUpload.query,
        security: [{ token: [] }],
        response: { 200: Envelope(newsCoverUpload.data) },
      },
      handler: async (request) => {
        const user = await enforceAuth(request, newsCoverUpload.auth, resolve)
        const { id } = request.query as { id: number }
        let data: Buffer | undefined
        try {
          data = (await readUploadForm(request)).file?.data
        } catch (error) {
          if (!(error instanceof UploadFormError)) throw error
          if (error.problem === 'notMultipart') throw ApiError.of(415, 'news.cover.noFile')
          if (error.problem === 'tooLarge') throw ApiError.of(413, 'news.cover.tooLarge', { size: `${NEWS_LIMITS.coverMaxBytes / MB} MB` })
          throw ApiError.of(400, 'news.cover.noFile')
        }
        if (!data || data.length === 0) throw ApiError.of(400, 'news.cover.noFile')
        return { code: 0, message: 'success', data: await news.setCover(id, data, editor(user)) }
      },
    })
  })
}
