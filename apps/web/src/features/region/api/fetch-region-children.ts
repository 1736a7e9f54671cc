import type { Region } from '@rs/shared'
import { regionChildren } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the regions under a code (100000 → the provinces). */
export function fetchRegionChildren(code: string): Promise<Region[]> {
  return callApi(regionChildren, { query: { code } })
}

export const regionChildrenQuery = (code: string) =>
  queryOptions({ queryKey: ['region', 'children', code], queryFn: () => fetchRegionChildren(code), staleTime: 60 * 60 * 1000 })

/** The children of a code; disabled when there is no code. */
export function useRegionChildren(code: string | undefined) {
  return useQuery({ ...regionChildrenQuery(code ?? ''), enabled: Boolean(code) })
}
