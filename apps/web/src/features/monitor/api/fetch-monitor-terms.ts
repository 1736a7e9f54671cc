import type { MonitorModuleKey } from '@rs/shared'
import { monitorSpotTerms } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET a spot's term data: the archive scenes covering it before and after its batch. */
export function useMonitorSpotTerms(module: MonitorModuleKey, id: number | null) {
  return useQuery({
    queryKey: ['monitor', module, 'terms', id],
    queryFn: ({ signal }) => callApi(monitorSpotTerms, { query: { module, id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
  })
}
