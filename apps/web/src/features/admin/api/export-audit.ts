import type { QueryOf } from '@rs/shared'
import { auditExport } from '@rs/shared/api-paths'
import { downloadFromApi } from '../../../lib/download'
import { getT } from '../../../lib/i18n'

/** GET the audit records of a filter as a CSV file (not an envelope) and hand it to the browser as a download. */
export const exportAudit = (filter: QueryOf<typeof auditExport>) =>
  downloadFromApi(auditExport, filter, `audit-${new Date().toISOString().slice(0, 10)}.csv`, getT()('admin.audit.exportFailed'))
