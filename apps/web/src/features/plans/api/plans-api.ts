import type { BodyOf, PlanDetail, PlanState, PlanUnitType } from '@rs/shared'
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
  planSummary,
  planSummaryExport,
  planYearEvent,
  planYearOpen,
  planYears,
} from '@rs/shared/api-paths'
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { downloadFromApi } from '../../../lib/download'
import { getT } from '../../../lib/i18n'

/** Every plan query starts with this key; a change invalidates them all (years count plans, lists show states). */
export const PLANS_KEY = ['plans'] as const

/** GET the plan years (newest first as the server orders them). */
export function usePlanYears() {
  return useQuery({ queryKey: [...PLANS_KEY, 'years'], queryFn: ({ signal }) => callApi(planYears, { signal }) })
}

export interface PlanListFilter {
  year?: number
  state?: PlanState
  unitType?: PlanUnitType
  region?: string
  pageNum: number
  pageSize: number
}

/** GET a page of live plans (the unit's within its range, every one for the ministry). */
export function usePlanList(filter: PlanListFilter, enabled = true) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'list', filter],
    queryFn: ({ signal }) => callApi(planList, { query: filter, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** GET one plan with its items (held share, overlaps, geometry), what the caller may do and its revisions. */
export function usePlanDetail(id: number | null | undefined) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'detail', id],
    queryFn: ({ signal }) => callApi(planDetail, { query: { id: id as number }, signal }),
    enabled: typeof id === 'number',
  })
}

/** The unit's live plan of a year: its id from the list (units at or under the region, this one only). */
export function useUnitPlanId(year: number | undefined, unitRegion: string | undefined) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'list', 'unit', year, unitRegion],
    queryFn: async ({ signal }) => {
      const page = await callApi(planList, { query: { year, region: unitRegion, pageNum: 1, pageSize: 200 }, signal })
      return page.list.find((p) => p.unitRegion === unitRegion)?.id ?? null
    },
    enabled: year !== undefined && Boolean(unitRegion),
  })
}

/** GET the summary sheet of a year: published plans or every live plan, per unit × resolution type. */
export function usePlanSummary(query: { year?: number; state: 'published' | 'all'; unitType?: PlanUnitType }) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'summary', query],
    queryFn: ({ signal }) => callApi(planSummary, { query: { ...query, year: query.year as number }, signal }),
    enabled: query.year !== undefined,
    placeholderData: keepPreviousData,
  })
}

export type PlanCheckBody = BodyOf<typeof planCheck>

/** POST the form's instant check: area, what lies outside the unit, what the purchase year holds, who else plans it. */
export function usePlanCheck(body: PlanCheckBody | null) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'check', body],
    queryFn: ({ signal }) => callApi(planCheck, { body: body as PlanCheckBody, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  })
}

/** Writes an answered plan into the cache (each change answers the whole plan) and marks the lists stale. */
export function storePlan(queryClient: QueryClient, plan: PlanDetail): void {
  queryClient.setQueryData([...PLANS_KEY, 'detail', plan.id], plan)
  void queryClient.invalidateQueries({ queryKey: PLANS_KEY, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== plan.id })
}

export const createPlan = (year: number, unitRegion: string) => callApi(planCreate, { body: { year, unitRegion } })
export const saveItem = (body: BodyOf<typeof planItemSave>) => callApi(planItemSave, { body })
export const deleteItem = (id: number) => callApi(planItemDelete, { body: { id } })
export const submitPlan = (id: number) => callApi(planSubmit, { body: { id } })
export const reviewItem = (id: number, decision: 'accept' | 'return', reason?: string) =>
  callApi(planItemReview, { body: { id, decision, ...(reason ? { reason } : {}) } })
export const publishPlan = (id: number) => callApi(planPublish, { body: { id } })
export const openYear = (body: BodyOf<typeof planYearOpen>) => callApi(planYearOpen, { body })
export const sendYearEvent = (year: number, event: 'close' | 'reopen' | 'publish') => callApi(planYearEvent, { body: { year, event } })

/** GET the summary sheet as the server's Excel file (with the session token) and save it as 汇总表-<year>.xlsx. */
export const exportSummary = (query: { year: number; state: 'published' | 'all'; unitType?: PlanUnitType }) =>
  downloadFromApi(planSummaryExport, query, `${getT()('plan.publish.summarySheet')}-${query.year}.xlsx`)
