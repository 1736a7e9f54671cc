import { planYears } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the plan years (state, purchase year, demo flag), for the year pickers and the demo note. */
export function usePlanYears() {
  return useQuery({
    queryKey: ['plan-analysis', 'years'],
    queryFn: ({ signal }) => callApi(planYears, { signal }),
    staleTime: 5 * 60_000,
  })
}
