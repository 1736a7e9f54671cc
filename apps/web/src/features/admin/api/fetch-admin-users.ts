import { adminUsers } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** Every admin query starts with this key. */
export const ADMIN_KEY = ['admin'] as const

/** GET every account with permissions, area ranges and lock state (MOD_001). */
export function adminUsersQuery() {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'users'],
    queryFn: ({ signal }) => callApi(adminUsers, { signal }),
  })
}

export function useAdminUsers() {
  return useQuery(adminUsersQuery())
}
