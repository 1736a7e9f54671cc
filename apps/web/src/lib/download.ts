import type { RouteRef } from '@rs/shared'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from './api-client'
import { getT } from './i18n'

/** Saves a blob under a file name through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  try {
    downloadUrl(url, fileName)
  } finally {
    // the click has started the download; revoking later keeps slow browsers safe
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/** Saves what a URL (object or data URL) holds under a file name. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Fetches a file an API route answers (not an envelope) with the session token, which a plain link
 * cannot send, and saves it under a name; a refusal becomes an ApiError with the server's message
 * (or `failed`, else the unknown-error text).
 */
export async function downloadFromApi(route: Pick<RouteRef, 'path'>, query: object, fileName: string, failed?: string): Promise<void> {
  const response = await fetchOrFail(apiUrl(route, query), { headers: authHeaders() })
  if (!response.ok) {
    let message = failed ?? getT()('errors.unknown')
    try {
      message = ((await response.json()) as { message?: string }).message || message
    } catch {
      // not an envelope
    }
    throw new ApiError(response.status, response.status, message)
  }
  downloadBlob(await response.blob(), fileName)
}
