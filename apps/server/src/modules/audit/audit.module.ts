import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createAuditRepository } from './audit.repository'
import { registerAuditRoutes } from './audit.routes'
import { createAuditService } from './audit.service'

/** The audit log: the recorder every other module's deps carry, and its search routes (bound after the auth plugin). */
export function registerAudit(app: FastifyInstance, deps: Pick<ModuleDeps, 'db'>) {
  const audit = createAuditService(createAuditRepository(deps.db))
  return { recorder: audit, registerRoutes: () => registerAuditRoutes(app, audit) }
}
