import type { MonitorModuleKey, MonitorStage } from '@rs/shared'
import { monitorTrend } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export interface TrendFilters {
  region: string
  batchFrom?: string
  batchTo?: string
  stage?: MonitorStage
  tblx?: string
}

/** GET the figures per batch of a region and its children (public, like the statistics). */
export function useMonitorTrend(module: MonitorModuleKey, filters: TrendFilters) {
  return useQuery({
    queryKey: ['monitor', module, 'trend', filters],
    queryFn: ({ signal }) => callApi(monitorTrend, { query: { module, ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}
