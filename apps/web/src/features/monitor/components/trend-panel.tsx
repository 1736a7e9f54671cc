import {
  type LegendSwitch,
  legendColor,
  type MonitorBatch,
  type MonitorModuleDecl,
  type MonitorStage,
  type MonitorTrendRow,
  punctuationNow,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Button, Segmented, Space, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { Figure, type FigureTableSpec } from '../../../widgets/figure'
import { useMonitorTrend } from '../api/fetch-monitor-trend'
import { topRows, trendTable } from '../utils/modes'
import { rowValue } from '../utils/statistics'
import { trendChartOption } from '../utils/trend-chart'
import { BatchRange, SpotTypeSelect, StageSelect, useMeasureWords } from './mode-controls'

/** How many children the chart draws as lines (the table lists all). */
export const TREND_CHART_CHILDREN = 6

export interface TrendPanelProps {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  region: string
  onRegion: (code: string) => void
  /** The module's title, for the export file name. */
  title: string
}

/**
 * 趋势模式 (public, like the statistics): the count or area / length of a region per batch and of
 * its children, as a chart (the region's bars, its largest children's lines) and a table with a
 * row per child (the figure widget); a child drills down. Filters: batch range, stage, type. CSV and Excel exports.
 */
export function TrendPanel({ module, batches, region, onRegion, title }: TrendPanelProps) {
  const t = useT()
  const [batchFrom, setBatchFrom] = useState<string | undefined>()
  const [batchTo, setBatchTo] = useState<string | undefined>()
  const [stage, setStage] = useState<MonitorStage | undefined>()
  const [tblx, setTblx] = useState<string | undefined>()
  const [mode, setMode] = useState<LegendSwitch>('num')
  const trend = useMonitorTrend(module.key as never, { region, batchFrom, batchTo, stage, tblx })
  const data = trend.data
  const measure = useMeasureWords(module)
  const unit = mode === 'num' || module.measure === null ? t('monitor.metric.unitCount') : measure.unit
  const chart = useMemo(() => {
    if (!data) return undefined
    const value = (f: { num: number; areaKm2: number | null; lengthKm: number | null }) => rowValue(f, mode, module.measure) ?? 0
    return trendChartOption({
      batches: data.batches,
      total: { name: `${data.region.name}${t('monitorModes.trend.thisRegion')}`, values: data.total.map(value) },
      series: topRows(data, mode, module.measure, TREND_CHART_CHILDREN).map((r) => ({ name: r.name, values: r.values.map(value) })),
      unit,
      color: legendColor(1, 1, module.palette),
    })
  }, [data, mode, module.measure, module.palette, unit, t])
  const regionHeading = punctuationNow().withUnit(t('monitor.screen.region'), unit)
  const table = useMemo<FigureTableSpec<MonitorTrendRow>>(
    () =>
      data
        ? trendTable(data, mode, module.measure, { region: regionHeading, total: t('monitor.screen.total') })
        : { columns: [{ key: 'name', title: regionHeading }], rows: [], rowKey: (r) => r.code },
    [data, mode, module.measure, regionHeading, t],
  )
  const drillable = (code: string) => data !== undefined && data.region.level !== 'county' && code !== region

  return (
    <div data-testid="monitor-trend">
      <Space wrap style={{ marginBottom: 12 }}>
        <BatchRange
          batches={batches}
          from={batchFrom ?? data?.batches[0]}
          to={batchTo ?? data?.batches.at(-1)}
          onFrom={setBatchFrom}
          onTo={setBatchTo}
        />
        <StageSelect value={stage} onChange={setStage} />
        <SpotTypeSelect module={module} value={tblx} onChange={setTblx} />
        {module.measure !== null && (
          <Segmented
            value={mode}
            onChange={(v) => setMode(v as LegendSwitch)}
            options={[
              { value: 'num', label: t('monitor.metric.count') },
              { value: 'area', label: measure.label },
            ]}
            data-testid="trend-switch"
          />
        )}
      </Space>
      {trend.error && <Typography.Paragraph type="danger">{errorMessage(trend.error)}</Typography.Paragraph>}
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong data-testid="trend-region">
          {data?.region.code === WHOLE_COUNTRY_CODE ? t('monitor.screen.country') : data?.region.name}
        </Typography.Text>
        {data && data.region.code !== WHOLE_COUNTRY_CODE && (
          <Button size="small" onClick={() => onRegion(WHOLE_COUNTRY_CODE)} data-testid="trend-country">
            {t('monitor.screen.country')}
          </Button>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('monitorModes.trend.showTop', { count: TREND_CHART_CHILDREN })}
        </Typography.Text>
      </Space>
      <Figure
        headingLevel={2}
        chart={chart ? { kind: 'echarts', option: chart } : undefined}
        table={{
          ...table,
          loading: trend.isFetching,
          maxHeight: 420,
          onRowClick: (row) => onRegion(row.code),
          isRowClickable: (row) => drillable(row.code),
        }}
        exports={['csv', 'xlsx']}
        fileName={[t('monitorModes.trend.fileName', { module: title, region: data?.region.name ?? '' })]}
        exportTitle={title}
        testIds={{ prefix: 'trend' }}
      />
    </div>
  )
}
