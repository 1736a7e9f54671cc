import type { ApplyState } from '@rs/shared'
import { Tag } from 'antd'
import { useT } from '../../../lib/i18n'

const COLORS: Record<ApplyState, string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default' }

/** An application's state as a coloured tag. */
export function ApplyStatusTag({ status }: { status: ApplyState }) {
  const t = useT()
  return (
    <Tag color={COLORS[status]} data-testid="apply-status">
      {t(`apply.state.${status}`)}
    </Tag>
  )
}
