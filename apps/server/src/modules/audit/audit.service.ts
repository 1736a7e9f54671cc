import { AUDIT_EXPORT_MAX, AUDIT_MIN_RETENTION_DAYS, type AuditEntry, formatBeijingTime } from '@rs/shared'
import { csvText } from '../../capabilities/exports'
import type { AuditEvent } from '../../lib/audit'
import { t } from '../../lib/locale'
import type { AuditFilter, AuditRepository } from './audit.repository'

/**
 * The audit log (等保 安全审计): other services receive this and call record(); administrators
 * search and export. Nothing here edits or deletes a record except the retention purge.
 */
export function createAuditService(repo: AuditRepository) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await repo.insert({
        userId: event.actor?.userId ?? null,
        username: event.actor?.username ?? '',
        ip: event.ip,
        action: event.action,
        target: event.target ?? '',
        outcome: event.outcome ?? 'success',
        detail: event.detail ?? {},
      })
    },

    search(filter: AuditFilter, page: { pageNum: number; pageSize: number }) {
      return repo.search(filter, { offset: (page.pageNum - 1) * page.pageSize, limit: page.pageSize })
    },

    /** The records of a filter as CSV with headings in the caller's language and Beijing times (the records themselves as stored), under the export policy (capabilities/exports). */
    async exportCsv(filter: AuditFilter): Promise<{ csv: string; count: number }> {
      const entries = await repo.list(filter, AUDIT_EXPORT_MAX)
      const label = (k: string) => t(`admin.audit.${k}`)
      const rows = entries.map((e: AuditEntry) => [
        formatBeijingTime(e.at),
        e.username,
        e.userId ?? '',
        e.ip,
        t(`admin.action.${e.action}`),
        e.action,
        e.target,
        label(e.outcome),
        JSON.stringify(e.detail),
      ])
      const header = [
        label('time'),
        label('user'),
        'ID',
        label('ip'),
        label('action'),
        'action',
        label('target'),
        label('outcome'),
        label('detail'),
      ]
      return { csv: csvText([header, ...rows]), count: entries.length }
    },

    /** Drops records older than the retention (never fewer than 180 days). */
    purge(retentionDays: number): Promise<number> {
      return repo.purgeOlderThan(Math.max(retentionDays, AUDIT_MIN_RETENTION_DAYS))
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
