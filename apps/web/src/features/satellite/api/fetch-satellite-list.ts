import { type DataOf, satelliteList } from '@rs/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export type SatelliteSummary = DataOf<typeof satelliteList>[number]

/** GET every satellite series with its names, category, status and member count. */
export function fetchSatelliteList(): Promise<SatelliteSummary[]> {
  return callApi(satelliteList)
}

// reference data changes only when the server restarts
export const satelliteListQuery = queryOptions({ queryKey: ['satellite', 'list'], queryFn: fetchSatelliteList, staleTime: 60 * 60 * 1000 })

export function useSatelliteList() {
  return useQuery(satelliteListQuery)
}
