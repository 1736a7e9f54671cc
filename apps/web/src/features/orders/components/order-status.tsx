import type { OrderState } from '@rs/shared'
import { Tag } from 'antd'
import { useT } from '../../../lib/i18n'

const COLORS: Record<OrderState, string> = {
  pending: 'gold',
  rejected: 'red',
  approved: 'blue',
  producing: 'processing',
  failed: 'red',
  ready: 'green',
  completed: 'default',
  expired: 'default',
  cancelled: 'default',
}

export function OrderStatusTag({ status }: { status: OrderState }) {
  const t = useT()
  return (
    <Tag color={COLORS[status]} data-testid="order-status">
      {t(`order.state.${status}`)}
    </Tag>
  )
}
