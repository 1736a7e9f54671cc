import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createPlanAnalysis } from './analysis'
import { createPlanAreas } from './plan-area'
import { plansRepository } from './plans.repository'
import { registerPlanRoutes } from './plans.routes'
import { createPlansService } from './plans.service'

/**
 * Coordinated procurement plans (部省协同, issue 24): the ministry's plan years, the units' plans
 * and their review and publication. Items are checked with the area capability and measured on
 * the coverage capability's grids.
 */
export function registerPlans(app: FastifyInstance, { db, audit, areas, coverage, delivery }: ModuleDeps) {
  const plans = createPlansService(db, plansRepository, {
    areas: createPlanAreas(db, areas, coverage.areas),
    coverage: coverage.areas,
    audit,
    sendMail: (to, mail) => delivery.sendMail(to, mail),
    log: app.log,
  })
  registerPlanRoutes(app, plans, createPlanAnalysis(db, coverage))
  return { plans }
}
