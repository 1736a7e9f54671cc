import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import { regionByCode } from '@rs/shared/api-paths'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET a region's parent code (返回上级): the country has none, a province's is the country. */
export function useRegionParent(code: string) {
  return useQuery({
    // the region feature's detail query, so both share the cached answer
    queryKey: ['region', 'detail', code],
    queryFn: ({ signal }) => callApi(regionByCode, { query: { code }, signal }),
    enabled: code !== WHOLE_COUNTRY_CODE,
    staleTime: 60 * 60_000,
    select: (region) => region.parentRegionId ?? WHOLE_COUNTRY_CODE,
  })
}
