import { type ApiRoute, Envelope, type EnvelopeOf } from '@rs/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { enforceAuth, type SessionResolver, type SessionUser } from '../plugins/auth'
import { envelopeText, JsonText } from './json-text'

/** What a handler gets: the parsed query and body, the session user (always set for protected routes). */
export interface HandlerInput<Q, B> {
  query: Q
  body: B
  user: SessionUser | undefined
  request: FastifyRequest
  reply: FastifyReply
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined

/**
 * A handler's answer: the data, the data as JSON text (sent untouched, see json-text.ts), or a full
 * envelope when it must set its own code and message.
 */
export type HandlerResult<D> = z.input<D & z.ZodType> | JsonText<z.input<D & z.ZodType>> | { envelope: EnvelopeOf<z.input<D & z.ZodType>> }

/**
 * Binds a shared route descriptor to Fastify: validation from its schemas, the auth rule enforced
 * before the handler, and the envelope around the handler's data.
 */
export function bindRoute<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  route: ApiRoute<Q, B, D>,
  resolveSession: SessionResolver,
  handler: (input: HandlerInput<Parsed<Q>, Parsed<B>>) => Promise<HandlerResult<D>>,
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
) {
  app.route({
    method: route.method,
    url: route.path,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    schema: {
      summary: route.summary,
      tags: route.tags,
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.auth === 'public' ? {} : { security: [{ token: [] }] }),
      response: { 200: Envelope(route.data) },
    },
    handler: async (request, reply) => {
      const user = await enforceAuth(request, route.auth, resolveSession)
      const result = await handler({
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        user,
        request,
        reply,
      })
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(envelopeText(result))
      if (result && typeof result === 'object' && 'envelope' in result) return result.envelope
      return { code: 0, message: 'success', data: result }
    },
  })
}
