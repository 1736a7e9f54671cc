import { normalmetaUnion } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** POST the checked ids: the geodesic area of their footprints' union (km²). Idle with no id. */
export function useUnionArea(ids: readonly string[]) {
  return useQuery({
    queryKey: ['archive', 'union', [...ids].sort()],
    queryFn: ({ signal }) => callApi(normalmetaUnion, { body: { ids: [...ids] }, signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
