import { auditExport, auditSearch, tZh } from '@rs/shared'
import type { FastifyInstance } from 'fastify'
import { bindRoute } from '../../lib/route'
import { enforceAuth, type SessionResolver, type SessionUser } from '../../plugins/auth'
import type { AuditFilter } from './audit.repository'
import { type AuditService, actorOf } from './audit.service'

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService, resolve: SessionResolver) {
  bindRoute(app, auditSearch, resolve, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query
    return audit.search(filter, { pageNum, pageSize })
  })

  // CSV is not an envelope, so the export is bound by hand with the same auth rule
  app.route({
    method: auditExport.method,
    url: auditExport.path,
    schema: { summary: auditExport.summary, tags: auditExport.tags, querystring: auditExport.query, security: [{ token: [] }] },
    handler: async (request, reply) => {
      const user = (await enforceAuth(request, auditExport.auth, resolve)) as SessionUser
      const filter = request.query as AuditFilter
      const { csv, count } = await audit.exportCsv(filter)
      await audit.record({ actor: actorOf(user), ip: request.ip, action: 'auditExport', detail: { filter, count } })
      const stamp = new Date().toISOString().slice(0, 10)
      const fileName = `${tZh('admin.audit.title')}-${stamp}.csv`
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="audit-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .type('text/csv; charset=utf-8')
        .send(csv)
    },
  })
}
