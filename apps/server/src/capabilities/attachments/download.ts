import type { ApiRoute, RouteAuth } from '@rs/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { assertAuthPlugin, sessionUserFor, type UserFor } from '../../lib/route'

/** A stored attachment as a download sends it. */
export interface StoredAttachment {
  fileName: string
  contentType: string
  data: Buffer
}

/**
 * Sends a stored file for download: its checked type, never sniffed or kept by a shared cache, under
 * an ASCII fallback name and its UTF-8 name (RFC 6266 / 5987).
 */
export function sendAttachment(reply: FastifyReply, file: StoredAttachment, disposition: 'attachment' | 'inline' = 'attachment') {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.data)
}

/**
 * Binds a GET route descriptor that answers one attachment by `?id=` (not an envelope): its auth
 * rule enforced by plugins/auth.ts as for bindRoute; `load` decides who may read it (a 404 for
 * anyone else, so its existence is not told).
 */
export function bindAttachmentDownload<A extends RouteAuth>(
  app: FastifyInstance,
  route: ApiRoute<z.ZodType<{ id: number }>, z.ZodType | undefined, z.ZodType, A>,
  load: (input: { id: number; user: UserFor<A>; request: FastifyRequest }) => Promise<StoredAttachment>,
) {
  assertAuthPlugin(app)
  app.route({
    method: route.method,
    url: route.path,
    config: { auth: route.auth },
    schema: {
      summary: route.summary,
      tags: route.tags,
      querystring: route.query,
      ...(route.auth === 'public' ? {} : { security: [{ token: [] }] }),
    },
    handler: async (request, reply) => {
      const user = await sessionUserFor(request, route.auth)
      const { id } = request.query as { id: number }
      return sendAttachment(reply, await load({ id, user, request }))
    },
  })
}
