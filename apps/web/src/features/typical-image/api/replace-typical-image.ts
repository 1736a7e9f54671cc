import { type TypicalImage, type TypicalImageKey, typicalImageReplace } from '@rs/shared'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'

/**
 * POSTs a real image and its credit line as multipart form data (callApi sends JSON, so this call
 * is made by hand, with the session token). The caller checks type, size and pixel size first.
 */
export async function replaceTypicalImage(key: TypicalImageKey, file: File, credit: string, signal?: AbortSignal): Promise<TypicalImage> {
  const form = new FormData()
  // the credit goes first: a streaming multipart reader meets it before the file
  form.append('credit', credit)
  form.append('file', file, file.name)
  const response = await fetchOrFail(apiUrl(typicalImageReplace, { key }), {
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
    throw new ApiError(response.status, envelope?.code ?? response.status, envelope?.message || getT()('errors.unknown'))
  }
  return envelope.data as TypicalImage
}
