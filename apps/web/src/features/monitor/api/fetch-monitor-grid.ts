import type { MonitorModuleKey, MonitorStage } from '@rs/shared'
import { monitorGrid } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export interface GridFilters {
  region?: string
  level: number
  batch?: string
  stage?: MonitorStage
  tblx?: string
}

/** GET the grid cells of a batch (needs login, the module's code and an area range; the server limits them to the ranges). */
export function useMonitorGrid(module: MonitorModuleKey, filters: GridFilters) {
  return useQuery({
    queryKey: ['monitor', module, 'grid', filters],
    queryFn: ({ signal }) => callApi(monitorGrid, { query: { module, ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}
