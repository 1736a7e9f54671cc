import {
  type PlanSummarySheet,
  planAnalysis,
  planCheck,
  planCreate,
  planDetail,
  planFeatures,
  planItemDelete,
  planItemReview,
  planItemSave,
  planList,
  planPublish,
  planSubmit,
  planSummary,
  planSummaryExport,
  planYearEvent,
  planYearOpen,
  planYears,
} from '@rs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contentDisposition, exportStamp, xlsxBytes } from '../../capabilities/exports'
import { callerOf } from '../../lib/audit'
import { t } from '../../lib/locale'
import { assertAuthPlugin, bindRoute, sessionUserFor } from '../../lib/route'
import type { SessionUser } from '../../lib/session'
import type { PlanAnalysis } from './analysis'
import type { PlanCaller, PlansService } from './plans.service'

const planCaller = (user: SessionUser, request: FastifyRequest): PlanCaller => ({
  ...callerOf(user, request),
  permissions: user.permissions,
  regionIds: user.regionIds,
})

/** The plans' workflow routes (plan-collaborative): years, plans, items, review, publication. */
export function registerPlanRoutes(app: FastifyInstance, plans: PlansService, analysis: PlanAnalysis) {
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
  bindRoute(app, planSummary, async ({ query }) => analysis.summary(query))
  bindRoute(app, planAnalysis, async ({ query, user }) => analysis.analysis(user, query))
  bindRoute(app, planFeatures, async ({ query, user }) => analysis.features(user, { ...query, purchaseYear: 0, yearOption: 1 }))

  // an Excel file is not an envelope: bound by hand, its auth rule in the route config for plugins/auth.ts
  assertAuthPlugin(app)
  app.route({
    method: planSummaryExport.method,
    url: planSummaryExport.path,
    config: { auth: planSummaryExport.auth },
    schema: {
      summary: planSummaryExport.summary,
      tags: planSummaryExport.tags,
      querystring: planSummaryExport.query,
      security: [{ token: [] }],
    },
    handler: async (request, reply) => {
      await sessionUserFor(request, planSummaryExport.auth)
      const query = request.query as { year: number; state: 'published' | 'all'; unitType?: never }
      const sheet = await analysis.summary(query)
      const stamp = exportStamp()
      const file = {
        fileName: `plan-summary-${sheet.year}-${stamp}.xlsx`,
        displayName: `${t('plan.publish.summarySheet')}-${sheet.year}-${stamp}.xlsx`,
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file))
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(Buffer.from(await summaryWorkbook(sheet)))
    },
  })
}

/** The summary sheet as the ministry files it: a row per unit × resolution type, the months, then totals by type and overall. */
export function summaryWorkbook(sheet: PlanSummarySheet): Promise<Uint8Array> {
  const months = Array.from({ length: 12 }, (_, k) => t('plan.monthName', { month: k + 1 }))
  const head = [
    t('plan.publish.unit'),
    t('plan.publish.unitCode'),
    t('plan.fill.resolution'),
    t('plan.publish.items'),
    t('plan.publish.area'),
    ...months,
    t('plan.publish.budget'),
    t('plan.publish.overlap'),
  ]
  const line = (unit: string, code: string, resolution: string, r: PlanSummarySheet['total']) => [
    unit,
    code,
    resolution,
    r.items,
    r.areaKm2,
    ...r.months,
    r.budget,
    r.overlapKm2,
  ]
  const rows = [
    head,
    ...sheet.rows.map((r) => line(r.unitName, r.unitRegion, t(`plan.resolution.${r.resolution}`), r)),
    ...sheet.byResolution.map((r) => line(t('plan.publish.byResolution'), '', t(`plan.resolution.${r.resolution}`), r)),
    line(t('plan.publish.total'), '', '', sheet.total),
  ]
  return xlsxBytes(rows, { sheet: `${sheet.year}`, widths: [22, 10, 12, 8, 12, ...months.map(() => 10), 12, 12] })
}
