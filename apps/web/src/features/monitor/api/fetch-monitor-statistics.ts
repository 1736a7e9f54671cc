import type { MonitorModuleKey, MonitorStage } from '@rs/shared'
import { monitorStatistics } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export interface StatisticsFilters {
  region: string
  batchFrom?: string
  batchTo?: string
  stage?: MonitorStage
  tblx?: string
}

/** GET the figures of a region's children (public). */
export function useMonitorStatistics(module: MonitorModuleKey, filters: StatisticsFilters) {
  return useQuery({
    queryKey: ['monitor', module, 'statistics', filters],
    queryFn: ({ signal }) => callApi(monitorStatistics, { query: { module, ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}
