import { legendColor, type SharingRow, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Alert, Button, Segmented, Select, Space, Table, Tabs, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { periodLabel } from '../../../lib/period'
import { formatBeijing } from '../../../lib/time'
import { MapLegend } from '../../../map/legend'
import { useChoropleth } from '../../../map/use-choropleth'
import { useLegend } from '../../../map/use-legend'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import { useSharingDetail, useSharingStatistics } from '../api/sharing-api'

const MapView = lazy(() => import('../../../map/map-view'))
const PALETTE = 'orangeRed'

export interface SharingPageProps {
  tiandituKey: string
  /** The periods offered, newest first (the route's). */
  periods: string[]
}

/**
 * 共享概况 (/overallPlan/regionPush, MOD_084): per child of a region in the caller's ranges, the
 * pushes delivered there and the own imagery registered there (统计: map, table, exports, drill-down),
 * and the lists behind them (详情). The server keeps every answer inside the caller's ranges.
 */
export function SharingPage({ tiandituKey, periods }: SharingPageProps) {
  const t = useT()
  const [mode, setMode] = useState<'statistics' | 'detail'>('statistics')
  const [region, setRegion] = useState<string | undefined>()
  const [period, setPeriod] = useState<string | undefined>()
  const [measure, setMeasure] = useState<'push' | 'local'>('push')
  const [kind, setKind] = useState<'push' | 'local'>('push')
  const [pageNum, setPageNum] = useState(1)
  const stats = useSharingStatistics({ region, period }, true)
  const detail = useSharingDetail({ region, period, kind, pageNum, pageSize: 20 }, mode === 'detail')
  const data = stats.data
  const rows = data?.rows ?? []
  const value = (r: SharingRow) => (measure === 'push' ? r.pushScenes : r.localScenes)
  const max = Math.max(0, ...rows.map(value))
  const legend = useLegend(Math.max(1, max), PALETTE)
  const regionLayer = useChoropleth(rows, (r) => (value(r) > 0 ? legendColor(value(r), max, PALETTE) : '#cccccc'))

  const regionName = data?.region.code === WHOLE_COUNTRY_CODE ? t('sharing.screen.country') : data?.region.name
  const periodWords = period ? periodLabel(period, t) : t('sharing.screen.allPeriods')
  const canDrill = data && data.region.level !== 'county'
  const columns: FigureColumn<SharingRow>[] = [
    { key: 'name', title: t('sharing.screen.region'), value: (r) => r.name },
    { key: 'pushBatches', title: t('sharing.screen.pushBatches'), value: (r) => r.pushBatches, sortable: true },
    { key: 'pushScenes', title: t('sharing.screen.pushScenes'), value: (r) => r.pushScenes, sortable: true },
    {
      key: 'pushArea',
      title: t('sharing.screen.pushArea'),
      unit: t('sharing.screen.unitKm2'),
      value: (r) => r.pushAreaKm2,
      sortable: true,
    },
    { key: 'localUploads', title: t('sharing.screen.localUploads'), value: (r) => r.localUploads, sortable: true },
    { key: 'localScenes', title: t('sharing.screen.localScenes'), value: (r) => r.localScenes, sortable: true },
    {
      key: 'localArea',
      title: t('sharing.screen.localArea'),
      unit: t('sharing.screen.unitKm2'),
      value: (r) => r.localAreaKm2,
      sortable: true,
    },
  ]
  const total = data && [
    t('sharing.screen.total'),
    data.total.pushBatches,
    data.total.pushScenes,
    data.total.pushAreaKm2,
    data.total.localUploads,
    data.total.localScenes,
    data.total.localAreaKm2,
  ]

  return (
    <div className="page-container" data-testid="sharing-page" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('sharing.screen.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sharing.screen.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text strong data-testid="current-region">
          {regionName}
        </Typography.Text>
        {data?.parentCode && (
          <Button size="small" onClick={() => setRegion(data.parentCode ?? undefined)} data-testid="drill-up">
            {t('sharing.screen.back')}
          </Button>
        )}
        <Select
          aria-label={t('sharing.screen.period')}
          value={period ?? ''}
          style={{ width: 160 }}
          options={[{ value: '', label: t('sharing.screen.allPeriods') }, ...periods.map((p) => ({ value: p, label: periodLabel(p, t) }))]}
          onChange={(v: string) => setPeriod(v || undefined)}
        />
      </Space>
      {stats.error && <Alert type="error" showIcon title={errorMessage(stats.error)} />}
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as 'statistics' | 'detail')}
        items={[
          {
            key: 'statistics',
            label: t('sharing.screen.statistics'),
            children: (
              <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
                <div style={{ flex: '1 1 100%', position: 'relative', minWidth: 0 }}>
                  <Space style={{ marginBottom: 8 }}>
                    <span>{t('sharing.screen.measure')}</span>
                    <Segmented
                      value={measure}
                      options={[
                        { value: 'push', label: t('sharing.screen.measurePush') },
                        { value: 'local', label: t('sharing.screen.measureLocal') },
                      ]}
                      onChange={(v) => setMeasure(v as 'push' | 'local')}
                    />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('sharing.screen.drillHint')}
                    </Typography.Text>
                  </Space>
                  <Suspense
                    fallback={
                      <div style={{ height: 440 }}>
                        <PageSpinner />
                      </div>
                    }
                  >
                    <MapView tiandituKey={tiandituKey} region={data?.region.code ?? null} overlays={[regionLayer.layer]} height={440} />
                  </Suspense>
                  <div style={{ position: 'absolute', right: 8, bottom: 8 }}>
                    <MapLegend
                      items={legend.items}
                      mode="num"
                      onToggle={legend.toggle}
                      onModeChange={() => undefined}
                      labels={{
                        area: null,
                        unitNum: measure === 'push' ? t('sharing.screen.measurePush') : t('sharing.screen.measureLocal'),
                      }}
                    />
                  </div>
                </div>
                <div style={{ flex: '1 1 100%', minWidth: 0 }}>
                  <Figure
                    table={{
                      columns,
                      rows,
                      rowKey: (r) => r.code,
                      total,
                      loading: stats.isFetching,
                      onRowClick: (r) => {
                        if (canDrill && r.code !== data?.region.code) setRegion(r.code)
                      },
                      isRowClickable: () => Boolean(canDrill),
                    }}
                    exports={['csv', 'xlsx']}
                    fileName={[t('sharing.screen.fileName', { region: regionName ?? '', period: periodWords })]}
                    exportTitle={t('sharing.screen.title')}
                    testIds={{ prefix: 'sharing' }}
                  />
                </div>
              </div>
            ),
          },
          {
            key: 'detail',
            label: t('sharing.screen.detail'),
            children: (
              <>
                <Segmented
                  style={{ marginBottom: 12 }}
                  value={kind}
                  options={[
                    { value: 'push', label: t('sharing.screen.pushes') },
                    { value: 'local', label: t('sharing.screen.locals') },
                  ]}
                  onChange={(v) => {
                    setKind(v as 'push' | 'local')
                    setPageNum(1)
                  }}
                />
                {detail.error && <Alert type="error" showIcon title={errorMessage(detail.error)} />}
                <Table
                  rowKey="id"
                  size="small"
                  data-testid="sharing-detail"
                  loading={detail.isFetching}
                  dataSource={detail.data?.list ?? []}
                  locale={{ emptyText: t('sharing.screen.empty') }}
                  columns={[
                    { title: t('sharing.screen.title2'), dataIndex: 'title' },
                    { title: t('sharing.screen.region'), dataIndex: 'regionName' },
                    { title: t('sharing.screen.scenes'), dataIndex: 'scenes', align: 'right' },
                    { title: t('sharing.screen.area'), dataIndex: 'areaKm2', align: 'right' },
                    { title: t('sharing.screen.at'), dataIndex: 'at', render: (v: string) => formatBeijing(v) },
                    { title: t('sharing.screen.by'), dataIndex: 'by' },
                    ...(kind === 'push'
                      ? [{ title: t('sharing.screen.file'), dataIndex: 'file', render: (f: string | null) => (f ? <code>{f}</code> : '') }]
                      : []),
                  ]}
                  pagination={{
                    current: pageNum,
                    pageSize: 20,
                    total: detail.data?.total ?? 0,
                    showSizeChanger: false,
                    onChange: setPageNum,
                  }}
                />
              </>
            ),
          },
        ]}
      />
    </div>
  )
}
