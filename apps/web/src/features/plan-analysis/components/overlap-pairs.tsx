import type { PlanOverlap } from '@rs/shared'
import { punctuationNow } from '@rs/shared'
import { Alert, Typography } from 'antd'
import { groupDigits } from '../../../lib/format-number'
import { useT } from '../../../lib/i18n'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import type { PlanAnalysis } from '../api/fetch-plan-analysis'

export interface OverlapPairsProps {
  data: PlanAnalysis
  isLoading: boolean
  regionName: string
  /** The pair chosen on the map ("idA-idB"), marked in the list. */
  chosen: string | null
  onPairClick: (pair: PlanOverlap) => void
}

/** A pair's key: its two items' ids. */
export const pairKey = (pair: PlanOverlap) => `${pair.a.itemId}-${pair.b.itemId}`

/**
 * 规划重叠: the totals (pairs, km²) and the list of overlapping pairs of different units' items,
 * largest first (unit A's item, unit B's item, the area, the county it lies in); a click on a pair
 * finds it on the map. Exported like every figure.
 */
export function OverlapPairs({ data, isLoading, regionName, chosen, onPairClick }: OverlapPairsProps) {
  const t = useT()
  const item = (side: PlanOverlap['a']) => punctuationNow().label(side.unitName) + side.itemName
  const columns: FigureColumn<PlanOverlap>[] = [
    { key: 'a', title: t('plan.analysis.itemA'), value: (p) => item(p.a) },
    { key: 'b', title: t('plan.analysis.itemB'), value: (p) => item(p.b) },
    { key: 'area', title: t('plan.analysis.pairArea'), value: (p) => p.areaKm2 },
    {
      key: 'region',
      title: t('plan.analysis.pairRegion'),
      value: (p) => p.regionName,
      render: (p) => <span style={{ fontWeight: pairKey(p) === chosen ? 600 : undefined }}>{p.regionName}</span>,
    },
  ]
  const { pairs, areaKm2 } = data.overlapTotal
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }} data-testid="overlap-total">
        {t('plan.analysis.pairsTotal', { pairs, area: groupDigits(areaKm2, { max: 2 }) })}
      </Typography.Title>
      {pairs === 0 && !isLoading && <Alert type="success" showIcon title={t('plan.analysis.noPairs')} />}
      {pairs > data.overlaps.length && (
        <Typography.Text type="secondary">{t('plan.analysis.pairsShown', { shown: data.overlaps.length })}</Typography.Text>
      )}
      <Figure
        title={t('plan.analysis.overlapsTitle')}
        note={t('plan.analysis.pairsHint')}
        table={{
          columns,
          rows: data.overlaps,
          rowKey: pairKey,
          total: [`${t('plan.analysis.total')} · ${t('plan.analysis.pairs')} ${pairs}`, null, areaKm2, null],
          loading: isLoading,
          maxHeight: 420,
          onRowClick: onPairClick,
        }}
        exports={['csv', 'xlsx']}
        fileName={[
          t('plan.analysis.fileNameOverlaps', { region: regionName, year: t('plan.analysis.yearLabel', { year: data.planYear }) }),
        ]}
        exportTitle={t('plan.analysis.overlapsTitle')}
        testIds={{ prefix: 'analysis', key: 'overlaps' }}
      />
    </div>
  )
}
