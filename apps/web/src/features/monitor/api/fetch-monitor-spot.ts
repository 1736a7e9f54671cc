import type { MonitorModuleKey } from '@rs/shared'
import { monitorSpotDetail } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET one spot with its attributes and batches. */
export function useMonitorSpot(module: MonitorModuleKey, id: number | null) {
  return useQuery({
    queryKey: ['monitor', module, 'spot', id],
    queryFn: ({ signal }) => callApi(monitorSpotDetail, { query: { module, id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
  })
}
