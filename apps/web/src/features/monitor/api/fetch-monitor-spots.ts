import type { MonitorModuleKey, MonitorStage } from '@rs/shared'
import { monitorSpotList } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export interface SpotListFilters {
  xzqdm?: string
  stage?: MonitorStage
  tblx?: string
  batch?: string
  filename?: string
  pageNum: number
  pageSize: number
}

/** GET a page of spots in the caller's area ranges (detail mode; needs login, the module's code and an area range). */
export function useMonitorSpots(module: MonitorModuleKey, filters: SpotListFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', module, 'spots', filters],
    queryFn: ({ signal }) => callApi(monitorSpotList, { query: { module, ...filters }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  })
}
