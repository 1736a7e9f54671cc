import { AimOutlined, InfoCircleOutlined } from '@ant-design/icons'
import { WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Alert, Button, Card, Typography } from 'antd'
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { fetchAoi } from '../../features/aoi/api/fetch-aoi'
import { AoiUpload } from '../../features/aoi/components/aoi-upload'
import { DrawToolbar } from '../../features/aoi/components/draw-toolbar'
import { SelectModeTabs } from '../../features/aoi/components/select-mode-tabs'
import { SELECT_MODE, selectedGeometry, useSelectStore } from '../../features/aoi/state/select-store'
import { useRegionDetail } from '../../features/region/api/fetch-region-detail'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { useT } from '../../lib/i18n'
import type { MapViewHandle } from '../../map/map-view'
import type { ScreenProps } from '../screen-props'

// OpenLayers stays out of every chunk but this screen's map
const MapView = lazy(() => import('../../map/map-view'))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * 影像查询 (normal), first part: choosing the query area by region, map extent, uploaded file or
 * drawing (SPEC §4 select modes), shown on the map. The imagery search itself comes next; the
 * page says so. An automatic login with code 2 brings a geojsonId, opened here as the uploaded area.
 */
export default function NormalScreen(_props: ScreenProps) {
  const t = useT()
  const site = useSiteConfig()
  const mapRef = useRef<MapViewHandle>(null)
  const state = useSelectStore()
  const location = useLocation()
  const [params] = useSearchParams()
  const geojsonId = (location.state as { geojsonId?: string } | null)?.geojsonId ?? params.get('geojsonId')

  useEffect(() => {
    if (!geojsonId || !UUID.test(geojsonId)) return
    void fetchAoi(geojsonId)
      .then((aoi) => {
        useSelectStore.getState().setSelectMode(SELECT_MODE.SHP)
        useSelectStore.getState().setShp(aoi)
      })
      .catch(() => undefined)
  }, [geojsonId])

  const area = selectedGeometry(state)
  const mode = state.selectMode
  const region = useRegionDetail(mode === SELECT_MODE.REGION ? state.regionCode : undefined)

  const selectedText = (() => {
    if (mode === SELECT_MODE.REGION) {
      if (state.regionCode === WHOLE_COUNTRY_CODE) return t('picker.country')
      // the name from the region API (full name: 省 市 县); while it loads, or if it fails, nothing rather than a code
      return region.data?.code === state.regionCode ? region.data.fullName || region.data.name : ''
    }
    if (!area) return t('aoi.select.noArea')
    if (mode === SELECT_MODE.SHP) return state.shp?.name ?? ''
    if (mode === SELECT_MODE.EXTENT) return t('aoi.select.extentShort')
    return t('aoi.select.drawn')
  })()

  const clear = () => {
    mapRef.current?.clearDraw()
    state.clearArea()
  }

  return (
    <div
      className="normal-screen"
      data-testid="normal-screen"
      style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Card
        style={{ width: 440, flex: '0 0 440px' }}
        title={
          <span>
            <AimOutlined /> {t('aoi.select.title')}
          </span>
        }
      >
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          title={t('aoi.select.comingNext')}
          style={{ marginBottom: 16 }}
          data-testid="normal-coming-next"
        />
        <SelectModeTabs value={mode} onChange={state.setSelectMode} />
        <div style={{ marginTop: 16 }} data-testid="select-panel">
          {mode === SELECT_MODE.REGION && <RegionPicker value={state.regionCode} onChange={state.setRegion} />}
          {mode === SELECT_MODE.EXTENT && (
            <>
              <Button
                icon={<AimOutlined />}
                data-testid="use-extent"
                onClick={() => {
                  const bbox = mapRef.current?.visibleBBox()
                  if (bbox) state.setExtent(bbox)
                }}
              >
                {t('aoi.select.useExtent')}
              </Button>
              {state.extent && (
                <Typography.Paragraph style={{ marginTop: 8, fontSize: 12 }} data-testid="extent-value">
                  {t('aoi.select.extentValue', {
                    minLon: state.extent[0].toFixed(4),
                    minLat: state.extent[1].toFixed(4),
                    maxLon: state.extent[2].toFixed(4),
                    maxLat: state.extent[3].toFixed(4),
                  })}
                </Typography.Paragraph>
              )}
            </>
          )}
          {mode === SELECT_MODE.SHP && <AoiUpload current={state.shp} onUploaded={state.setShp} />}
          {mode === SELECT_MODE.DRAW && (
            <Typography.Paragraph style={{ fontSize: 12, color: '#6b7280' }}>{t('map.drawHint')}</Typography.Paragraph>
          )}
          {mode === SELECT_MODE.FILE && (
            <Typography.Paragraph style={{ fontSize: 12, color: '#6b7280' }}>{t('aoi.select.fileModeNote')}</Typography.Paragraph>
          )}
        </div>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }} data-testid="selected-area">
          {t('map.selectedArea')}：{selectedText}
        </Typography.Paragraph>
      </Card>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <div style={{ marginBottom: 8 }}>
          <DrawToolbar active={mode === SELECT_MODE.DRAW ? state.drawType : null} onChoose={state.chooseDrawType} onClear={clear} />
        </div>
        <Suspense
          fallback={
            <div style={{ height: 600 }}>
              <PageSpinner />
            </div>
          }
        >
          <MapView
            ref={mapRef}
            tiandituKey={site.data?.tiandituKey ?? ''}
            region={mode === SELECT_MODE.REGION ? state.regionCode : null}
            area={area}
            fitArea={mode === SELECT_MODE.SHP}
            drawKind={mode === SELECT_MODE.DRAW ? state.drawType : null}
            onDrawEnd={state.setDrawn}
            height={600}
          />
        </Suspense>
      </div>
    </div>
  )
}
