import { adminOutbox } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { ADMIN_KEY } from './fetch-admin-users'

/** GET one page of the outbox (mail and SMS kept when no SMTP server or SMS provider is set), newest first. */
export function useOutbox(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'outbox', pageNum, pageSize],
    queryFn: ({ signal }) => callApi(adminOutbox, { query: { pageNum, pageSize }, signal }),
    placeholderData: keepPreviousData,
  })
}
