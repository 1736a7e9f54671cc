import type { QueryOf } from '@rs/shared'
import { auditExport } from '@rs/shared/api-paths'
import { ApiError, apiUrl, authHeaders, fetchOrFail } from '../../../lib/api-client'
import { getT } from '../../../lib/i18n'

/** GET the audit records of a filter as a CSV file (not an envelope) and hand it to the browser as a download. */
export async function exportAudit(filter: QueryOf<typeof auditExport>): Promise<void> {
  const response = await fetchOrFail(apiUrl(auditExport, filter), { headers: authHeaders() })
  if (!response.ok) {
    let message = getT()('admin.audit.exportFailed')
    try {
      message = ((await response.json()) as { message?: string }).message || message
    } catch {
      // not an envelope
    }
    throw new ApiError(response.status, response.status, message)
  }
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
