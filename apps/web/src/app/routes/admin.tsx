import '../../features/admin/admin.css'
import { AdminUsersPage } from '../../features/admin/components/admin-users-page'
import { AuditLogPage } from '../../features/admin/components/audit-log-page'
import type { ScreenProps } from '../screen-props'

/** 系统管理 (MOD_001): the user list with lock lifting, and the audit log. */
export default function AdminScreen({ route }: ScreenProps) {
  return route.name === 'adminAudit' ? <AuditLogPage /> : <AdminUsersPage />
}
