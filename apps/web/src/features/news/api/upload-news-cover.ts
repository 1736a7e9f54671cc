import type { NewsArticle } from '@rs/shared'
import { newsCoverUpload } from '@rs/shared/api-paths'
import { ApiError, callApi } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'
import { coverProblem } from '../utils/cover-check'

/**
 * POSTs a cover image as multipart form data to /api/news/cover?id=… through callApi. Refuses a wrong type or size before sending.
 */
export async function uploadNewsCover(id: number, file: File, signal?: AbortSignal): Promise<NewsArticle> {
  const t = getT()
  const problem = coverProblem(file, t)
  if (problem) throw new ApiError(400, 400, problem)
  const form = new FormData()
  form.append('file', file, file.name)
  return callApi(newsCoverUpload, { query: { id }, form, signal })
}
