import type { ExportCell, PlanAnalysisRow } from '@rs/shared'
import { Button } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import type { PlanAnalysis } from '../api/fetch-plan-analysis'
import { buildAreaChartOption, heldPercent } from '../utils/analysis-chart'
import './region-figures.css'

type Totals = PlanAnalysis['total']
type ResolutionRow = PlanAnalysis['byResolution'][number]

export interface RegionFiguresProps {
  data: PlanAnalysis
  isLoading: boolean
  /** The region's name as the page shows it (全国 for the country), for the export file names. */
  regionName: string
  /** How held areas are sampled: written into the exports (the page shows it under the tables). */
  counted: string
  /** With the chart (区域汇总) or the table alone (规划重叠). */
  hasCharts: boolean
  onRowClick: (row: PlanAnalysisRow) => void
  isRowClickable: (row: PlanAnalysisRow) => boolean
  onDetail: (row: PlanAnalysisRow) => void
  /** What goes right under the regions' table (the row detail). */
  children?: ReactNode
}

const signed = (v: ExportCell) => (typeof v === 'number' && v > 0 ? `+${v.toFixed(2)}` : typeof v === 'number' ? v.toFixed(2) : '—')
const round2 = (v: number) => Math.round(v * 100) / 100

/**
 * The analysis's figures: per child region the items, planned, held (and its share), new need,
 * overlap and budget, with the compare year's planned and new need and the change, a total row and
 * a chart (区域汇总); then the same per resolution type. Tables and exports are the figure widget's.
 */
export function RegionFigures({
  data,
  isLoading,
  regionName,
  counted,
  hasCharts,
  onRowClick,
  isRowClickable,
  onDetail,
  children,
}: RegionFiguresProps) {
  const t = useT()
  const compare = data.compare
  const compareOf = new Map((compare?.rows ?? []).map((r) => [r.code, r]))
  const measures = <Row extends Totals>(): FigureColumn<Row>[] => [
    { key: 'items', title: t('plan.analysis.items'), value: (r) => r.items },
    { key: 'planned', title: t('plan.analysis.planned'), value: (r) => r.plannedKm2 },
    { key: 'held', title: t('plan.analysis.heldArea'), value: (r) => r.heldKm2 },
    { key: 'heldShare', title: t('plan.analysis.heldShare'), value: (r) => heldPercent(r) },
    { key: 'newNeed', title: t('plan.analysis.newNeed'), value: (r) => r.newNeedKm2 },
    { key: 'overlap', title: t('plan.analysis.overlapArea'), value: (r) => r.overlapKm2 },
    { key: 'budget', title: t('plan.analysis.budget'), value: (r) => r.budget },
  ]
  const totalsOf = (r: Totals): ExportCell[] => [r.items, r.plannedKm2, r.heldKm2, heldPercent(r), r.newNeedKm2, r.overlapKm2, r.budget]

  const regionColumns: FigureColumn<PlanAnalysisRow>[] = [
    {
      key: 'name',
      title: t('plan.analysis.region'),
      width: 160,
      value: (r) => r.name,
      render: (r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {r.name}{' '}
          <Button
            type="link"
            size="small"
            data-testid={`detail-${r.code}`}
            onClick={(event) => {
              event.stopPropagation()
              onDetail(r)
            }}
          >
            {t('plan.analysis.rowDetail')}
          </Button>
        </span>
      ),
    },
    ...measures<PlanAnalysisRow>(),
    ...(compare
      ? [
          {
            key: 'comparePlanned',
            title: t('plan.analysis.comparePlanned', { year: compare.year }),
            value: (r: PlanAnalysisRow) => compareOf.get(r.code)?.plannedKm2 ?? 0,
          },
          {
            key: 'compareNewNeed',
            title: t('plan.analysis.compareNewNeed', { year: compare.year }),
            value: (r: PlanAnalysisRow) => compareOf.get(r.code)?.newNeedKm2 ?? 0,
          },
          {
            key: 'changePlanned',
            title: t('plan.analysis.changePlanned'),
            value: (r: PlanAnalysisRow) => round2(r.plannedKm2 - (compareOf.get(r.code)?.plannedKm2 ?? 0)),
            format: signed,
          },
        ]
      : []),
  ]
  // a region planned only in the compare year still has its row
  const rows: PlanAnalysisRow[] = [
    ...data.rows,
    ...(compare?.rows ?? [])
      .filter((c) => !data.rows.some((r) => r.code === c.code))
      .map((c) => ({ ...c, items: 0, plannedKm2: 0, heldKm2: 0, newNeedKm2: 0, overlapKm2: 0, budget: 0 })),
  ]
  const regionTotal = [
    t('plan.analysis.total'),
    ...totalsOf(data.total),
    ...(compare ? [compare.total.plannedKm2, compare.total.newNeedKm2, round2(data.total.plannedKm2 - compare.total.plannedKm2)] : []),
  ]
  const chartWords = {
    planned: t('plan.analysis.seriesPlanned'),
    held: t('plan.analysis.seriesHeld'),
    newNeed: t('plan.analysis.seriesNewNeed'),
    unit: t('plan.analysis.unitKm2'),
    ...(compare ? { comparePlanned: t('plan.analysis.seriesCompare', { year: compare.year }) } : {}),
  }
  const yearWords = t('plan.analysis.yearLabel', { year: data.planYear })

  const resolutionColumns: FigureColumn<ResolutionRow>[] = [
    { key: 'resolution', title: t('plan.analysis.resolution'), value: (r) => t(`plan.resolution.${r.resolution}`) },
    ...measures<ResolutionRow>(),
  ]

  return (
    <div className="plan-analysis-figures" style={{ display: 'grid', gap: 16 }}>
      <Figure
        title={t('plan.analysis.figureRegions')}
        attribution={counted}
        chart={
          hasCharts
            ? {
                kind: 'echarts',
                height: 300,
                option: buildAreaChartOption(
                  rows.map((r) => ({ label: r.name, ...r, comparePlannedKm2: compareOf.get(r.code)?.plannedKm2 })),
                  chartWords,
                ),
              }
            : undefined
        }
        table={{
          columns: regionColumns,
          rows,
          rowKey: (r) => r.code,
          total: regionTotal,
          loading: isLoading,
          maxHeight: 520,
          onRowClick,
          isRowClickable,
        }}
        exports={['csv', 'xlsx']}
        fileName={[t('plan.analysis.fileName', { region: regionName, year: yearWords })]}
        exportTitle={t('plan.analysis.title')}
        testIds={{ prefix: 'analysis', key: 'regions' }}
      />
      {children}
      {hasCharts && (
        <Figure
          title={t('plan.analysis.figureResolution')}
          chart={{
            kind: 'echarts',
            height: 260,
            option: buildAreaChartOption(
              data.byResolution.map((r) => ({ label: t(`plan.resolution.${r.resolution}`), ...r })),
              { ...chartWords, comparePlanned: undefined },
            ),
          }}
          table={{
            columns: resolutionColumns,
            rows: data.byResolution,
            rowKey: (r) => r.resolution,
            total: [t('plan.analysis.total'), ...totalsOf(data.total)],
            loading: isLoading,
          }}
          exports={['csv', 'xlsx']}
          fileName={[t('plan.analysis.fileNameResolution', { region: regionName, year: yearWords })]}
          exportTitle={t('plan.analysis.figureResolution')}
          testIds={{ prefix: 'analysis', key: 'resolution' }}
        />
      )}
    </div>
  )
}
