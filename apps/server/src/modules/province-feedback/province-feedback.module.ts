import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { registerProvinceFeedbackRoutes } from './province-feedback.routes'
import { createProvinceFeedbackService } from './province-feedback.service'

/**
 * 本地数据 (provinceFeedback, MOD_085): a province registers its own aerial and satellite imagery;
 * the coverage engine counts it as the source 'local' (the table's triggers queue it).
 */
export function registerProvinceFeedback(app: FastifyInstance, { db, config, pools, audit }: ModuleDeps) {
  registerProvinceFeedbackRoutes(app, createProvinceFeedbackService(db, pools.tasks, audit), {
    uploadsPerMinute: config.AOI_UPLOADS_PER_MINUTE,
  })
}
