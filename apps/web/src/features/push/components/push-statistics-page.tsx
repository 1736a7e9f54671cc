import { COVERAGE_CLASSES, legendColor, type PushStatisticsRow } from '@rs/shared'
import { Alert, Segmented, Select, Space, Typography } from 'antd'
import { lazy, Suspense, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { periodLabel, recentPeriods } from '../../../lib/period'
import { MapLegend } from '../../../map/legend'
import { useChoropleth } from '../../../map/use-choropleth'
import { useLegend } from '../../../map/use-legend'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import { usePushStatistics } from '../api/push-api'
import { formatBytes } from '../utils/format'

const MapView = lazy(() => import('../../../map/map-view'))

const DIMENSIONS = ['province', 'node', 'month', 'satellite', 'class'] as const
type Dimension = (typeof DIMENSIONS)[number]
const PALETTE = 'orangeRed'

export interface PushStatisticsPageProps {
  tiandituKey: string
}

const mb = (bytes: number) => Math.round((bytes / 1024 ** 2) * 100) / 100

/**
 * 推送统计 (/statistics/push, public): what the ministry delivered to the push nodes, by province,
 * node, month, satellite or resolution class, for a period and class: a bar chart, the table with
 * its CSV and Excel exports, and (by province) the map. The question lives in the address.
 */
export function PushStatisticsPage({ tiandituKey }: PushStatisticsPageProps) {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const by = (params.get('by') ?? 'province') as Dimension
  const period = params.get('period') ?? undefined
  const cls = params.get('class') ?? undefined
  const set = (k: string, v: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (v === undefined) next.delete(k)
        else next.set(k, v)
        return next
      },
      { replace: true },
    )
  const stats = usePushStatistics({ by, period, class: cls })
  const rows = stats.data?.rows ?? []
  const max = Math.max(0, ...rows.map((r) => r.scenes))
  const legend = useLegend(Math.max(1, max), PALETTE)
  const regionLayer = useChoropleth(by === 'province' ? rows.map((r) => ({ code: r.key, scenes: r.scenes })) : [], (r) =>
    r.scenes > 0 ? legendColor(r.scenes, max, PALETTE) : '#cccccc',
  )

  const columns: FigureColumn<PushStatisticsRow>[] = [
    { key: 'label', title: t(`push.dimension.${by}`).replace(/^按/, ''), value: (r) => r.label },
    { key: 'batches', title: t('push.stats.batches'), unit: t('push.stats.unitBatch'), value: (r) => r.batches, sortable: true },
    { key: 'scenes', title: t('push.stats.scenes'), unit: t('push.stats.unitScene'), value: (r) => r.scenes, sortable: true },
    { key: 'area', title: t('push.stats.area'), unit: t('push.stats.unitKm2'), value: (r) => r.areaKm2, sortable: true },
    { key: 'size', title: t('push.stats.size'), unit: t('push.stats.unitMb'), value: (r) => mb(r.bytes), sortable: true },
  ]
  const total = stats.data && [
    t('push.stats.total'),
    stats.data.total.batches,
    stats.data.total.scenes,
    stats.data.total.areaKm2,
    mb(stats.data.total.bytes),
  ]
  const periodWords = period ? periodLabel(period, t) : t('push.stats.allPeriods')
  const periods = useMemo(() => recentPeriods(Date.now()), [])

  return (
    <div className="page-container" data-testid="push-statistics" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('push.stats.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('push.stats.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={by}
          data-testid="push-by"
          options={DIMENSIONS.map((d) => ({ value: d, label: t(`push.dimension.${d}`) }))}
          onChange={(v) => set('by', v === 'province' ? undefined : String(v))}
        />
        <Select
          aria-label={t('push.stats.period')}
          data-testid="push-period"
          value={period ?? ''}
          style={{ width: 160 }}
          options={[{ value: '', label: t('push.stats.allPeriods') }, ...periods.map((p) => ({ value: p, label: periodLabel(p, t) }))]}
          onChange={(v: string) => set('period', v || undefined)}
        />
        <Select
          aria-label={t('push.stats.class')}
          value={cls ?? ''}
          style={{ width: 140 }}
          options={[
            { value: '', label: t('push.stats.allClasses') },
            ...COVERAGE_CLASSES.map((c) => ({ value: c.key, label: t(`coverage.class.${c.key}`) })),
          ]}
          onChange={(v: string) => set('class', v || undefined)}
        />
      </Space>
      {stats.error && <Alert type="error" showIcon title={errorMessage(stats.error)} />}
      {stats.data && rows.length === 0 && <Alert type="info" showIcon title={t('push.stats.empty')} style={{ marginBottom: 12 }} />}
      {stats.data && (
        <Typography.Title level={2} style={{ fontSize: 18 }} data-testid="push-total">
          {periodWords} · {t('push.stats.scenes')} {stats.data.total.scenes} · {t('push.stats.area')} {stats.data.total.areaKm2.toFixed(2)}{' '}
          {t('push.stats.unitKm2')} · {t('push.stats.size')} {formatBytes(stats.data.total.bytes)}
        </Typography.Title>
      )}
      {by === 'province' && (
        <div style={{ position: 'relative', marginBottom: 16 }}>
          <Suspense
            fallback={
              <div style={{ height: 440 }}>
                <PageSpinner />
              </div>
            }
          >
            <MapView tiandituKey={tiandituKey} region="100000" overlays={[regionLayer.layer]} height={440} />
          </Suspense>
          <div style={{ position: 'absolute', right: 8, bottom: 8 }}>
            <MapLegend
              items={legend.items}
              mode="num"
              onToggle={legend.toggle}
              onModeChange={() => undefined}
              labels={{ area: null, unitNum: t('push.stats.map') }}
            />
          </div>
        </div>
      )}
      <Figure
        title={t('push.stats.chartTitle')}
        counted={t('push.stats.counted')}
        chart={
          rows.length > 0
            ? {
                kind: 'echarts',
                height: 300,
                option: {
                  tooltip: { trigger: 'axis' },
                  grid: { left: 48, right: 16, top: 24, bottom: 64 },
                  xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { rotate: rows.length > 8 ? 40 : 0 } },
                  yAxis: { type: 'value', name: t('push.stats.unitScene') },
                  series: [{ type: 'bar', name: t('push.stats.scenes'), data: rows.map((r) => r.scenes), itemStyle: { color: '#1f6feb' } }],
                },
              }
            : undefined
        }
        table={{ columns, rows, rowKey: (r) => r.key, total, loading: stats.isFetching }}
        exports={['csv', 'xlsx']}
        fileName={[t('push.stats.fileName', { by: t(`push.dimension.${by}`), period: periodWords })]}
        testIds={{ prefix: 'push' }}
      />
    </div>
  )
}
