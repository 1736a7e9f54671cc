import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../module-deps'
import { createPlanAnalysis } from './analysis'
import { createPlanAreas } from './plan-area'
import { plansRepository } from './plans.repository'
import { registerPlanRoutes } from './plans.routes'
import { createPlansService } from './plans.service'

/** Items painted per round, the wait after a start (the coverage engine builds its grids first), the wait between checks. */
const REPAINT_BATCH = 50
const REPAINT_START_MS = 20_000
const REPAINT_EVERY_MS = 60_000

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

  // items loaded in bulk (the demo plans) or painted on grids since rebuilt are painted in the
  // background once the server listens, a batch at a time, then checked again every minute
  let timer: NodeJS.Timeout | undefined
  let closing = false
  const repaint = async () => {
    try {
      let painted = 0
      for (let n = await plans.repaint(REPAINT_BATCH); n > 0 && !closing; n = await plans.repaint(REPAINT_BATCH)) painted += n
      if (painted > 0) app.log.info({ painted }, 'plan items painted on the coverage grids')
    } catch (err) {
      if (!closing) app.log.error({ err }, 'plan items not painted')
    }
    if (!closing) {
      timer = setTimeout(repaint, REPAINT_EVERY_MS)
      timer.unref()
    }
  }
  app.addHook('onListen', async () => {
    timer = setTimeout(repaint, REPAINT_START_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    closing = true
    if (timer) clearTimeout(timer)
  })
  return { plans }
}
