import type { ExportFormat, SceneQueryBody } from '@rs/shared'
import { normalmetaExport } from '@rs/shared/api-paths'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'
import { coverageBody } from './scene-coverage'

/** The file name of a download: RFC 5987 `filename*` first, then a plain `filename`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header)
  return plain?.[1]?.trim() || fallback
}

/**
 * POST an export of the search (the checked ids, or every match up to the cap) and answer the file
 * with the server's name. A refusal carries the server's Chinese message in its envelope.
 */
export async function exportScenes(
  query: SceneQueryBody,
  checkedIds: readonly string[],
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchOrFail(apiUrl(normalmetaExport), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders() },
    body: JSON.stringify({ ...coverageBody(query, checkedIds), format }),
  })
  if (!response.ok) {
    let message = ''
    try {
      const body = (await response.json()) as { message?: string }
      message = body.message ?? ''
    } catch {
      // not an envelope
    }
    throw new ApiError(response.status, response.status, message || getT()('errors.unknown'))
  }
  const blob = await response.blob()
  return { blob, fileName: dispositionFileName(response.headers.get('content-disposition'), `scenes.${format === 'shp' ? 'zip' : format}`) }
}

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
