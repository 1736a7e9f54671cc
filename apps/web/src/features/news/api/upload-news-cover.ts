import { type NewsArticle, newsCoverUpload } from '@rs/shared'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'
import { coverProblem } from '../utils/cover-check'

/**
 * POSTs a cover image as multipart form data to /api/news/cover?id=… (callApi sends JSON, so this
 * call is made by hand, with the session token). Refuses a wrong type or size before sending.
 */
export async function uploadNewsCover(id: number, file: File, signal?: AbortSignal): Promise<NewsArticle> {
  const t = getT()
  const problem = coverProblem(file, t)
  if (problem) throw new ApiError(400, 400, problem)
  const form = new FormData()
  form.append('file', file, file.name)
  const response = await fetchOrFail(apiUrl(newsCoverUpload, { id }), {
    method: 'POST',
    headers: { accept: 'application/json', ...authHeaders() },
    body: form,
    signal,
  })
  let envelope: { code?: number; message?: string; data?: unknown } | undefined
  try {
    envelope = (await response.json()) as typeof envelope
  } catch {
    envelope = undefined
  }
  if (!response.ok || !envelope || envelope.code !== 0) {
    throw new ApiError(response.status, envelope?.code ?? response.status, envelope?.message || t('errors.unknown'))
  }
  return envelope.data as NewsArticle
}
