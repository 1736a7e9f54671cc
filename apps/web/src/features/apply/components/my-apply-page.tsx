import { useQueryClient } from '@tanstack/react-query'
import { Card } from 'antd'
import { useT } from '../../../lib/i18n'
import { APPLY_KEY } from '../api/apply-api'
import { ApplyForm } from './apply-form'
import { ApplyTable } from './apply-table'
import type { RegionSlots } from './region-slots'

/** 我的申请 (personal centre myApply): a new application and the list with state and decision; `onGranted` when one is newly approved. */
export function MyApplyPage({ regions, onGranted }: { regions: RegionSlots; onGranted?: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  return (
    <div className="apply" data-testid="my-apply">
      <p className="apply__intro">{t('apply.intro')}</p>
      <ApplyForm regions={regions} onSubmitted={() => void queryClient.invalidateQueries({ queryKey: APPLY_KEY })} />
      <Card title={t('apply.list')} className="apply__card">
        <ApplyTable mode="mine" regions={regions} onGranted={onGranted} />
      </Card>
    </div>
  )
}
