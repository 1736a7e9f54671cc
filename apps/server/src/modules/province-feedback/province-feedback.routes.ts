import { LOCAL_IMAGERY_LIMITS, localImageryDelete, localImageryFootprints, localImageryList, localImageryUpload } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import { bindUploadRoute } from '../../lib/upload-route'
import type { ProvinceFeedbackService } from './province-feedback.service'

/** 本地数据: the registration upload (?dryRun=true checks only), the list, the footprints, a registration's deletion. */
export function registerProvinceFeedbackRoutes(
  app: FastifyInstance,
  service: ProvinceFeedbackService,
  rates: { uploadsPerMinute: number },
) {
  bindUploadRoute(
    app,
    localImageryUpload,
    {
      maxBytes: LOCAL_IMAGERY_LIMITS.maxUploadBytes,
      fields: 0,
      rateLimit: { max: rates.uploadsPerMinute, timeWindow: '1 minute' },
      messages: { noFile: 'localImagery.errors.noFile', tooLarge: 'localImagery.errors.tooLarge' },
    },
    async ({ query, file, user, request }) =>
      service.upload(callerOf(user, request), user, { fileName: file.filename, data: file.data }, query.dryRun === 'true'),
  )
  bindRoute(app, localImageryList, async ({ query, user }) => service.list(user, query))
  bindRoute(app, localImageryFootprints, async ({ query, user }) => service.footprints(user, query))
  bindRoute(app, localImageryDelete, async ({ body, user, request }) => service.remove(callerOf(user, request), user, body.uploadId))
}
