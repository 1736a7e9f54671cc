import type { NewsArticle, NewsInput } from '@rs/shared'
import { newsCreate, newsUpdate } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** POST a new article, or the changes of an existing one (content editors only; the server checks MOD_002). */
export function saveNews(input: NewsInput, id?: number): Promise<NewsArticle> {
  return id === undefined ? callApi(newsCreate, { body: input }) : callApi(newsUpdate, { body: { ...input, id } })
}
