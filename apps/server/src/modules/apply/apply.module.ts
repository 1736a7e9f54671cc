import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { applyRepository } from './apply.repository'
import { registerApplyRoutes } from './apply.routes'
import { createApplyService } from './apply.service'

/** Applications for data; their decisions are mailed through the notification capability. */
export function registerApply(app: FastifyInstance, { db, config, audit, delivery }: ModuleDeps) {
  const apply = createApplyService(db, applyRepository, { audit, sendMail: (to, mail) => delivery.sendMail(to, mail), log: app.log })
  registerApplyRoutes(app, apply, { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE })
}
