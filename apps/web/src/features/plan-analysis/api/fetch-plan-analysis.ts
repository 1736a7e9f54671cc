import type { DataOf, PlanAnalysisQuery } from '@rs/shared'
import { planAnalysis } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** The overall analysis's answer: rows per child region, totals, overlaps, owners, the compare year. */
export type PlanAnalysis = DataOf<typeof planAnalysis>

/** GET the overall analysis of a region (MOD_086, inside the caller's area ranges); null: not asked. */
export function usePlanAnalysis(query: PlanAnalysisQuery | null) {
  return useQuery({
    queryKey: ['plan-analysis', 'analysis', query],
    queryFn: ({ signal }) => callApi(planAnalysis, { query: query as PlanAnalysisQuery, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}
