import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createFeedbackRepository } from './feedback.repository'
import { registerFeedbackRoutes } from './feedback.routes'
import { type CaptchaCheck, createFeedbackService } from './feedback.service'

/** Visitors' feedback, proven with the auth module's captcha. */
export function registerFeedback(app: FastifyInstance, { db, config, audit }: ModuleDeps, captchas: CaptchaCheck) {
  registerFeedbackRoutes(app, createFeedbackService(createFeedbackRepository(db), captchas, audit), {
    submitsPerMinute: config.ACCOUNT_SUBMITS_PER_MINUTE,
  })
}
