import type { DataOf } from '@rs/shared'
import { satelliteList } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from './api-client'

export type SatelliteSummary = DataOf<typeof satelliteList>[number]

/**
 * GET every satellite series (names, country, category, status, member and tracked counts): the
 * satellite index, the home figures and the news filter, select and names share this one query.
 * The reference data change only when the server restarts.
 */
export const satelliteListQuery = queryOptions({
  queryKey: ['satellite', 'list'],
  queryFn: ({ signal }) => callApi(satelliteList, { signal }),
  staleTime: 60 * 60 * 1000,
})

export function useSatelliteList() {
  return useQuery(satelliteListQuery)
}
