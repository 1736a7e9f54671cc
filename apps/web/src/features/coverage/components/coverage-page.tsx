import {
  beijingMonth,
  COVERAGE_CLASSES,
  COVERAGE_CLOUD_LIMITS,
  COVERAGE_SOURCES,
  type CoverageClassKey,
  type CoveragePeriodKind,
  type CoverageQuery,
  type CoverageRow,
  legendColor,
  parseCoveragePeriod,
  previousPeriod,
  punctuationNow,
  quarterKeyOf,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { Alert, Button, Checkbox, Select, Space, Switch, Tag, Typography } from 'antd'
import type OlMap from 'ol/Map'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { periodLabel, periodOfMonth, periodOptions } from '../../../lib/period'
import { createGapLayer } from '../../../map/footprint-layer'
import { MapLegend } from '../../../map/legend'
import { useChoropleth, useRegionClick } from '../../../map/use-choropleth'
import { useLegend } from '../../../map/use-legend'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import { useCoverageGaps, useCoverageMonths, useCoverageStatistics } from '../api/coverage-api'

const MapView = lazy(() => import('../../../map/map-view'))

const PALETTE = 'yellowRed'
const KINDS: CoveragePeriodKind[] = ['year', 'quarter', 'month']

export interface CoveragePageProps {
  tiandituKey: string
}

const fixed = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : String(v ?? ''))

/**
 * 覆盖统计 (/statistics/coverage-statics): how much of each child of a region the archive covers for
 * a period, resolution class and cloud limit (optionally chosen satellites, a second period to
 * compare), as a choropleth in the SPEC §9 legend (ten classes of 10 %), a table with its CSV and
 * Excel exports, the national figure, and the gaps of one region. The question lives in the address,
 * so a view can be shared.
 */
export function CoveragePage({ tiandituKey }: CoveragePageProps) {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const months = useCoverageMonths()
  const currentMonth = beijingMonth(Date.now())
  const period = params.get('period') ?? quarterKeyOf(Date.now())
  const kind = parseCoveragePeriod(period)?.kind ?? 'quarter'
  const classKey = (params.get('class') ?? 'm2') as CoverageClassKey
  const finer = params.get('finer') !== 'false'
  const cloud = params.get('cloud') ?? '100'
  const region = params.get('region') ?? WHOLE_COUNTRY_CODE
  const compare = params.get('compare') ?? undefined
  const satellites = params.get('satellites') ?? undefined
  const sources = params.get('sources') ?? undefined
  // the region whose gaps are drawn, for the question it was asked under (another question clears it)
  const questionKey = [region, period, classKey, finer, cloud, satellites, sources].join('|')
  const [gapAsk, setGapAsk] = useState<{ code: string; key: string } | null>(null)
  const gapRegion = gapAsk?.key === questionKey ? gapAsk.code : null
  const setGapRegion = (code: string | null) => setGapAsk(code ? { code, key: questionKey } : null)

  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined) next.delete(k)
          else next.set(k, v)
        }
        return next
      },
      { replace: true },
    )

  const query: CoverageQuery = {
    period,
    class: classKey,
    finer: String(finer) as never,
    cloud: cloud as never,
    region,
    compare,
    satellites: satellites as never,
  }
  const statistics = useCoverageStatistics(query)
  const data = statistics.data
  const rows = data?.rows ?? []
  const gaps = useCoverageGaps(gapRegion ? ({ ...query, compare: undefined, region: gapRegion } as never) : null)

  const legend = useLegend(100, PALETTE)
  const checked = legend.items.filter((i) => i.checked).map((i) => i.value)
  const showAll = checked.length === 0 || checked.includes('all')
  const regionLayer = useChoropleth(rows, (row) => {
    const cls = row.percent > 0 ? String(Math.min(9, Math.floor(row.percent / 10))) : 'none'
    const shown = showAll || checked.includes(cls)
    return shown ? (row.percent > 0 ? legendColor(row.percent, 100, PALETTE) : '#cccccc') : null
  })
  const gapLayer = useMemo(() => createGapLayer(), [])
  const [map, setMap] = useState<OlMap>()

  useEffect(() => {
    gapLayer.show(gapRegion && gaps.data?.gaps ? (gaps.data.gaps as never) : null)
  }, [gapRegion, gaps.data, gapLayer])

  const drillable = (code: string) => data?.region.level !== 'county' && rows.some((r) => r.code === code && r.level !== 'county')
  const drill = (code: string) => {
    if (drillable(code)) set({ region: code })
    else setGapRegion(code)
  }
  useRegionClick(map, regionLayer, drill)

  const classShort = t(`coverage.classLevel.${classKey}` as never)
  const classBand = t(`coverage.class.${classKey}` as never)
  const nationalText = data
    ? finer
      ? t('coverage.screen.national', { level: classShort, percent: fixed(data.national.percent) })
      : t('coverage.screen.nationalBand', { class: classBand, percent: fixed(data.national.percent) })
    : ''
  const regionName = data?.region.code === WHOLE_COUNTRY_CODE ? t('coverage.screen.country') : data?.region.name
  const latest = months.data?.[months.data.length - 1]
  const noData = data && data.national.coveredKm2 === 0 && latest !== undefined
  const latestPeriod = latest === undefined ? undefined : periodOfMonth(kind, latest)

  const columns: FigureColumn<CoverageRow>[] = [
    {
      key: 'name',
      title: t('coverage.screen.region'),
      value: (row) => row.name,
      render: (row) => (
        <span>
          {row.name}{' '}
          {row.missingCounties > 0 && <Tag color="orange">{t('coverage.screen.missingShort', { count: row.missingCounties })}</Tag>}
        </span>
      ),
    },
    {
      key: 'area',
      title: t('coverage.screen.area'),
      unit: t('coverage.screen.unitKm2'),
      value: (row) => row.areaKm2,
      format: fixed,
      sortable: true,
    },
    {
      key: 'covered',
      title: t('coverage.screen.covered'),
      unit: t('coverage.screen.unitKm2'),
      value: (row) => row.coveredKm2,
      format: fixed,
      sortable: true,
    },
    {
      key: 'percent',
      title: t('coverage.screen.percent'),
      unit: t('coverage.screen.unitPercent'),
      value: (row) => row.percent,
      format: fixed,
      sortable: true,
    },
    {
      key: 'times',
      title: t('coverage.screen.times'),
      unit: t('coverage.screen.unitTimes'),
      value: (row) => row.times,
      format: fixed,
      sortable: true,
    },
    ...(data?.compare
      ? [
          {
            key: 'comparePercent',
            title: t('coverage.screen.comparePercent') + punctuationNow().paren(periodLabel(data.compare.key, t)),
            unit: t('coverage.screen.unitPercent'),
            value: (row: CoverageRow) => row.compare?.percent ?? 0,
            format: fixed,
            sortable: true,
          },
          {
            key: 'change',
            title: t('coverage.screen.change'),
            unit: t('coverage.screen.unitPercent'),
            value: (row: CoverageRow) => Math.round((row.percent - (row.compare?.percent ?? 0)) * 100) / 100,
            format: (v: unknown) => (typeof v === 'number' && v > 0 ? `+${fixed(v)}` : fixed(v)),
            sortable: true,
          },
        ]
      : []),
  ]
  const total = data && [
    t('coverage.screen.total'),
    data.total.areaKm2,
    data.total.coveredKm2,
    data.total.percent,
    data.total.times,
    ...(data.compare
      ? [data.total.compare?.percent ?? 0, Math.round((data.total.percent - (data.total.compare?.percent ?? 0)) * 100) / 100]
      : []),
  ]

  return (
    <div className="page-container" data-testid="coverage-page" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('coverage.screen.title')}
        {data?.illustrative && (
          <Tag color="gold" style={{ marginLeft: 8, verticalAlign: 'middle' }}>
            {t('app.demoData')}
          </Tag>
        )}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('coverage.screen.intro')}</Typography.Paragraph>

      <Space wrap style={{ marginBottom: 12 }} data-testid="coverage-controls">
        <span>{t('coverage.screen.period')}</span>
        <Select
          aria-label={t('coverage.screen.period')}
          value={kind}
          style={{ width: 90 }}
          options={KINDS.map((k) => ({ value: k, label: t(`coverage.periodKind.${k}` as never) }))}
          onChange={(k: CoveragePeriodKind) =>
            set({ period: periodOfMonth(k, parseCoveragePeriod(period)?.fromMonth ?? currentMonth), compare: undefined })
          }
        />
        <Select
          aria-label={t('coverage.screen.period')}
          data-testid="coverage-period"
          value={period}
          style={{ width: 150 }}
          options={periodOptions(kind, months.data ?? [], currentMonth).map((p) => ({ value: p, label: periodLabel(p, t) }))}
          onChange={(p: string) => set({ period: p })}
        />
        <span>{t('coverage.screen.class')}</span>
        <Select
          aria-label={t('coverage.screen.class')}
          data-testid="coverage-class"
          value={classKey}
          style={{ width: 120 }}
          options={COVERAGE_CLASSES.map((c) => ({ value: c.key, label: t(`coverage.class.${c.key}` as never) }))}
          onChange={(c: string) => set({ class: c })}
        />
        <Checkbox checked={finer} onChange={(e) => set({ finer: e.target.checked ? undefined : 'false' })}>
          {t('coverage.screen.finer')}
        </Checkbox>
        <Select
          aria-label={t('coverage.screen.cloud')}
          value={cloud}
          style={{ width: 120 }}
          options={COVERAGE_CLOUD_LIMITS.map((c) => ({ value: String(c), label: t(`coverage.cloud.${c}` as never) }))}
          onChange={(c: string) => set({ cloud: c === '100' ? undefined : c })}
        />
        <Select
          mode="tags"
          aria-label={t('coverage.screen.satellites')}
          placeholder={t('coverage.screen.satellitesAll')}
          value={satellites ? satellites.split(',') : []}
          style={{ minWidth: 160 }}
          tokenSeparators={[',', ' ']}
          onChange={(list: string[]) => set({ satellites: list.length ? list.map((s) => s.toUpperCase()).join(',') : undefined })}
        />
        <span>{t('coverage.screen.sources')}</span>
        <Checkbox.Group
          data-testid="coverage-sources"
          value={(sources ?? 'archive').split(',')}
          options={COVERAGE_SOURCES.map((s) => ({ value: s, label: t(`coverage.source.${s}`) }))}
          onChange={(list) =>
            set({ sources: list.length === 0 || (list.length === 1 && list[0] === 'archive') ? undefined : list.join(',') })
          }
        />
        <Switch
          checked={compare !== undefined}
          onChange={(on) =>
            set({
              compare: on
                ? previousPeriod(
                    parseCoveragePeriod(period) ?? { key: period, kind: 'quarter', fromMonth: currentMonth, toMonth: currentMonth },
                  )
                : undefined,
            })
          }
          aria-label={t('coverage.screen.compareOn')}
        />
        <span>{t('coverage.screen.compareOn')}</span>
        {compare !== undefined && (
          <Select
            aria-label={t('coverage.screen.compare')}
            data-testid="coverage-compare"
            value={compare}
            style={{ width: 150 }}
            options={periodOptions(kind, months.data ?? [], currentMonth).map((p) => ({ value: p, label: periodLabel(p, t) }))}
            onChange={(p: string) => set({ compare: p })}
          />
        )}
      </Space>

      {statistics.error && <Alert type="error" showIcon title={errorMessage(statistics.error)} style={{ marginBottom: 12 }} />}
      {/* the national figure's line keeps its place while the figures load: the map and table below do not jump */}
      <div style={{ minHeight: 36 }}>
        {data && (
          <Typography.Title level={2} style={{ fontSize: 18, lineHeight: '24px', margin: '0 0 12px' }} data-testid="coverage-national">
            {periodLabel(data.period.key, t)} · {nationalText}
          </Typography.Title>
        )}
      </div>
      {noData && latestPeriod && latestPeriod !== period && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${t('coverage.screen.noData')} ${t('coverage.screen.latestData', { period: periodLabel(latestPeriod, t) })}`}
          action={
            <Button size="small" onClick={() => set({ period: latestPeriod, compare: undefined })} data-testid="coverage-latest">
              {t('coverage.screen.useLatest')}
            </Button>
          }
        />
      )}
      {data && data.pendingScenes > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('coverage.screen.pending', { count: data.pendingScenes })} />
      )}

      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 100%', minWidth: 0, position: 'relative' }}>
          <Space style={{ marginBottom: 8 }} wrap>
            <Typography.Text strong data-testid="current-region">
              {regionName}
            </Typography.Text>
            {data?.parentCode && (
              <Button
                size="small"
                onClick={() => set({ region: data.parentCode === WHOLE_COUNTRY_CODE ? undefined : (data.parentCode as string) })}
                data-testid="drill-up"
              >
                {t('coverage.screen.back')}
              </Button>
            )}
            {data && data.region.level !== 'country' && (
              <Button size="small" onClick={() => setGapRegion(gapRegion ? null : data.region.code)} data-testid="coverage-gaps">
                {gapRegion ? t('coverage.screen.gapsHide') : t('coverage.screen.gaps')}
              </Button>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('coverage.screen.drillHint')}
            </Typography.Text>
          </Space>
          <Suspense
            fallback={
              <div style={{ height: 560 }}>
                <PageSpinner />
              </div>
            }
          >
            <MapView
              tiandituKey={tiandituKey}
              region={region}
              overlays={[regionLayer.layer, gapLayer.layer]}
              onMapReady={setMap}
              height={560}
            />
          </Suspense>
          <div style={{ position: 'absolute', right: 8, bottom: 8 }}>
            <MapLegend
              items={legend.items}
              mode="num"
              onToggle={legend.toggle}
              onModeChange={() => undefined}
              labels={{ area: null, unitNum: t('coverage.screen.legend') }}
            />
          </div>
          {gapRegion && (
            <Typography.Paragraph style={{ marginTop: 8 }} data-testid="coverage-gap-note">
              {gaps.isFetching
                ? '…'
                : gaps.error
                  ? errorMessage(gaps.error)
                  : gaps.data &&
                    (gaps.data.gaps
                      ? t('coverage.screen.gapsShare', {
                          name: gaps.data.region.name,
                          percent: fixed(100 - gaps.data.percent),
                          note: t('coverage.screen.gapsNote', { km: gaps.data.cellKm }),
                        })
                      : t('coverage.screen.gapsNone', { name: gaps.data.region.name }))}
            </Typography.Paragraph>
          )}
        </div>
        <div style={{ flex: '1 1 100%', minWidth: 0 }}>
          <Figure
            table={{
              columns,
              rows,
              rowKey: (row) => row.code,
              total,
              loading: statistics.isFetching,
              maxHeight: 520,
              onRowClick: (row) => drill(row.code),
              isRowClickable: () => true,
            }}
            counted={data ? t('coverage.screen.method', { cells: data.cellsPerCounty }) : undefined}
            note={
              data && data.missing.length > 0
                ? t('coverage.screen.missing', {
                    count: data.missing.length,
                    names: punctuationNow().list(data.missing.map((m) => m.name)),
                  })
                : undefined
            }
            exports={['csv', 'xlsx']}
            fileName={[
              t('coverage.screen.fileName', { region: regionName ?? '', period: data ? periodLabel(data.period.key, t) : period }),
            ]}
            exportTitle={t('coverage.screen.title')}
            testIds={{ prefix: 'coverage' }}
          />
        </div>
      </div>
    </div>
  )
}
