import { CloseOutlined } from '@ant-design/icons'
import {
  DEFAULT_PAGE,
  type MonitorBatch,
  type MonitorModuleDecl,
  type MonitorSpotSummary,
  type MonitorStage,
  punctuationNow,
} from '@rs/shared'
import { Button, Card, Descriptions, Select, Space, Table, Tag, Typography } from 'antd'
import type OlMap from 'ol/Map'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { createQuicklookLayer } from '../../../map/quicklook-layer'
import { useMonitorSpot } from '../api/fetch-monitor-spot'
import { useMonitorSpots } from '../api/fetch-monitor-spots'
import { createSpotLayer } from '../map/spot-layer'
import { createSpotTileLayer, MANY_SPOTS } from '../map/spot-tiles'
import { formatValue } from '../utils/statistics'
import { TermView } from './term-view'
import { VerificationSection } from './verification-section'

const MapView = lazy(() => import('../../../map/map-view'))

export interface DetailPanelProps {
  module: MonitorModuleDecl
  batches: readonly MonitorBatch[]
  /** The area-range regions of the scope rule (SPEC §4); one region is sent as xzqdm, several leave it to the server. */
  areaRegion: readonly string[]
  tiandituKey: string
}

/**
 * 详情模式: the caller's spots (the server limits them to the area ranges) in a list of 20 per page
 * and on the map in their types' colours; a row opens the spot's attributes and batches.
 * Filters: batch, file name, spot type (tblx), stage.
 */
export function DetailPanel({ module, batches, areaRegion, tiandituKey }: DetailPanelProps) {
  const t = useT()
  const [batch, setBatch] = useState<string | undefined>()
  const [filename, setFilename] = useState<string | undefined>()
  const [tblx, setTblx] = useState<string | undefined>()
  const [stage, setStage] = useState<MonitorStage | undefined>()
  const [page, setPage] = useState<{ pageNum: number; pageSize: number }>({ ...DEFAULT_PAGE })
  const [activeId, setActiveId] = useState<number | null>(null)
  const xzqdm = areaRegion.length === 1 ? areaRegion[0] : undefined
  const spots = useMonitorSpots(module.key as never, { xzqdm, batch, filename, tblx, stage, ...page }, true)
  const detail = useMonitorSpot(module.key as never, activeId)
  const items = spots.data?.items ?? []
  const spotLayer = useMemo(() => createSpotLayer(), [])
  // the term data's quicklook, and every spot in range from the module's vector tiles when the list is long
  const quicklookLayer = useMemo(() => createQuicklookLayer(), [])
  const tileLayer = useMemo(() => createSpotTileLayer(module), [module])
  const overlays = useMemo(
    () => [quicklookLayer, ...(tileLayer ? [tileLayer] : []), spotLayer.layer],
    [quicklookLayer, tileLayer, spotLayer],
  )
  const manySpots = (spots.data?.total ?? 0) > MANY_SPOTS
  useEffect(() => {
    tileLayer?.setVisible(manySpots)
  }, [tileLayer, manySpots])
  const [map, setMap] = useState<OlMap>()
  const colorOf = useMemo(() => {
    const colors = new Map(module.spotTypes.map((s) => [s.value, s.color]))
    return (type: string) => colors.get(type) ?? '#888888'
  }, [module])
  const typeLabel = (type: string) => {
    const decl = module.spotTypes.find((s) => s.value === type)
    return decl ? t(decl.labelKey) : type
  }

  useEffect(() => {
    spotLayer.setSpots(items, colorOf)
    const extent = spotLayer.extent()
    if (map && extent && items.length > 0) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 14, duration: 300 })
  }, [items, colorOf, spotLayer, map])
  useEffect(() => {
    spotLayer.setActive(activeId)
    const extent = activeId === null ? undefined : spotLayer.extentOf(activeId)
    if (map && extent) map.getView().fit(extent, { padding: [80, 80, 80, 80], maxZoom: 13, duration: 300 })
  }, [activeId, spotLayer, map])
  useEffect(() => {
    if (!map) return
    const handler = (event: { pixel: number[] }) => {
      const id = map.forEachFeatureAtPixel(event.pixel, (f) => Number(f.getId() ?? f.get('id')), {
        layerFilter: (l) => l === spotLayer.layer || l === tileLayer,
      })
      if (id) setActiveId(id)
    }
    map.on('singleclick', handler as never)
    return () => map.un('singleclick', handler as never)
  }, [map, spotLayer, tileLayer])

  const resetPage = () => setPage((p) => ({ ...p, pageNum: 1 }))
  const showArea = module.measure === 'area'
  const spot = detail.data
  return (
    <div data-testid="monitor-detail">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('monitor.screen.batch')}
          aria-label={t('monitor.screen.batch')}
          style={{ width: 140 }}
          value={batch}
          onChange={(v) => {
            setBatch(v)
            resetPage()
          }}
          options={batches.map((b) => ({ value: b.batch, label: b.batch }))}
          data-testid="detail-batch"
        />
        <Select
          allowClear
          placeholder={t('monitor.screen.filename')}
          aria-label={t('monitor.screen.filename')}
          style={{ width: 230 }}
          value={filename}
          onChange={(v) => {
            setFilename(v)
            resetPage()
          }}
          options={batches.map((b) => ({ value: b.filename, label: b.filename }))}
        />
        <Select
          allowClear
          placeholder={t('monitor.screen.spotType')}
          aria-label={t('monitor.screen.spotType')}
          style={{ width: 200 }}
          value={tblx}
          onChange={(v) => {
            setTblx(v)
            resetPage()
          }}
          options={module.spotTypes.map((s) => ({ value: s.value, label: t(s.labelKey) }))}
        />
        <Select
          allowClear
          placeholder={t('monitor.stage.all')}
          aria-label={t('monitor.stage.all')}
          style={{ width: 120 }}
          value={stage}
          onChange={(v) => {
            setStage(v)
            resetPage()
          }}
          options={[
            { value: 'new', label: t('monitor.stage.new') },
            { value: 'persist', label: t('monitor.stage.persist') },
          ]}
        />
      </Space>
      {spots.error && (
        <Typography.Paragraph type="danger" data-testid="detail-error">
          {errorMessage(spots.error)}
        </Typography.Paragraph>
      )}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 520px', minWidth: 0 }}>
          <Table<MonitorSpotSummary>
            size="small"
            rowKey="id"
            loading={spots.isFetching}
            dataSource={items}
            data-testid="spot-table"
            onRow={(row) => ({ onClick: () => setActiveId(row.id), style: { cursor: 'pointer' } })}
            rowClassName={(row) => (row.id === activeId ? 'ant-table-row-selected' : '')}
            pagination={{
              current: page.pageNum,
              pageSize: page.pageSize,
              total: spots.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `${total}`,
              onChange: (pageNum) => setPage((p) => ({ ...p, pageNum })),
            }}
            columns={[
              { title: t('monitor.screen.spotId'), dataIndex: 'id', width: 80 },
              { title: t('monitor.screen.batch'), dataIndex: 'batch', width: 95 },
              { title: t('monitor.screen.region'), dataIndex: 'regionName' },
              {
                title: t('monitor.screen.spotType'),
                dataIndex: 'spotType',
                render: (type: string) => (
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <span
                      aria-hidden
                      style={{ width: 12, height: 12, borderRadius: 2, background: colorOf(type), border: '1px solid rgba(0,0,0,0.2)' }}
                    />
                    {typeLabel(type)}
                  </span>
                ),
              },
              { title: t('monitor.screen.stage'), dataIndex: 'stage', width: 70, render: (s: MonitorStage) => t(`monitor.stage.${s}`) },
              ...(module.measure === null
                ? []
                : [
                    {
                      title: showArea ? t('monitor.screen.area') : t('monitor.screen.length'),
                      align: 'right' as const,
                      render: (_: unknown, row: MonitorSpotSummary) => formatValue(showArea ? row.areaHa : row.lengthKm),
                    },
                  ]),
            ]}
          />
        </div>
        <div style={{ flex: '1 1 520px', minWidth: 0 }}>
          <Suspense
            fallback={
              <div style={{ height: 520 }}>
                <PageSpinner />
              </div>
            }
          >
            <MapView tiandituKey={tiandituKey} region={xzqdm ?? null} overlays={overlays} onMapReady={setMap} height={520} />
          </Suspense>
          {activeId !== null && (
            <Card
              size="small"
              style={{ marginTop: 12 }}
              title={t('monitor.screen.detailTitle')}
              extra={
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('monitor.screen.close')}
                  onClick={() => setActiveId(null)}
                />
              }
              data-testid="spot-card"
            >
              {detail.error && <Typography.Text type="danger">{errorMessage(detail.error)}</Typography.Text>}
              {spot && (
                <>
                  {spot.illustrative && (
                    <Tag color="orange" style={{ marginBottom: 8 }}>
                      {t('monitor.screen.illustrative')}
                    </Tag>
                  )}
                  <Descriptions column={1} size="small" bordered data-testid="spot-fields" styles={{ label: { width: 140 } }}>
                    <Descriptions.Item label={t('monitor.screen.spotId')}>{spot.id}</Descriptions.Item>
                    <Descriptions.Item label={t('monitor.screen.spotType')}>{typeLabel(spot.spotType)}</Descriptions.Item>
                    <Descriptions.Item label={t('monitor.screen.batch')}>{spot.batch}</Descriptions.Item>
                    <Descriptions.Item label={t('monitor.screen.filename')}>{spot.filename}</Descriptions.Item>
                    <Descriptions.Item label={t('monitor.screen.region')}>{spot.regionName}</Descriptions.Item>
                    <Descriptions.Item label={t('monitor.screen.xzqdm')}>{spot.xzqdm}</Descriptions.Item>
                    {spot.areaHa !== null && (
                      <Descriptions.Item label={t('monitor.screen.area')}>{formatValue(spot.areaHa)}</Descriptions.Item>
                    )}
                    {spot.lengthKm !== null && (
                      <Descriptions.Item label={t('monitor.screen.length')}>{formatValue(spot.lengthKm)}</Descriptions.Item>
                    )}
                    {module.attributes.map((a) =>
                      spot.attributes[a.key] === undefined ? null : (
                        <Descriptions.Item key={a.key} label={t(a.labelKey)}>
                          {String(spot.attributes[a.key])}
                        </Descriptions.Item>
                      ),
                    )}
                    <Descriptions.Item label={t('monitor.screen.history')}>
                      {spot.batches.map((b) => (
                        <div key={b.batch}>
                          {punctuationNow().label(b.batch)}
                          {typeLabel(b.spotType)}
                        </div>
                      ))}
                    </Descriptions.Item>
                  </Descriptions>
                  <Typography.Title level={2} style={{ marginTop: 12, fontSize: 16 }}>
                    {t('monitorMap.term.title')}
                  </Typography.Title>
                  <TermView module={module} spotId={spot.id} quicklookLayer={quicklookLayer} />
                  <VerificationSection module={module} spotId={spot.id} center={spot.center} />
                </>
              )}
            </Card>
          )}
        </div>
      </div>
    </div>
  )
}
