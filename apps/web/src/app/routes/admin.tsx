import '../../features/admin/admin.css'
import '../../features/apply/apply.css'
import '../../features/feedback/feedback.css'
import { AdminUsersPage } from '../../features/admin/components/admin-users-page'
import { AuditLogPage } from '../../features/admin/components/audit-log-page'
import { OutboxPage } from '../../features/admin/components/outbox-page'
import { ApplyReviewPage } from '../../features/apply/components/apply-review-page'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { FeedbackAdminPage } from '../../features/feedback/components/feedback-admin-page'
import { PushAdminPage } from '../../features/push/components/push-admin-page'
import { RegionName } from '../../features/region/components/region-name'
import { RegionPicker } from '../../features/region/components/region-picker'
import type { ScreenProps } from '../screen-props'

const regions = {
  renderPicker: ({ value, onChange }: { value: string; onChange: (code: string) => void }) => (
    <RegionPicker value={value} onChange={onChange} />
  ),
  renderName: (code: string) => <RegionName code={code} />,
}

/** 系统管理 (MOD_001): users (search, disable, permissions and area ranges), the audit log, the outbox, application review, feedback, pushes. */
export default function AdminScreen({ route }: ScreenProps) {
  const username = useAuthStore((s) => s.user?.username)
  if (route.name === 'adminAudit') return <AuditLogPage />
  if (route.name === 'adminOutbox') return <OutboxPage />
  if (route.name === 'adminApply') return <ApplyReviewPage regions={regions} currentUser={username} />
  if (route.name === 'adminFeedback') return <FeedbackAdminPage />
  if (route.name === 'adminPush') return <PushAdminPage renderRegionPicker={regions.renderPicker} />
  return <AdminUsersPage regions={regions} />
}
