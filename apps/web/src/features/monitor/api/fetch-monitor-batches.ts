import type { MonitorModuleKey } from '@rs/shared'
import { monitorBatches } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET a module's batches (oldest first). */
export function useMonitorBatches(module: MonitorModuleKey) {
  return useQuery({
    queryKey: ['monitor', module, 'batches'],
    queryFn: ({ signal }) => callApi(monitorBatches, { query: { module }, signal }),
    staleTime: 5 * 60_000,
  })
}
