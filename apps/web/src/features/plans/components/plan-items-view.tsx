import type { PlanDetail } from '@rs/shared'
import { Typography } from 'antd'
import { useState } from 'react'
import { useT } from '../../../lib/i18n'
import { PlanItemTable, type PlanItemTableProps } from './plan-item-table'
import { PlanItemsMap } from './plan-items-map'

/** A plan's items in the table and on the map below it, an item chosen in one marked in the other. */
export function PlanItemsView({
  plan,
  renderActions,
  tiandituKey,
  mapHeight,
}: {
  plan: PlanDetail
  renderActions?: PlanItemTableProps['renderActions']
  tiandituKey: string
  mapHeight?: number
}) {
  const t = useT()
  const [selectedId, setSelectedId] = useState<number | null>(null)
  return (
    <>
      <PlanItemTable items={plan.list} selectedId={selectedId} onSelect={setSelectedId} renderActions={renderActions} />
      <Typography.Title level={3} style={{ fontSize: 16, margin: '20px 0 8px' }}>
        {t('plan.fill.mapTitle')}
      </Typography.Title>
      <PlanItemsMap
        items={plan.list}
        unitRegion={plan.unitRegion}
        selectedId={selectedId}
        onSelect={setSelectedId}
        tiandituKey={tiandituKey}
        height={mapHeight}
      />
    </>
  )
}
