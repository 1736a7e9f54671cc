import { UploadOutlined } from '@ant-design/icons'
import { LOCAL_IMAGERY_KINDS, type LocalImagery, type LocalImageryKind, type LocalImageryReport, punctuationNow } from '@rs/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Popconfirm, Select, Space, Tag, Typography, Upload } from 'antd'
import GeoJSON from 'ol/format/GeoJSON'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import type OlMap from 'ol/Map'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import { Fill, Stroke, Style } from 'ol/style'
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { DATA_PROJECTION, MAP_PROJECTION } from '../../../map/geometry'
import { Figure, type FigureColumn } from '../../../widgets/figure'
import { deleteLocalUpload, LOCAL_KEY, uploadLocalImagery, useLocalFootprints, useLocalImagery } from '../api/local-imagery-api'

const MapView = lazy(() => import('../../../map/map-view'))
/** Rows read at once (the server's largest page); the table pages them by 20 and the exports write them all. */
const READ_ROWS = 500

export interface LocalDataPageProps {
  tiandituKey: string
  /** The province's aerospace imagery as XYZ tiles (site configuration); empty: hidden. */
  imageryTiles: string
  /** The external city-eye (城市之眼) address (site configuration); empty: hidden. */
  cityEyeUrl: string
  /** A region picker limited by the route to the user's ranges. */
  regionPicker: (value: string | undefined, onChange: (code: string | undefined) => void) => ReactNode
}

const STYLE = new Style({ stroke: new Stroke({ color: '#d4380d', width: 1.5 }), fill: new Fill({ color: 'rgba(250, 140, 22, 0.18)' }) })

/**
 * 本地数据 (/overallPlan/provinceFeedback, MOD_085): a province registers the imagery it holds
 * (a file checked all or nothing, with a Chinese reason per refused row), then lists, maps and
 * exports it; the province's aerospace imagery layer and the city-eye link when configured.
 */
export function LocalDataPage({ tiandituKey, imageryTiles, cityEyeUrl, regionPicker }: LocalDataPageProps) {
  const t = useT()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<LocalImageryReport | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [region, setRegion] = useState<string | undefined>()
  const [kind, setKind] = useState<LocalImageryKind | undefined>()
  const [showImagery, setShowImagery] = useState(true)
  const filter = { region, kind }
  const list = useLocalImagery({ ...filter, pageNum: 1, pageSize: READ_ROWS })
  const footprints = useLocalFootprints(filter)

  const footprintLayer = useMemo(() => new VectorLayer({ source: new VectorSource(), style: STYLE, zIndex: 25 }), [])
  const imageryLayer = useMemo(
    () =>
      imageryTiles ? new TileLayer({ source: new XYZ({ url: imageryTiles, crossOrigin: 'anonymous' }), zIndex: 5, opacity: 0.9 }) : null,
    [imageryTiles],
  )
  useEffect(() => {
    imageryLayer?.setVisible(showImagery)
  }, [imageryLayer, showImagery])
  const [map, setMap] = useState<OlMap>()
  useEffect(() => {
    const source = footprintLayer.getSource()
    source?.clear()
    if (!footprints.data) return
    const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: MAP_PROJECTION })
    source?.addFeatures(format.readFeatures({ type: 'FeatureCollection', features: footprints.data.features }))
    // the registered footprints in view (a province's are small on a map of China)
    const extent = source?.getExtent()
    if (map && extent && source && source.getFeatures().length > 0)
      map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 8, duration: 0 })
  }, [footprints.data, footprintLayer, map])

  async function send(dryRun: boolean) {
    if (!file) return
    setBusy(true)
    setUploadError(null)
    setReport(null)
    try {
      const answer = await uploadLocalImagery(file, dryRun)
      setReport(answer)
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: LOCAL_KEY })
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.data) setReport(error.data as LocalImageryReport)
      setUploadError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const columns: FigureColumn<LocalImagery>[] = [
    { key: 'name', title: t('localImagery.screen.name'), value: (r) => r.name },
    { key: 'kind', title: t('localImagery.screen.kind'), value: (r) => t(`localImagery.kind.${r.kind}`) },
    { key: 'acquiredOn', title: t('localImagery.screen.acquiredOn'), value: (r) => r.acquiredOn, sortable: true },
    { key: 'resolution', title: t('localImagery.screen.resolution'), value: (r) => r.resolutionM, sortable: true },
    { key: 'sensor', title: t('localImagery.screen.sensor'), value: (r) => r.sensor },
    { key: 'owner', title: t('localImagery.screen.owner'), value: (r) => r.ownerUnit },
    { key: 'licence', title: t('localImagery.screen.licence'), value: (r) => r.licence ?? '' },
    { key: 'area', title: t('localImagery.screen.area'), value: (r) => r.areaKm2, sortable: true },
    { key: 'region', title: t('localImagery.screen.region'), value: (r) => r.regionName },
    { key: 'createdBy', title: t('localImagery.screen.createdBy'), value: (r) => r.createdBy ?? '' },
    {
      key: 'upload',
      title: '',
      value: (r) => r.uploadId,
      render: (r) => (
        <Space size={4}>
          <Popconfirm
            title={t('localImagery.screen.deleteConfirm', { id: r.uploadId })}
            onConfirm={async () => {
              try {
                const { deleted } = await deleteLocalUpload(r.uploadId)
                notify.success(t('localImagery.screen.deleted', { count: deleted }))
                void queryClient.invalidateQueries({ queryKey: LOCAL_KEY })
              } catch (e) {
                notify.error(errorMessage(e))
              }
            }}
          >
            <Button size="small" type="link" danger title={t('localImagery.screen.deleteUpload')}>
              {t('localImagery.screen.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]

  return (
    <div className="page-container" data-testid="local-data" style={{ padding: '16px 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
        {t('localImagery.screen.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('localImagery.screen.intro')}</Typography.Paragraph>

      <section style={{ background: '#fff', padding: 16, borderRadius: 8, marginBottom: 16 }} aria-label={t('localImagery.screen.upload')}>
        <Typography.Title level={2} style={{ fontSize: 17, marginTop: 0 }}>
          {t('localImagery.screen.upload')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('localImagery.screen.uploadHelp')}
        </Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".zip,.geojson,.json,.kml,.xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f)
              setReport(null)
              setUploadError(null)
              return false
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="local-file">
              {file?.name ?? t('localImagery.screen.upload')}
            </Button>
          </Upload>
          <Button disabled={!file} loading={busy} onClick={() => send(true)} data-testid="local-check">
            {t('localImagery.screen.check')}
          </Button>
          <Button type="primary" disabled={!file} loading={busy} onClick={() => send(false)} data-testid="local-submit">
            {t('localImagery.screen.submit')}
          </Button>
        </Space>
        {report && report.rejected.length === 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="success"
            showIcon
            data-testid="local-report"
            title={t('localImagery.screen.reportOk', {
              file: report.fileName,
              accepted: report.accepted,
              stored: report.stored > 0 ? t('localImagery.screen.reportStored') : '',
            })}
          />
        )}
        {report && report.rejected.length > 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="local-report"
            title={uploadError ?? ''}
            description={
              <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
                {report.rejected.map((r) => (
                  <li key={r.row}>
                    {t('localImagery.screen.row', { row: r.row })}
                    {r.name ? punctuationNow().paren(r.name) : ''}
                    {punctuationNow().label('')}
                    {punctuationNow().clauses(r.reasons)}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {!report && uploadError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={uploadError} data-testid="local-error" />}
      </section>

      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 17, margin: 0 }}>
          {t('localImagery.screen.list')}
        </Typography.Title>
        {regionPicker(region, (code) => {
          setRegion(code)
        })}
        <Select
          allowClear
          aria-label={t('localImagery.screen.kind')}
          placeholder={t('localImagery.screen.allKinds')}
          value={kind}
          style={{ width: 120 }}
          options={LOCAL_IMAGERY_KINDS.map((k) => ({ value: k, label: t(`localImagery.kind.${k}`) }))}
          onChange={(v?: LocalImageryKind) => {
            setKind(v)
          }}
        />
        {list.data && (
          <Typography.Text data-testid="local-total">
            {t('localImagery.screen.total', { total: list.data.total, area: list.data.areaKm2.toFixed(2) })}
          </Typography.Text>
        )}
        {imageryLayer && (
          <Checkbox checked={showImagery} onChange={(e) => setShowImagery(e.target.checked)}>
            {t('localImagery.screen.aerospaceLayer')}
          </Checkbox>
        )}
        {cityEyeUrl && (
          <a href={cityEyeUrl} target="_blank" rel="noreferrer" data-testid="city-eye">
            {t('localImagery.screen.cityEye')}
          </a>
        )}
      </Space>
      {list.error && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Suspense
        fallback={
          <div style={{ height: 420 }}>
            <PageSpinner />
          </div>
        }
      >
        <MapView
          tiandituKey={tiandituKey}
          region={region ?? null}
          overlays={imageryLayer ? [imageryLayer, footprintLayer] : [footprintLayer]}
          onMapReady={setMap}
          height={420}
        />
      </Suspense>
      <div style={{ marginTop: 16 }}>
        <Figure
          table={{
            columns,
            rows: list.data?.list ?? [],
            rowKey: (r) => String(r.id),
            loading: list.isFetching,
            pageSize: 20,
          }}
          exports={['csv', 'xlsx']}
          fileName={[t('localImagery.screen.fileName', { region: region ?? '' })]}
          exportTitle={t('localImagery.screen.title')}
          testIds={{ prefix: 'local' }}
        />
      </div>
      {list.data && list.data.total === 0 && <Tag>{t('localImagery.screen.empty')}</Tag>}
    </div>
  )
}
