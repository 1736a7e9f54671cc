import { satelliteCatalogue, satelliteSensors } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

const HOUR = 60 * 60 * 1000

/** GET the satellite catalogue (SPEC §3: ≤ 120 entries with type, resolution class and properties). */
export function useSatelliteCatalogue() {
  return useQuery({
    queryKey: ['satellite', 'catalogue'],
    queryFn: ({ signal }) => callApi(satelliteCatalogue, { signal }),
    staleTime: HOUR,
  })
}

/** GET the satellite-to-sensor mapping (satellite codes and sensor ids per catalogue entry). */
export function useSatelliteSensors() {
  return useQuery({ queryKey: ['satellite', 'sensors'], queryFn: ({ signal }) => callApi(satelliteSensors, { signal }), staleTime: HOUR })
}
