import { visitCounts } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the page-visit counters; ALL is the total of site visits. */
export function fetchVisitCounts(): Promise<Record<string, number>> {
  return callApi(visitCounts)
}

export const visitCountsQuery = queryOptions({ queryKey: ['statistics', 'visit-counts'], queryFn: fetchVisitCounts, staleTime: 60_000 })

export function useVisitCounts() {
  return useQuery(visitCountsQuery)
}
