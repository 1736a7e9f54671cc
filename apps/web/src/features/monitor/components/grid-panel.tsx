import {
  GRID_LEVELS,
  GRID_MAX_CELLS,
  gridDefaults,
  type LegendSwitch,
  type MonitorBatch,
  type MonitorGridCell,
  type MonitorModuleDecl,
  type MonitorStage,
  STATISTICS_TYPE_ALL,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Select, Space, Table, Tag, Typography } from 'antd'
import type OlMap from 'ol/Map'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useLegend } from '../../../map/use-legend'
import { useMonitorGrid } from '../api/fetch-monitor-grid'
import { createGridLayer } from '../map/grid-layer'
import { cellCenter, cellRows, cellSizeMetres } from '../utils/modes'
import { formatValue, largestRow, maxValue, regionColors } from '../utils/statistics'
import {
  AreaRegionSelect,
  batchOptions,
  ModeLegend,
  type RegionSlots,
  SpotTypeSelect,
  StageSelect,
  useMetricColumns,
} from './mode-controls'

const MapView = lazy(() => import('../../../map/map-view'))

/** How many of the densest cells the table lists. */
export const DENSEST_CELLS = 20

export interface GridPanelProps extends RegionSlots {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  /** The area-range regions of the scope rule (SPEC §4); one region is the first filter, several leave it to the server. */
  areaRegion: readonly string[]
  tiandituKey: string
}

/**
 * 格网模式: the spots of a batch counted per XYZ tile at the module's level (13, or 14 in the density
 * variant), coloured by the SPEC §9 legend (count or area / length), the densest cells in a table.
 * Filters: region (within the area ranges; the server limits the cells to them), batch, level,
 * stage, spot type. Opens with the grid defaults of SPEC §4: all types, the module's level.
 */
export function GridPanel({ module, batches, areaRegion, tiandituKey, regionPicker, regionName }: GridPanelProps) {
  const t = useT()
  const defaults = gridDefaults({ statisticsType: STATISTICS_TYPE_ALL, gridLevel: null }, module)
  const [region, setRegion] = useState<string>(areaRegion.length === 1 ? areaRegion[0] : WHOLE_COUNTRY_CODE)
  const [level, setLevel] = useState(defaults.gridLevel)
  const [batch, setBatch] = useState<string | undefined>()
  const [stage, setStage] = useState<MonitorStage | undefined>()
  const [tblx, setTblx] = useState<string | undefined>(
    defaults.statisticsType === STATISTICS_TYPE_ALL ? undefined : defaults.statisticsType,
  )
  const grid = useMonitorGrid(module.key as never, {
    region: region === WHOLE_COUNTRY_CODE ? undefined : region,
    level,
    batch,
    stage,
    tblx,
  })
  const data = grid.data
  const rows = useMemo(() => cellRows(data?.cells ?? []), [data])
  const [legendMode, setLegendMode] = useState<LegendSwitch>('num')
  const legend = useLegend(maxValue(rows, legendMode, module.measure), module.palette)
  const largest = largestRow(rows, legendMode, module.measure)
  const gridLayer = useMemo(() => createGridLayer(), [])
  const [map, setMap] = useState<OlMap>()
  const [active, setActive] = useState<string | null>(null)

  useEffect(() => {
    gridLayer.setCells(data?.cells ?? [])
    const extent = gridLayer.extent()
    if (map && extent) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 12, duration: 300 })
  }, [data, gridLayer, map])
  useEffect(() => {
    gridLayer.setColors(regionColors(rows, legendMode, module.measure, module.palette, legend.items), active ?? largest?.code ?? null)
  }, [rows, legendMode, module, legend.items, largest, active, gridLayer])
  useEffect(() => {
    const extent = active ? gridLayer.extentOf(active) : undefined
    if (map && extent) map.getView().fit(extent, { padding: [120, 120, 120, 120], maxZoom: 11, duration: 300 })
  }, [active, gridLayer, map])

  const metricColumns = useMetricColumns<MonitorGridCell>(module)
  const latest = batches[batches.length - 1]?.batch
  const densest = (data?.cells ?? []).slice(0, DENSEST_CELLS)

  return (
    <div data-testid="monitor-grid">
      <Space wrap style={{ marginBottom: 12 }}>
        <AreaRegionSelect
          areaRegion={areaRegion}
          value={region}
          onChange={setRegion}
          regionPicker={regionPicker}
          regionName={regionName}
          testId="grid-region"
        />
        <Select
          style={{ width: 140 }}
          value={batch ?? latest}
          onChange={setBatch}
          aria-label={t('monitorModes.grid.batch')}
          data-testid="grid-batch"
          options={batchOptions(batches)}
        />
        <Select
          style={{ width: 170 }}
          value={level}
          onChange={setLevel}
          aria-label={t('monitorModes.grid.level')}
          data-testid="grid-level"
          options={GRID_LEVELS.map((l) => ({ value: l, label: t('monitorModes.grid.levelOption', { level: l, size: cellSizeMetres(l) }) }))}
        />
        <StageSelect value={stage} onChange={setStage} />
        <SpotTypeSelect module={module} value={tblx} onChange={setTblx} testId="grid-spot-type" />
      </Space>
      {grid.error && (
        <Typography.Paragraph type="danger" data-testid="grid-error">
          {errorMessage(grid.error)}
        </Typography.Paragraph>
      )}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 560px', minWidth: 0, position: 'relative' }}>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {t('monitorModes.grid.hint', { level })}
          </Typography.Paragraph>
          <Suspense
            fallback={
              <div style={{ height: 560 }}>
                <PageSpinner />
              </div>
            }
          >
            <MapView
              tiandituKey={tiandituKey}
              region={region === WHOLE_COUNTRY_CODE ? null : region}
              overlays={[gridLayer.layer]}
              onMapReady={setMap}
              height={560}
            />
          </Suspense>
          <ModeLegend module={module} legend={legend} mode={legendMode} onModeChange={setLegendMode} />
        </div>
        <div style={{ flex: '0 1 420px', minWidth: 320 }}>
          {data && (
            <Typography.Paragraph data-testid="grid-summary">
              {t('monitorModes.grid.cellsSummary', { cells: formatValue(data.cells.length), num: formatValue(data.total.num) })}
              <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
                ≤ {formatValue(GRID_MAX_CELLS)}
              </Typography.Text>
            </Typography.Paragraph>
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('monitorModes.grid.densest')}
          </Typography.Title>
          <Table<MonitorGridCell>
            size="small"
            rowKey="key"
            loading={grid.isFetching}
            dataSource={densest}
            pagination={false}
            scroll={{ y: 440 }}
            data-testid="grid-table"
            onRow={(cell) => ({ onClick: () => setActive(cell.key), style: { cursor: 'pointer' } })}
            rowClassName={(cell) => (cell.key === active ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: t('monitorModes.grid.cell'),
                dataIndex: 'key',
                render: (key: string) => (
                  <span>
                    {key} {key === largest?.code && <Tag color="blue">{t('monitor.screen.largest')}</Tag>}
                  </span>
                ),
              },
              {
                title: t('monitorModes.grid.center'),
                render: (_: unknown, cell) => cellCenter(cell).join(', '),
              },
              ...metricColumns,
            ]}
          />
        </div>
      </div>
    </div>
  )
}
