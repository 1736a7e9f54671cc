import { ARCHIVE_LIMITS, type UploadReport, type UploadType } from '@rs/shared'
import { normalmetaUpload } from '@rs/shared/api-paths'
import { ApiError, callApi } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'

/** Megabytes of a FILE list's limit, for messages. */
export const LIST_MAX_MB = ARCHIVE_LIMITS.maxListBytes / (1024 * 1024)

/** POST a FILE list (file names, orbit-path-row or path-row; text or Excel) and answer its match report. */
export async function uploadList(file: File, uploadType: UploadType, signal?: AbortSignal): Promise<UploadReport> {
  const t = getT()
  if (file.size > ARCHIVE_LIMITS.maxListBytes)
    throw new ApiError(413, 413, t('archivePage.file.tooLargeLocal', { size: `${LIST_MAX_MB} MB` }))
  const form = new FormData()
  form.append('kind', 'file')
  form.append('uploadType', String(uploadType))
  form.append('file', file, file.name)
  return callApi(normalmetaUpload, { form, signal })
}
