import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons'
import {
  type LegendSwitch,
  legendColor,
  type MonitorBatch,
  type MonitorModuleDecl,
  type MonitorStage,
  type MonitorTrendRow,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Button, Dropdown, Segmented, Space, Table, Typography } from 'antd'
import { lazy, Suspense, useMemo, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { loadChunk } from '../../../lib/chunk-load'
import { downloadBlob } from '../../../lib/download'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { useMonitorTrend } from '../api/fetch-monitor-trend'
import { topRows, trendLines } from '../utils/modes'
import { formatValue, rowValue } from '../utils/statistics'
import { BatchRange, SpotTypeSelect, StageSelect, useMeasureWords } from './mode-controls'

const TrendChart = lazy(() => import('./trend-chart'))

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
 * row per child; a child drills down. Filters: batch range, stage, type. CSV and Excel exports.
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
    if (!data) return null
    const value = (f: { num: number; areaKm2: number | null; lengthKm: number | null }) => rowValue(f, mode, module.measure) ?? 0
    return {
      total: { name: `${data.region.name}${t('monitorModes.trend.thisRegion')}`, values: data.total.map(value) },
      series: topRows(data, mode, module.measure, TREND_CHART_CHILDREN).map((r) => ({ name: r.name, values: r.values.map(value) })),
    }
  }, [data, mode, module.measure, t])
  const value = (f: { num: number; areaKm2: number | null; lengthKm: number | null }) => rowValue(f, mode, module.measure) ?? 0
  const drillable = (code: string) => data !== undefined && data.region.level !== 'county' && code !== region

  async function exportAs(kind: 'csv' | 'xlsx') {
    if (!data) return
    try {
      const { trendCsv, trendXlsx } = await loadChunk(() => import('../utils/trend-export'))
      const lines = trendLines(data, mode, module.measure, {
        region: `${t('monitor.screen.region')}（${unit}）`,
        total: t('monitorModes.trend.thisRegion'),
      })
      const name = t('monitorModes.trend.fileName', { module: title, region: data.region.name })
      if (kind === 'csv') downloadBlob(trendCsv(lines), `${name}.csv`)
      else downloadBlob(await trendXlsx(lines, title), `${name}.xlsx`)
    } catch (error) {
      console.error('trend export failed', error)
      notify.error(t('monitorModes.trend.exportFailed'))
    }
  }

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
        <Dropdown
          disabled={!data}
          menu={{
            onClick: ({ key }) => void exportAs(key as 'csv' | 'xlsx'),
            items: [
              {
                key: 'csv',
                icon: <DownloadOutlined />,
                label: <span data-testid="trend-export-csv">{t('monitorModes.trend.exportCsv')}</span>,
              },
              {
                key: 'xlsx',
                icon: <FileExcelOutlined />,
                label: <span data-testid="trend-export-xlsx">{t('monitorModes.trend.exportExcel')}</span>,
              },
            ],
          }}
        >
          <Button icon={<DownloadOutlined />} data-testid="trend-export">
            {t('monitorModes.trend.export')}
          </Button>
        </Dropdown>
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
      <Suspense fallback={<PageSpinner />}>
        {chart && data && (
          <TrendChart
            batches={data.batches}
            total={chart.total}
            series={chart.series}
            unit={unit}
            color={legendColor(1, 1, module.palette)}
          />
        )}
      </Suspense>
      <Table<MonitorTrendRow>
        size="small"
        rowKey="code"
        loading={trend.isFetching}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: true, y: 420 }}
        data-testid="trend-table"
        onRow={(row) => ({
          onClick: () => drillable(row.code) && onRegion(row.code),
          style: { cursor: drillable(row.code) ? 'pointer' : 'default' },
        })}
        columns={[
          { title: `${t('monitor.screen.region')}（${unit}）`, dataIndex: 'name', fixed: 'left', width: 160 },
          ...(data?.batches ?? []).map((batch, i) => ({
            title: batch,
            align: 'right' as const,
            render: (_: unknown, row: MonitorTrendRow) => formatValue(value(row.values[i])),
          })),
        ]}
        summary={() =>
          data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('monitor.screen.total')}</Table.Summary.Cell>
              {data.total.map((f, i) => (
                <Table.Summary.Cell key={data.batches[i]} index={i + 1} align="right">
                  {formatValue(value(f))}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  )
}
