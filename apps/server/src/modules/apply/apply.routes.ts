import {
  APPLY_LIMITS,
  applyAttachmentDownload,
  applyAttachmentUpload,
  applyList,
  applyReview,
  applyReviewList,
  applySubmit,
  applyWithdraw,
  hasPermission,
  PERMISSION,
} from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { callerOf } from '../../lib/audit'
import { assertAuthPlugin, bindRoute, sessionUserFor } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'
import type { ApplyService } from './apply.service'

/** /api/request: applications, their attachments and their review (SPEC §7 'request'). */
export function registerApplyRoutes(app: FastifyInstance, apply: ApplyService, rates: { uploadsPerMinute: number }) {
  bindUploadRoute(
    app,
    applyAttachmentUpload,
    {
      maxBytes: APPLY_LIMITS.attachmentMaxBytes,
      rateLimit: { max: rates.uploadsPerMinute, timeWindow: '1 minute' },
      messages: { noFile: 'apply.errors.attachmentRequired', tooLarge: 'apply.errors.attachmentTooLarge' },
    },
    async ({ file, user, request }) => apply.uploadAttachment(callerOf(user, request), file),
  )
  bindRoute(app, applySubmit, async ({ user, request, body }) => apply.submit(callerOf(user, request), body))
  bindRoute(app, applyList, async ({ user, query }) => apply.list({ userId: user.userId, status: query.status }, query))
  bindRoute(app, applyWithdraw, async ({ user, request, body }) => apply.withdraw(callerOf(user, request), body.id))
  bindRoute(app, applyReviewList, async ({ query }) => apply.list({ status: query.status }, query))
  bindRoute(app, applyReview, async ({ user, request, body }) => apply.review(callerOf(user, request), body))

  assertAuthPlugin(app)
  app.route({
    method: applyAttachmentDownload.method,
    url: applyAttachmentDownload.path,
    config: { auth: applyAttachmentDownload.auth },
    schema: {
      summary: applyAttachmentDownload.summary,
      tags: applyAttachmentDownload.tags,
      querystring: applyAttachmentDownload.query,
      security: [{ token: [] }],
    },
    handler: async (request, reply) => {
      const user = await sessionUserFor(request, applyAttachmentDownload.auth)
      const query = request.query as z.output<NonNullable<typeof applyAttachmentDownload.query>>
      const file = await apply.attachmentFile(callerOf(user, request), query.id, hasPermission(user.permissions, PERMISSION.systemAdmin))
      const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.data)
    },
  })
}
