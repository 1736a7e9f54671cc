import type { CoverageQuery } from '@rs/shared'
import { coverageGaps, coverageMonths, coverageStatistics } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the coverage of a region's children (public). */
export function useCoverageStatistics(query: CoverageQuery) {
  return useQuery({
    queryKey: ['coverage', 'statistics', query],
    queryFn: ({ signal }) => callApi(coverageStatistics, { query: query as never, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}

/** GET the uncovered cells of one region (null: not asked). */
export function useCoverageGaps(query: (CoverageQuery & { region: string }) | null) {
  return useQuery({
    queryKey: ['coverage', 'gaps', query],
    queryFn: ({ signal }) => callApi(coverageGaps, { query: query as never, signal }),
    enabled: query !== null,
    staleTime: 60_000,
    retry: false,
  })
}

/** GET the Beijing months that hold counted imagery (yyyymm). */
export function useCoverageMonths() {
  return useQuery({
    queryKey: ['coverage', 'months'],
    queryFn: ({ signal }) => callApi(coverageMonths, { signal }),
    staleTime: 5 * 60_000,
  })
}
