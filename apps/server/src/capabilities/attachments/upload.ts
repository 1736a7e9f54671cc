import type { ApiRoute, RouteAuth } from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { HandlerResult, UserFor } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'
import type { AttachmentPolicy } from './accept'

/**
 * Binds a workflow's one-file attachment upload (multipart): the read stops at the policy's largest
 * file, a missing file or a cut read answered with the policy's Chinese messages, at most
 * `perMinute` uploads a minute per client. The handler checks and stores the file (acceptAttachment).
 */
export function bindAttachmentUpload<D extends z.ZodType, A extends RouteAuth>(
  app: FastifyInstance,
  route: ApiRoute<z.ZodType | undefined, z.ZodType | undefined, D, A>,
  policy: AttachmentPolicy,
  perMinute: number,
  handler: (input: { file: { filename: string; data: Buffer }; user: UserFor<A>; request: FastifyRequest }) => Promise<HandlerResult<D>>,
) {
  bindUploadRoute(
    app,
    route,
    {
      maxBytes: policy.maxBytes,
      rateLimit: { max: perMinute, timeWindow: '1 minute' },
      messages: { noFile: policy.messages.required, tooLarge: policy.messages.tooLarge },
    },
    handler,
  )
}
