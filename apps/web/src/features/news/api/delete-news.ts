import { newsDelete } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/** POST the deletion of one article (content editors only). */
export async function deleteNews(id: number): Promise<void> {
  await callApi(newsDelete, { body: { id } })
}
