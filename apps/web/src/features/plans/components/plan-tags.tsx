import type { PlanItemState, PlanState, PlanYearState } from '@rs/shared'
import { Tag } from 'antd'
import { useT } from '../../../lib/i18n'
import { ITEM_STATE_COLORS } from '../map/plan-items-layer'

const PLAN_STATE_COLOR: Record<PlanState, string> = {
  draft: 'default',
  submitted: 'processing',
  returned: 'error',
  accepted: 'cyan',
  published: 'success',
  superseded: 'default',
}
const YEAR_STATE_COLOR: Record<PlanYearState, string> = { open: 'green', closed: 'orange', published: 'blue' }

/** A plan's state (填报中, 待审核, 退回修改, 审核通过, 已发布, 已被修订替代). */
export function PlanStateTag({ state }: { state: PlanState }) {
  const t = useT()
  return (
    <Tag color={PLAN_STATE_COLOR[state]} data-testid="plan-state">
      {t(`plan.state.${state}`)}
    </Tag>
  )
}

/** An item's review state in the colour the map paints it. */
export function ItemStateTag({ state }: { state: PlanItemState }) {
  const t = useT()
  return (
    <Tag color={ITEM_STATE_COLORS[state]} data-testid="item-state">
      {t(`plan.itemState.${state}`)}
    </Tag>
  )
}

/** A plan year's state (填报中, 已截止, 已发布). */
export function YearStateTag({ state }: { state: PlanYearState }) {
  const t = useT()
  return (
    <Tag color={YEAR_STATE_COLOR[state]} data-testid="year-state">
      {t(`plan.yearState.${state}`)}
    </Tag>
  )
}
