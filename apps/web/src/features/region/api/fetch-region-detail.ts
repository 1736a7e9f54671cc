import { type Region, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { regionByCode } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET one region by its six-digit code. */
export function fetchRegionDetail(code: string): Promise<Region> {
  return callApi(regionByCode, { query: { code } })
}

export const regionDetailQuery = (code: string) =>
  queryOptions({ queryKey: ['region', 'detail', code], queryFn: () => fetchRegionDetail(code), staleTime: 60 * 60 * 1000 })

/** One region's detail; disabled for no code and for the whole country (which the page names itself). */
export function useRegionDetail(code: string | undefined) {
  return useQuery({ ...regionDetailQuery(code ?? ''), enabled: Boolean(code) && code !== WHOLE_COUNTRY_CODE })
}
