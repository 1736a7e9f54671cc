import {
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
import { bindAttachmentDownload, bindAttachmentUpload } from '../../capabilities/attachments'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { APPLY_ATTACHMENT_POLICY, type ApplyService } from './apply.service'

/** /api/request: applications, their attachments and their review (SPEC §7 'request'). */
export function registerApplyRoutes(app: FastifyInstance, apply: ApplyService, rates: { uploadsPerMinute: number }) {
  bindAttachmentUpload(app, applyAttachmentUpload, APPLY_ATTACHMENT_POLICY, rates.uploadsPerMinute, async ({ file, user, request }) =>
    apply.uploadAttachment(callerOf(user, request), file),
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
