import type { ProvinceMinistryState } from '@rs/shared'
import { Tag } from 'antd'
import { useT } from '../../../lib/i18n'

const COLORS: Record<ProvinceMinistryState, string> = { open: 'gold', answered: 'green', closed: 'default' }

/** A request's state as a coloured tag: 待答复, 已答复, 已关闭. */
export function RequestStateTag({ state }: { state: ProvinceMinistryState }) {
  const t = useT()
  return (
    <Tag color={COLORS[state]} data-testid="pm-state">
      {t(`provinceMinistry.state.${state}`)}
    </Tag>
  )
}
