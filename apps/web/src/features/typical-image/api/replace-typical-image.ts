import type { TypicalImage, TypicalImageKey } from '@rs/shared'
import { typicalImageReplace } from '@rs/shared/api-paths'
import { callApi } from '../../../lib/api-client'

/**
 * POSTs a real image and its credit line as multipart form data through callApi, so a 401 ends the session as
 * everywhere else. The caller checks type, size and pixel size first.
 */
export async function replaceTypicalImage(key: TypicalImageKey, file: File, credit: string, signal?: AbortSignal): Promise<TypicalImage> {
  const form = new FormData()
  // the credit goes first: a streaming multipart reader meets it before the file
  form.append('credit', credit)
  form.append('file', file, file.name)
  return callApi(typicalImageReplace, { query: { key }, form, signal })
}
