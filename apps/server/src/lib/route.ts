import { type ApiRoute, Envelope, type EnvelopeOf, type RouteAuth } from '@rs/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { SessionUser } from './session'

/** The session user a handler gets: always set on routes that are not public (the auth plugin refused the others). */
export type UserFor<A extends RouteAuth> = A extends 'public' ? SessionUser | undefined : SessionUser

import { envelopeText, FinishedJson, JsonText } from './json-text'
import { matchesEtag } from './send-picture'

/** What a handler gets: the parsed query and body, the session user (always set for protected routes). */
export interface HandlerInput<Q, B, A extends RouteAuth = RouteAuth> {
  query: Q
  body: B
  user: UserFor<A>
  request: FastifyRequest
  reply: FastifyReply
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined

/**
 * A handler's answer: the data, the data as JSON text (sent untouched, see json-text.ts), a finished
 * answer (envelope bytes with an ETag, kept by a cache: 304 when the client has them), or a full
 * envelope when it must set its own code and message.
 */
export type HandlerResult<D> =
  | z.input<D & z.ZodType>
  | JsonText<z.input<D & z.ZodType>>
  | FinishedJson<z.input<D & z.ZodType>>
  | { envelope: EnvelopeOf<z.input<D & z.ZodType>> }

/** Fails at start when the auth plugin is missing, so no protected route is ever bound open. */
export function assertAuthPlugin(app: FastifyInstance) {
  if (!app.hasRequestDecorator('session')) throw new Error('plugins/auth.ts must be registered before routes are bound')
}

/** The session user of a request whose auth rule the auth plugin has already enforced. */
export async function sessionUserFor<A extends RouteAuth>(request: FastifyRequest, auth: A): Promise<UserFor<A>> {
  const user = await request.session()
  if (auth !== 'public' && !user) throw new Error(`auth rule not enforced for ${request.routeOptions.url}`)
  return user as UserFor<A>
}

/**
 * Binds a shared route descriptor to Fastify: its auth rule (enforced by plugins/auth.ts before
 * the body is read), validation from its schemas, and the envelope around the handler's data.
 */
export function bindRoute<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType, A extends RouteAuth>(
  app: FastifyInstance,
  route: ApiRoute<Q, B, D, A>,
  handler: (input: HandlerInput<Parsed<Q>, Parsed<B>, A>) => Promise<HandlerResult<D>>,
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
) {
  assertAuthPlugin(app)
  app.route({
    method: route.method,
    url: route.path,
    config: { auth: route.auth, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      summary: route.summary,
      tags: route.tags,
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.auth === 'public' ? {} : { security: [{ token: [] }] }),
      response: { 200: Envelope(route.data) },
    },
    handler: async (request, reply) => {
      const result = await handler({
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        user: await sessionUserFor(request, route.auth),
        request,
        reply,
      })
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(envelopeText(result))
      if (result instanceof FinishedJson) {
        reply.header('etag', result.etag).header('cache-control', result.cacheControl)
        // 304 has no body, so no schema of the route describes it
        if (matchesEtag(request.headers['if-none-match'], result.etag)) return (reply as FastifyReply).status(304).send()
        return reply.type('application/json; charset=utf-8').send(result.body)
      }
      if (result && typeof result === 'object' && 'envelope' in result) return result.envelope
      return { code: 0, message: 'success', data: result }
    },
  })
}
