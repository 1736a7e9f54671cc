import { CloseOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useT } from '../../../lib/i18n'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import type { PlanFeatureCollection, PlanItemProperties } from '../api/fetch-plan-features'

export interface RowDetailProps {
  regionName: string
  year: number
  items: PlanFeatureCollection<PlanItemProperties> | undefined
  isLoading: boolean
  onItemClick: (item: PlanItemProperties) => void
  onClose: () => void
}

/** 明细: the plan items that lie in one row's region (name, unit, resolution, plan state, area, overlap); a click finds one on the map. */
export function RowDetail({ regionName, year, items, isLoading, onItemClick, onClose }: RowDetailProps) {
  const t = useT()
  const rows = (items?.features ?? []).map((f) => f.properties)
  const columns: FigureColumn<PlanItemProperties>[] = [
    { key: 'name', title: t('plan.analysis.itemName'), value: (r) => r.name },
    { key: 'unit', title: t('plan.analysis.itemUnit'), value: (r) => r.unit },
    { key: 'resolution', title: t('plan.analysis.itemResolution'), value: (r) => t(`plan.resolution.${r.resolution}`) },
    { key: 'state', title: t('plan.analysis.itemState'), value: (r) => t(`plan.state.${r.state}`) },
    { key: 'area', title: t('plan.analysis.itemArea'), value: (r) => r.areaKm2 },
    { key: 'overlap', title: t('plan.analysis.itemOverlap'), value: (r) => r.overlapKm2 },
  ]
  return (
    <div style={{ position: 'relative' }} data-testid="row-detail">
      <Figure
        title={t('plan.analysis.detailTitle', { region: regionName, count: rows.length })}
        table={{ columns, rows, rowKey: (r) => String(r.id), loading: isLoading, maxHeight: 360, onRowClick: onItemClick }}
        exports={['csv', 'xlsx']}
        fileName={[t('plan.analysis.fileNameDetail', { region: regionName, year: t('plan.analysis.yearLabel', { year }) })]}
        exportTitle={t('plan.analysis.title')}
        testIds={{ prefix: 'analysis', key: 'detail' }}
      />
      <Button
        type="text"
        icon={<CloseOutlined />}
        aria-label={t('plan.analysis.detailClose')}
        title={t('plan.analysis.detailClose')}
        onClick={onClose}
        data-testid="detail-close"
        style={{ position: 'absolute', top: 12, right: 110 }}
      />
    </div>
  )
}
