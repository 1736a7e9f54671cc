import { auditExport, auditSearch, CSV_CONTENT_TYPE } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { contentDisposition, exportStamp } from '../../capabilities/exports'
import { actorOf } from '../../lib/audit'
import { t } from '../../lib/locale'
import { assertAuthPlugin, bindRoute, sessionUserFor } from '../../lib/route'
import type { AuditFilter } from './audit.repository'
import type { AuditService } from './audit.service'

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  bindRoute(app, auditSearch, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query
    return audit.search(filter, { pageNum, pageSize })
  })

  // CSV is not an envelope, so the export is bound by hand, its auth rule in the route config for plugins/auth.ts
  assertAuthPlugin(app)
  app.route({
    method: auditExport.method,
    url: auditExport.path,
    config: { auth: auditExport.auth },
    schema: { summary: auditExport.summary, tags: auditExport.tags, querystring: auditExport.query, security: [{ token: [] }] },
    handler: async (request, reply) => {
      const user = await sessionUserFor(request, auditExport.auth)
      const filter = request.query as AuditFilter
      const { csv, count } = await audit.exportCsv(filter)
      await audit.record({ actor: actorOf(user), ip: request.ip, action: 'auditExport', detail: { filter, count } })
      const stamp = exportStamp()
      const file = { fileName: `audit-${stamp}.csv`, displayName: `${t('admin.audit.title')}-${stamp}.csv` }
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file))
        .type(CSV_CONTENT_TYPE)
        .send(csv)
    },
  })
}
