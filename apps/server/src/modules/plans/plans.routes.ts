import {
  planCheck,
  planCreate,
  planDetail,
  planItemDelete,
  planItemReview,
  planItemSave,
  planList,
  planPublish,
  planSubmit,
  planYearEvent,
  planYearOpen,
  planYears,
} from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../../lib/audit'
import { bindRoute } from '../../lib/route'
import type { SessionUser } from '../../lib/session'
import type { PlanCaller, PlansService } from './plans.service'

const planCaller = (user: SessionUser, request: FastifyRequest): PlanCaller => ({
  ...callerOf(user, request),
  permissions: user.permissions,
  regionIds: user.regionIds,
})

/** The plans' workflow routes (plan-collaborative): years, plans, items, review, publication. */
export function registerPlanRoutes(app: FastifyInstance, plans: PlansService) {
  bindRoute(app, planYears, async ({ user, request }) => plans.years(planCaller(user, request)))
  bindRoute(app, planYearOpen, async ({ body, user, request }) => plans.openYear(planCaller(user, request), body))
  bindRoute(app, planYearEvent, async ({ body, user, request }) => plans.yearEvent(planCaller(user, request), body))
  bindRoute(app, planList, async ({ query, user, request }) => plans.list(planCaller(user, request), query))
  bindRoute(app, planDetail, async ({ query, user, request }) => plans.detail(planCaller(user, request), query.id))
  bindRoute(app, planCreate, async ({ body, user, request }) => plans.create(planCaller(user, request), body))
  bindRoute(app, planItemSave, async ({ body, user, request }) => plans.saveItem(planCaller(user, request), body))
  bindRoute(app, planItemDelete, async ({ body, user, request }) => plans.deleteItem(planCaller(user, request), body.id))
  bindRoute(app, planCheck, async ({ body, user, request }) => plans.check(planCaller(user, request), body))
  bindRoute(app, planSubmit, async ({ body, user, request }) => plans.submit(planCaller(user, request), body.id))
  bindRoute(app, planItemReview, async ({ body, user, request }) => plans.reviewItem(planCaller(user, request), body))
  bindRoute(app, planPublish, async ({ body, user, request }) => plans.publish(planCaller(user, request), body.id))
}
