import '../../features/admin/admin.css'
import { AdminUsersPage } from '../../features/admin/components/admin-users-page'
import { AuditLogPage } from '../../features/admin/components/audit-log-page'
import { OutboxPage } from '../../features/admin/components/outbox-page'
import type { ScreenProps } from '../screen-props'

/** 系统管理 (MOD_001): the user list with lock lifting, the audit log and the outbox. */
export default function AdminScreen({ route }: ScreenProps) {
  if (route.name === 'adminAudit') return <AuditLogPage />
  if (route.name === 'adminOutbox') return <OutboxPage />
  return <AdminUsersPage />
}
