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
import { bindAttachmentDownload } from '../../capabilities/attachments'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
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

  bindAttachmentDownload(app, applyAttachmentDownload, async ({ id, user, request }) =>
    apply.attachmentFile(callerOf(user, request), id, hasPermission(user.permissions, PERMISSION.systemAdmin)),
  )
}
