import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { provinceMinistryRepository } from './province-ministry.repository'
import { registerProvinceMinistryRoutes } from './province-ministry.routes'
import { createProvinceMinistryService } from './province-ministry.service'

/** 省部协同 (MOD_090): a province's requests to the ministry, answered in a thread; each change mailed through the notification capability. */
export function registerProvinceMinistry(app: FastifyInstance, { db, config, audit, delivery }: ModuleDeps) {
  const service = createProvinceMinistryService(db, provinceMinistryRepository, {
    audit,
    sendMail: (to, mail) => delivery.sendMail(to, mail),
    log: app.log,
  })
  registerProvinceMinistryRoutes(app, service, { uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE })
}
