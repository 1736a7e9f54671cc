import type { AnalysisPage, AnalysisPageKey } from '@rs/shared'
import { satelliteAnalysis } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET one analysis page: its sentences, highlight figures and charts with their rows. */
export function fetchAnalysisPage(page: AnalysisPageKey, signal?: AbortSignal): Promise<AnalysisPage> {
  return callApi(satelliteAnalysis, { query: { page }, signal })
}

/** The counted data change only when the server loads a new edition; keep a page for the visit. */
export const analysisPageQuery = (page: AnalysisPageKey) =>
  queryOptions({
    queryKey: ['satellite', 'analysis', page],
    queryFn: ({ signal }) => fetchAnalysisPage(page, signal),
    staleTime: 30 * 60_000,
  })

export function useAnalysisPage(page: AnalysisPageKey) {
  return useQuery(analysisPageQuery(page))
}
