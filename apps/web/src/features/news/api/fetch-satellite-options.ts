import { satelliteList } from '@rs/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the satellite series (slug, Chinese name, country) for the filter, the editor's select and names by slug. */
export const satelliteListQuery = queryOptions({
  queryKey: ['satellite', 'list'],
  queryFn: ({ signal }) => callApi(satelliteList, { signal }),
  staleTime: 10 * 60_000,
})

export function useSatelliteList() {
  return useQuery(satelliteListQuery)
}
