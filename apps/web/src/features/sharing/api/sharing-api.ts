import { sharingDetail, sharingStatistics } from '@rs/shared/api-paths'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** GET the sharing overview of a region's children (MOD_084, area-limited). */
export function useSharingStatistics(query: { region?: string; period?: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['sharing', 'statistics', query],
    queryFn: ({ signal }) => callApi(sharingStatistics, { query: query as never, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  })
}

/** GET a page of delivered pushes or own-imagery registrations in a region. */
export function useSharingDetail(
  query: { region?: string; period?: string; kind: 'push' | 'local'; pageNum: number; pageSize: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['sharing', 'detail', query],
    queryFn: ({ signal }) => callApi(sharingDetail, { query: query as never, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  })
}
