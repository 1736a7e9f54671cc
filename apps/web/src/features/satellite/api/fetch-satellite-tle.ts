import type { SatelliteTle } from '@rs/shared'
import { satelliteTle } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the two-line elements of a series' members (those without a TLE are absent). */
export function fetchSatelliteTle(slug: string): Promise<SatelliteTle[]> {
  return callApi(satelliteTle, { query: { slug } })
}

export const satelliteTleQuery = (slug: string) =>
  queryOptions({ queryKey: ['satellite', 'tle', slug], queryFn: () => fetchSatelliteTle(slug), staleTime: 60 * 60 * 1000 })

export function useSatelliteTle(slug: string) {
  return useQuery(satelliteTleQuery(slug))
}
