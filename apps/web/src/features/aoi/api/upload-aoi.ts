import { AOI_LIMITS, type AoiUpload } from '@rs/shared'
import { aoiUpload } from '@rs/shared/api-paths'
import { ApiError, callApi } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'

/** Megabytes of the upload limit, for messages. */
export const AOI_MAX_MB = AOI_LIMITS.maxUploadBytes / (1024 * 1024)

/**
 * POSTs one file as multipart form data through callApi and
 * answers the stored area. Refuses a file over the limit before sending it.
 */
export async function uploadAoi(file: File, signal?: AbortSignal): Promise<AoiUpload> {
  const t = getT()
  if (file.size > AOI_LIMITS.maxUploadBytes) throw new ApiError(413, 413, t('aoi.tooLargeLocal', { size: `${AOI_MAX_MB} MB` }))
  const form = new FormData()
  form.append('file', file, file.name)
  return callApi(aoiUpload, { form, signal })
}
