import { newsDetail } from '@rs/shared/api-paths'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../../lib/api-client'
import { NEWS_KEY } from './fetch-news-list'

/** GET one article with its body. */
export function newsArticleQuery(id: number) {
  return queryOptions({
    queryKey: [...NEWS_KEY, 'detail', id],
    queryFn: ({ signal }) => callApi(newsDetail, { query: { id }, signal }),
    staleTime: 30_000,
  })
}

/** The article of a valid id; nothing is fetched for undefined. */
export function useNewsArticle(id: number | undefined) {
  return useQuery({ ...newsArticleQuery(id ?? 0), enabled: id !== undefined })
}
