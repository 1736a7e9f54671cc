import {
  type LegendSwitch,
  type MonitorBatch,
  type MonitorModuleDecl,
  type MonitorStage,
  type MonitorStatisticsRow,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Button, Space, Tag, Typography } from 'antd'
import type OlMap from 'ol/Map'
import { lazy, Suspense, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useChoropleth, useRegionClick } from '../../../map/use-choropleth'
import { useLegend } from '../../../map/use-legend'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import { useMonitorStatistics } from '../api/fetch-monitor-statistics'
import { formatCell } from '../utils/modes'
import { formatValue, largestRow, maxValue, regionColors, rowValue } from '../utils/statistics'
import { BatchRange, ModeLegend, SpotTypeSelect, StageSelect, useMeasureWords } from './mode-controls'

const MapView = lazy(() => import('../../../map/map-view'))

export interface StatisticsPanelProps {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  region: string
  onRegion: (code: string) => void
  tiandituKey: string
  /** The module's title, for the export file name. */
  title: string
}

/**
 * 统计模式: the children of the current region coloured by the ten-class legend (count or area /
 * length), the table, the largest region marked; a click on a region (map or table) drills down,
 * 返回上级 goes up. Filters: batch range, stage, spot type. The table and its CSV and Excel exports
 * are the figure widget's (the map is its picture).
 */
export function StatisticsPanel({ module, batches, region, onRegion, tiandituKey, title }: StatisticsPanelProps) {
  const t = useT()
  const latest = batches[batches.length - 1]?.batch
  const [batchFrom, setBatchFrom] = useState<string | undefined>()
  const [batchTo, setBatchTo] = useState<string | undefined>()
  const [stage, setStage] = useState<MonitorStage | undefined>()
  const [tblx, setTblx] = useState<string | undefined>()
  const statistics = useMonitorStatistics(module.key as never, { region, batchFrom, batchTo, stage, tblx })
  const data = statistics.data
  const rows = data?.rows ?? []
  const [legendMode, setLegendMode] = useState<LegendSwitch>('num')
  const max = maxValue(rows, legendMode, module.measure)
  const legend = useLegend(max, module.palette)
  const largest = largestRow(rows, legendMode, module.measure)
  const colors = regionColors(rows, legendMode, module.measure, module.palette, legend.items)
  const regionLayer = useChoropleth(rows, (row) => colors.get(row.code) ?? null, { largest: largest?.code ?? null })
  const [map, setMap] = useState<OlMap>()

  const canDrill = data?.region.level !== 'county'
  const drillable = (code: string) => canDrill && rows.some((r) => r.code === code && r.code !== region)
  const drill = (code: string) => {
    if (drillable(code)) onRegion(code)
  }
  useRegionClick(map, regionLayer, drill)

  const measure = useMeasureWords(module)
  const columns: FigureColumn<MonitorStatisticsRow>[] = [
    {
      key: 'name',
      title: t('monitor.screen.region'),
      value: (row) => row.name,
      render: (row) => (
        <span>
          {row.name} {row.code === largest?.code && <Tag color="blue">{t('monitor.screen.largest')}</Tag>}
        </span>
      ),
    },
    {
      key: 'num',
      title: t('monitor.metric.count'),
      unit: t('monitor.metric.unitCount'),
      value: (row) => rowValue(row, 'num', module.measure),
      format: formatCell,
      sortable: true,
    },
    ...(module.measure === null
      ? []
      : [
          {
            key: 'measure',
            title: measure.label,
            unit: measure.unit,
            value: (row: MonitorStatisticsRow) => rowValue(row, 'area', module.measure),
            format: formatCell,
            sortable: true,
          },
        ]),
  ]
  const total = data && [
    t('monitor.screen.total'),
    data.total.num,
    ...(module.measure === null
      ? []
      : [rowValue({ num: data.total.num, areaKm2: data.total.areaKm2, lengthKm: data.total.lengthKm }, 'area', module.measure)]),
  ]
  const regionName = data?.region.code === WHOLE_COUNTRY_CODE ? t('monitor.screen.country') : data?.region.name

  return (
    <div data-testid="monitor-statistics">
      <Space wrap style={{ marginBottom: 12 }}>
        <BatchRange
          batches={batches}
          from={batchFrom ?? batchTo ?? latest}
          to={batchTo ?? latest}
          onFrom={setBatchFrom}
          onTo={setBatchTo}
        />
        <StageSelect value={stage} onChange={setStage} />
        <SpotTypeSelect module={module} value={tblx} onChange={setTblx} />
      </Space>
      {statistics.error && <Typography.Text type="danger">{errorMessage(statistics.error)}</Typography.Text>}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 560px', minWidth: 0, position: 'relative' }}>
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong data-testid="current-region">
              {regionName}
            </Typography.Text>
            {data?.parentCode && (
              <Button size="small" onClick={() => onRegion(data.parentCode as string)} data-testid="drill-up">
                {t('monitor.screen.back')}
              </Button>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('monitor.screen.drillHint')}
            </Typography.Text>
          </Space>
          <Suspense
            fallback={
              <div style={{ height: 560 }}>
                <PageSpinner />
              </div>
            }
          >
            <MapView tiandituKey={tiandituKey} region={region} overlays={[regionLayer.layer]} onMapReady={setMap} height={560} />
          </Suspense>
          <ModeLegend module={module} legend={legend} mode={legendMode} onModeChange={setLegendMode} />
        </div>
        <div style={{ flex: '0 1 380px', minWidth: 300 }}>
          {largest && (
            <Typography.Paragraph data-testid="largest-region">
              <Tag color="blue">{t('monitor.screen.largest')}</Tag>
              {t('monitor.screen.largestRegion', { name: largest.name, value: formatValue(rowValue(largest, legendMode, module.measure)) })}
            </Typography.Paragraph>
          )}
          <Figure
            headingLevel={2}
            table={{
              columns,
              rows,
              rowKey: (row) => row.code,
              total,
              loading: statistics.isFetching,
              maxHeight: 480,
              onRowClick: (row) => drill(row.code),
              isRowClickable: (row) => drillable(row.code),
            }}
            exports={['csv', 'xlsx']}
            fileName={[t('monitorModes.statistics.fileName', { module: title, region: regionName ?? '' })]}
            exportTitle={title}
            testIds={{ prefix: 'statistics' }}
          />
        </div>
      </div>
    </div>
  )
}
