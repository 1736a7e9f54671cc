import { newsList } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'

/** How many articles the home page lists. */
export const HOME_NEWS_COUNT = 6

/** GET the newest articles and the total count (the news screens share the ['news'] key prefix, so edits refresh it). */
export const latestNewsQuery = queryOptions({
  queryKey: ['news', 'list', { page: 1, pageSize: HOME_NEWS_COUNT }],
  queryFn: ({ signal }) => callApi(newsList, { query: { page: 1, pageSize: HOME_NEWS_COUNT }, signal }),
  staleTime: 60_000,
})

export function useLatestNews() {
  return useQuery(latestNewsQuery)
}
