import { MONITOR_IMPORT_LIMITS, monitorImport } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/audit'
import { bindUploadRoute } from '../../lib/upload-route'
import type { ImportService } from './import.service'

/** POST /api/monitor/import: an administrator's delivery (one file and the fields module, batch, mapping); ?dryRun=true checks only. */
export function registerImportRoutes(app: FastifyInstance, imports: ImportService, rates: { uploadsPerMinute: number }) {
  bindUploadRoute(
    app,
    monitorImport,
    {
      maxBytes: MONITOR_IMPORT_LIMITS.maxUploadBytes,
      fields: 3,
      fieldBytes: 8192,
      rateLimit: { max: rates.uploadsPerMinute, timeWindow: '1 minute' },
      messages: {
        noFile: 'monitorVerify.errors.importNoFile',
        tooLarge: 'monitorVerify.errors.importTooLarge',
        fieldTooLong: { key: 'monitorVerify.errors.importBadMapping' },
      },
    },
    async ({ query, file, fields, user, request }) =>
      imports.importDelivery(
        { actor: actorOf(user), ip: request.ip },
        {
          module: fields.module ?? '',
          batch: fields.batch ?? '',
          fileName: file.filename,
          data: file.data,
          mapping: fields.mapping,
          dryRun: query.dryRun === 'true',
        },
      ),
  )
}
