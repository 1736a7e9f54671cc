import multipart from '@fastify/multipart'
import { type ApiRoute, Envelope, type MessageKey, type RouteAuth } from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ApiError } from './errors'
import { readUploadForm, UploadFormError } from './multipart-form'
import { assertAuthPlugin, type HandlerResult, sessionUserFor, type UserFor } from './route'

const MB = 1024 * 1024

export interface UploadRouteOptions {
  /** Largest file in bytes; the read stops there (413). */
  maxBytes: number
  /** Text fields the form may carry besides the file, and the longest value of each in bytes. */
  fields?: number
  fieldBytes?: number
  rateLimit: { max: number; timeWindow: string }
  /** Messages: no file or not a multipart form (415 / 400), file over maxBytes ({size}, 413), a text field cut (400). */
  messages: { noFile: MessageKey; tooLarge: MessageKey; fieldTooLong?: { key: MessageKey; params?: Record<string, string | number> } }
}

/**
 * Binds a route descriptor whose body is a multipart form with one file: @fastify/multipart only
 * in this route's scope, with limits that stop a large body while it streams in; the auth rule
 * enforced by plugins/auth.ts before the body is read, as for bindRoute; control characters in the
 * file name or a text field answered with a Chinese 400; an empty, missing or oversized file answered
 * with the route's own Chinese message. The handler gets the file's bytes and name and the text fields.
 */
export function bindUploadRoute<Q extends z.ZodType | undefined, D extends z.ZodType, A extends RouteAuth>(
  app: FastifyInstance,
  route: ApiRoute<Q, z.ZodType | undefined, D, A>,
  options: UploadRouteOptions,
  handler: (input: {
    query: Q extends z.ZodType ? z.output<Q> : undefined
    file: { filename: string; data: Buffer }
    fields: Record<string, string>
    user: UserFor<A>
    request: FastifyRequest
  }) => Promise<HandlerResult<D>>,
) {
  assertAuthPlugin(app)
  const fields = options.fields ?? 0
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: options.maxBytes,
        files: 1,
        fields,
        parts: fields + 1,
        fieldSize: options.fieldBytes ?? 1024,
        headerPairs: 100,
      },
    })
    scope.route({
      method: route.method,
      url: route.path,
      config: { auth: route.auth, rateLimit: options.rateLimit },
      schema: {
        summary: route.summary,
        tags: route.tags,
        consumes: ['multipart/form-data'],
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.auth === 'public' ? {} : { security: [{ token: [] }] }),
        response: { 200: Envelope(route.data) },
      },
      handler: async (request) => {
        const { messages } = options
        let form: Awaited<ReturnType<typeof readUploadForm>>
        try {
          form = await readUploadForm(request)
        } catch (error) {
          if (!(error instanceof UploadFormError)) throw error
          if (error.problem === 'notMultipart') throw ApiError.of(415, messages.noFile)
          if (error.problem === 'fieldTooLong') {
            if (messages.fieldTooLong) throw ApiError.of(400, messages.fieldTooLong.key, messages.fieldTooLong.params)
            throw ApiError.of(400, messages.noFile)
          }
          if (error.problem === 'controlCharacter') throw ApiError.of(400, 'input.fileName')
          throw ApiError.of(413, messages.tooLarge, { size: `${options.maxBytes / MB} MB` })
        }
        if (!form.file || form.file.data.length === 0) throw ApiError.of(400, messages.noFile)
        const result = await handler({
          query: request.query as Q extends z.ZodType ? z.output<Q> : undefined,
          file: form.file,
          fields: form.fields,
          user: await sessionUserFor(request, route.auth),
          request,
        })
        if (result && typeof result === 'object' && 'envelope' in result) return result.envelope
        return { code: 0, message: 'success', data: result }
      },
    })
  })
}
