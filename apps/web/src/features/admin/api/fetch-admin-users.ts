import { adminUsers } from '@rs/shared/api-paths'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** Every admin query starts with this key. */
export const ADMIN_KEY = ['admin'] as const

/** GET every account with permissions, area ranges and lock state (MOD_001). */
export function adminUsersQuery(q = '') {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'users', q],
    queryFn: ({ signal }) => callApi(adminUsers, { query: q ? { q } : {}, signal }),
  })
}

/** The accounts, narrowed by `q` (part of a name, organisation, e-mail or telephone). */
export function useAdminUsers(q = '') {
  return useQuery({ ...adminUsersQuery(q), placeholderData: keepPreviousData })
}
