import { satelliteTle } from '@rs/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET every two-line element set and keep only how many satellites have one. */
export const tleCountQuery = queryOptions({
  queryKey: ['satellite', 'tle', 'count'],
  queryFn: async ({ signal }) => (await callApi(satelliteTle, { query: {}, signal })).length,
  staleTime: 10 * 60_000,
})

export function useTleCount() {
  return useQuery(tleCountQuery)
}
