import type { MenuItem } from '@rs/shared'
import { defaultMenu } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the visitors' menu (SPEC.md §2: fetched when unauthenticated). */
export function fetchDefaultMenu(): Promise<MenuItem[]> {
  return callApi(defaultMenu)
}

export const defaultMenuQuery = queryOptions({ queryKey: ['site', 'default-menu'], queryFn: fetchDefaultMenu, staleTime: 10 * 60_000 })

export function useDefaultMenu(options: { enabled: boolean }) {
  return useQuery({ ...defaultMenuQuery, enabled: options.enabled })
}
