import { Tag } from 'antd'
import { useT } from '../../../lib/i18n'
import type { SatelliteStatus } from '../utils/facts'

const COLORS: Record<SatelliteStatus, string> = { operational: 'success', retired: 'default', unknown: 'warning' }

/** 运行中 / 已退役 / 未知 as a tag. */
export function StatusTag({ status }: { status: SatelliteStatus }) {
  const t = useT()
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(`satellitePage.status.${status}`)}
    </Tag>
  )
}
