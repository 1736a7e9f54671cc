import type { MonitorModuleKey } from '@rs/shared'
import { monitorSequence } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export interface SequenceFilters {
  region?: string
  batch?: string
  tblx?: string
}

/** GET the last five batches of a region with what changed (needs login, the module's code and an area range). */
export function useMonitorSequence(module: MonitorModuleKey, filters: SequenceFilters) {
  return useQuery({
    queryKey: ['monitor', module, 'sequence', filters],
    queryFn: ({ signal }) => callApi(monitorSequence, { query: { module, ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  })
}
