import { AimOutlined, BorderOutlined } from '@ant-design/icons'
import { punctuationNow, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Button, Space, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { PageSpinner } from '../../components/page-spinner'
import { AoiUpload } from '../../features/aoi/components/aoi-upload'
import { DrawToolbar } from '../../features/aoi/components/draw-toolbar'
import { SelectModeTabs } from '../../features/aoi/components/select-mode-tabs'
import { SELECT_MODE } from '../../features/aoi/state/select-store'
import { FileListUpload } from '../../features/archive/components/file-list-upload'
import { useRegionDetail } from '../../features/region/api/fetch-region-detail'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { useT } from '../../lib/i18n'
import type { MapViewProps } from '../../map/map-view'
import { TypedExtent } from './typed-extent'
import type { AreaSelection } from './use-area-select'

// OpenLayers stays out of every chunk but the map's own
const MapView = lazy(() => import('../../map/map-view'))

/** The chosen area in words: the region's full name, the file's or upload's name, or what kind of area it is. */
function useSelectedText({ store, mode, geometry }: AreaSelection): string {
  const t = useT()
  const region = useRegionDetail(mode === SELECT_MODE.REGION ? store.regionCode : undefined)
  if (mode === SELECT_MODE.REGION) {
    if (store.regionCode === WHOLE_COUNTRY_CODE) return t('picker.country')
    // the name from the region API (full name: 省 市 县); while it loads, or if it fails, nothing rather than a code
    return region.data?.code === store.regionCode ? region.data.fullName || region.data.name : ''
  }
  if (mode === SELECT_MODE.FILE)
    return store.fileList ? (store.fileList.report?.fileName ?? t('aoi.select.modes.file')) : t('aoi.select.noArea')
  if (!geometry) return t('aoi.select.noArea')
  if (mode === SELECT_MODE.SHP) return store.shp?.name ?? ''
  if (mode === SELECT_MODE.EXTENT) return t('aoi.select.extentShort')
  return t('aoi.select.drawn')
}

/** EXTENT mode: the map's view or a box dragged on it, and the chosen extent in degrees. */
function ExtentChoice({ selection }: { selection: AreaSelection }) {
  const t = useT()
  const { extent } = selection.store
  return (
    <>
      <Space wrap>
        <Button icon={<AimOutlined />} data-testid="use-extent" onClick={selection.takeMapExtent}>
          {t('aoi.select.useExtent')}
        </Button>
        <Button
          icon={<BorderOutlined />}
          type={selection.isBoxing ? 'primary' : 'default'}
          onClick={() => selection.setBoxing(!selection.isBoxing)}
          data-testid="extent-box"
        >
          {t('archivePage.extentBox')}
        </Button>
      </Space>
      {extent && (
        <Typography.Paragraph style={{ marginTop: 8, fontSize: 12 }} data-testid="extent-value">
          {t('aoi.select.extentValue', {
            minLon: extent[0].toFixed(4),
            minLat: extent[1].toFixed(4),
            maxLon: extent[2].toFixed(4),
            maxLat: extent[3].toFixed(4),
          })}
        </Typography.Paragraph>
      )}
      <TypedExtent extent={extent} onChoose={selection.chooseExtent} />
    </>
  )
}

/**
 * The area select of SPEC §4: the mode switch (region, map extent, shapefile, drawing, FILE list, or the
 * modes the screen offers), the chosen mode's input and the chosen area in words.
 */
export function AreaSelectPanel({ selection, testId = 'area-select' }: { selection: AreaSelection; testId?: string }) {
  const t = useT()
  const { store, mode } = selection
  const selectedText = useSelectedText(selection)
  return (
    <div data-testid={testId}>
      <SelectModeTabs value={mode} onChange={store.setSelectMode} modes={selection.modes} />
      <div style={{ marginTop: 12 }} data-testid="select-panel">
        {mode === SELECT_MODE.REGION && <RegionPicker value={store.regionCode} onChange={store.setRegion} />}
        {mode === SELECT_MODE.EXTENT && <ExtentChoice selection={selection} />}
        {mode === SELECT_MODE.SHP && <AoiUpload current={store.shp} onUploaded={store.setShp} />}
        {mode === SELECT_MODE.DRAW && (
          <Typography.Paragraph style={{ fontSize: 12, color: '#6b7280' }}>{t('map.drawHint')}</Typography.Paragraph>
        )}
        {mode === SELECT_MODE.FILE && <FileListUpload value={store.fileList} onUploaded={store.setFileList} />}
      </div>
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }} data-testid="selected-area">
        {punctuationNow().label(t('map.selectedArea'))}
        {selectedText}
      </Typography.Paragraph>
    </div>
  )
}

/** The draw tools above the map and the map itself (loaded lazily) with the chosen area and the screen's own layers. */
export function AreaSelectMap({
  selection,
  overlays,
  onMapReady,
  height = 680,
}: { selection: AreaSelection } & Pick<MapViewProps, 'overlays' | 'onMapReady' | 'height'>) {
  const site = useSiteConfig()
  const { store, mode } = selection
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        <DrawToolbar active={mode === SELECT_MODE.DRAW ? store.drawType : null} onChoose={store.chooseDrawType} onClear={selection.clear} />
      </div>
      <Suspense
        fallback={
          <div style={{ height }}>
            <PageSpinner />
          </div>
        }
      >
        <MapView
          {...selection.mapProps}
          tiandituKey={site.data?.tiandituKey ?? ''}
          overlays={overlays}
          onMapReady={onMapReady}
          height={height}
        />
      </Suspense>
    </>
  )
}
