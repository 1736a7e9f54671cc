import { regionBoundary } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../lib/api-client'

/** GET the boundaries of some regions (the children a statistics map colours); the server keeps them cached. */
export function useRegionBoundaries(codes: readonly string[]) {
  return useQuery({
    queryKey: ['region', 'boundaries', codes.join(',')],
    queryFn: async ({ signal }) => {
      const all = await Promise.all(codes.map((code) => callApi(regionBoundary, { query: { code }, signal }).catch(() => null)))
      return all.filter((b) => b !== null)
    },
    enabled: codes.length > 0,
    staleTime: 60 * 60_000,
  })
}
