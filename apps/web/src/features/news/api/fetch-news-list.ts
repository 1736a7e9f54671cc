import type { QueryOf } from '@rs/shared'
import { newsList } from '@rs/shared/api-paths'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

export type NewsListParams = Required<Pick<QueryOf<typeof newsList>, 'page' | 'pageSize'>> &
  Pick<QueryOf<typeof newsList>, 'keyword' | 'satelliteSlug'>

/** Every news query starts with this key, so one invalidation refreshes lists and articles after an edit. */
export const NEWS_KEY = ['news'] as const

/** GET one page of articles, newest first, filtered by keyword and satellite. */
export function newsListQuery(params: NewsListParams) {
  return queryOptions({
    queryKey: [...NEWS_KEY, 'list', params],
    queryFn: ({ signal }) => callApi(newsList, { query: params, signal }),
    staleTime: 30_000,
  })
}

/** The page keeps showing the previous answer while the next page or filter loads. */
export function useNewsList(params: NewsListParams) {
  return useQuery({ ...newsListQuery(params), placeholderData: keepPreviousData })
}
