import type { QueryOf } from '@rs/shared'
import { auditSearch } from '@rs/shared/api-paths'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { ADMIN_KEY } from './fetch-admin-users'

export type AuditSearchParams = QueryOf<typeof auditSearch>

/** GET one page of audit records, newest first. */
export function auditSearchQuery(params: AuditSearchParams) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', params],
    queryFn: ({ signal }) => callApi(auditSearch, { query: params, signal }),
  })
}

/** The table keeps showing the previous page while the next one loads. */
export function useAuditSearch(params: AuditSearchParams) {
  return useQuery({ ...auditSearchQuery(params), placeholderData: keepPreviousData })
}
