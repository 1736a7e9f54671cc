import {
  provinceMinistryAttachmentDownload,
  provinceMinistryAttachmentUpload,
  provinceMinistryClose,
  provinceMinistryCreate,
  provinceMinistryDetail,
  provinceMinistryList,
  provinceMinistryReply,
} from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bindAttachmentDownload, bindAttachmentUpload } from '../../capabilities/attachments'
import { bindRoute } from '../../lib/route'
import type { SessionUser } from '../../lib/session'
import { PROVINCE_MINISTRY_ATTACHMENT_POLICY, type ProvinceMinistryCaller, type ProvinceMinistryService } from './province-ministry.service'

const callerOf = (user: SessionUser, request: FastifyRequest): ProvinceMinistryCaller => ({ user, ip: request.ip })

/** /api/province-ministry: 省部协同 requests, their threads and attachments (MOD_090 and an area range). */
export function registerProvinceMinistryRoutes(
  app: FastifyInstance,
  service: ProvinceMinistryService,
  rates: { uploadsPerMinute: number },
) {
  bindAttachmentUpload(
    app,
    provinceMinistryAttachmentUpload,
    PROVINCE_MINISTRY_ATTACHMENT_POLICY,
    rates.uploadsPerMinute,
    async ({ file, user, request }) => service.uploadAttachment(callerOf(user, request), file),
  )
  bindAttachmentDownload(app, provinceMinistryAttachmentDownload, async ({ id, user }) => service.attachmentFile(user, id))
  bindRoute(app, provinceMinistryList, async ({ user, query }) => service.list(user, query))
  bindRoute(app, provinceMinistryDetail, async ({ user, query }) => service.thread(user, query.id))
  bindRoute(app, provinceMinistryCreate, async ({ user, request, body }) => service.create(callerOf(user, request), body))
  bindRoute(app, provinceMinistryReply, async ({ user, request, body }) => service.reply(callerOf(user, request), body))
  bindRoute(app, provinceMinistryClose, async ({ user, request, body }) => service.close(callerOf(user, request), body.id))
}
