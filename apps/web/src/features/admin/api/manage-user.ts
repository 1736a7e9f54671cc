import { adminPermissionCatalogue, adminSetUserAreaRanges, adminSetUserDisabled, adminSetUserPermissions } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { ADMIN_KEY } from './fetch-admin-users'

/** POST: disable (ending its sessions) or enable an account (MOD_001); audited. */
export const setUserDisabled = (id: number, disabled: boolean) => callApi(adminSetUserDisabled, { body: { id, disabled } })

/** POST: replace an account's permission codes (MOD_001); audited. */
export const setUserPermissions = (id: number, permissions: string[]) => callApi(adminSetUserPermissions, { body: { id, permissions } })

/** POST: replace an account's area ranges (MOD_001); audited. */
export const setUserAreaRanges = (id: number, regionIds: string[]) => callApi(adminSetUserAreaRanges, { body: { id, regionIds } })

/** GET the permission catalogue with names. */
export function usePermissionCatalogue() {
  return useQuery(
    queryOptions({
      queryKey: [...ADMIN_KEY, 'permissions'],
      queryFn: ({ signal }) => callApi(adminPermissionCatalogue, { signal }),
      staleTime: 10 * 60_000,
    }),
  )
}
