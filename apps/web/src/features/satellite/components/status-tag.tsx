import { useT } from '../../../lib/i18n'
import type { SatelliteStatus } from '../utils/facts'
import { Chip, type ChipTone } from './chip'

const TONES: Record<SatelliteStatus, ChipTone> = { operational: 'success', retired: 'default', unknown: 'warning' }

/** 运行中 / 已退役 / 未知 as a tag. */
export function StatusTag({ status }: { status: SatelliteStatus }) {
  const t = useT()
  return (
    <Chip tone={TONES[status]} data-status={status}>
      {t(`satellitePage.status.${status}`)}
    </Chip>
  )
}
