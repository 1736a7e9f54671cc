import { AimOutlined } from '@ant-design/icons'
import { ORBIT_LIMITS, type OrbitArea, type PassQuery, PERMISSION } from '@rs/shared'
import { Button, Card, Space, Tabs, Typography } from 'antd'
import type { Geometry } from 'geojson'
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react'
import { useNavigate } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { AoiUpload } from '../../features/aoi/components/aoi-upload'
import { DrawToolbar } from '../../features/aoi/components/draw-toolbar'
import { SelectModeTabs } from '../../features/aoi/components/select-mode-tabs'
import { SELECT_MODE, selectedGeometry, useSelectStore } from '../../features/aoi/state/select-store'
import { ARCHIVE_TAB, DEFAULT_FILTERS, DEFAULT_PAGE, DEFAULT_SORT, writeSearch } from '../../features/archive/url-state'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { useOrbitElements, usePrediction, usePredictPasses } from '../../features/orbit/api/orbit-api'
import { useOrbitAreaGeometry } from '../../features/orbit/api/orbit-area'
import { OrbitResultPanel, PassFramesList } from '../../features/orbit/components/orbit-result-panel'
import { OrbitSelectPanel } from '../../features/orbit/components/orbit-select-panel'
import { TleUpload } from '../../features/orbit/components/tle-upload'
import { ORBIT_TAB, type OrbitTab, useOrbitStore } from '../../features/orbit/state/orbit-store'
import { useOrbitMap } from '../../features/orbit/state/use-orbit-map'
import { type ChosenPassFrames, framesOfPass, sceneAreaOf } from '../../features/orbit/utils/pass-frames'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { notify } from '../../lib/notify'
import type { MapViewHandle } from '../../map/map-view'
import type { ScreenProps } from '../screen-props'

const MapView = lazy(() => import('../../map/map-view'))

const ORBIT_MODES = [SELECT_MODE.REGION, SELECT_MODE.EXTENT, SELECT_MODE.SHP, SELECT_MODE.DRAW] as const

/**
 * 轨道预测 (OrbitalPredict, login required): the SELECT and RESULT tabs of SPEC §4 beside the map.
 * The area comes from the shared area-select widget (region, map extent, shapefile, drawing) or a
 * point of interest; the passes, their tracks and swaths and the live positions from features/orbit.
 */
export default function OrbitalPredictScreen(_props: ScreenProps) {
  const t = useT()
  const site = useSiteConfig()
  const mapRef = useRef<MapViewHandle>(null)
  const area = useSelectStore()
  const orbit = useOrbitStore()
  const elements = useOrbitElements()
  const predict = usePredictPasses()
  const prediction = usePrediction(orbit.orbitalPredictId)
  const mode = area.selectMode
  const navigate = useNavigate()
  const isAdmin = useAuthStore((s) => s.user?.permissions.includes(PERMISSION.systemAdmin) ?? false)

  // the archive's FILE mode means nothing here
  useEffect(() => {
    if (mode === SELECT_MODE.FILE) area.setSelectMode(SELECT_MODE.REGION)
  }, [mode, area])

  const geometry = selectedGeometry(area)
  const orbitArea: OrbitArea | null = (() => {
    if (orbit.areaKind === 'poi') return orbit.poi ? { type: 'Point', coordinates: orbit.poi } : null
    if (mode === SELECT_MODE.REGION) return { regionCode: area.regionCode }
    if (mode === SELECT_MODE.SHP) return area.shp ? { uploadId: area.shp.uploadId } : null
    if (geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')) return geometry as OrbitArea
    return null
  })()

  const handleStart = () => {
    const { params } = orbit
    if (!orbitArea || !params.start || !params.end) return
    const body: PassQuery = {
      satellites: params.satellites,
      start: params.start,
      end: params.end,
      area: orbitArea,
      ...(params.maxRollDeg !== null ? { maxRollDeg: params.maxRollDeg } : {}),
      ...(params.minSunElevationDeg !== null ? { minSunElevationDeg: params.minSunElevationDeg } : {}),
    }
    orbit.start()
    predict.mutate(body, {
      onSuccess: (answer) => orbit.finish(answer.id),
      onError: (error) => {
        orbit.fail()
        notify.error(errorMessage(error))
      },
    })
  }

  const data = prediction.data
  // the 3D page is one click away from a result: its code (CesiumJS) is fetched while the person reads the list
  useEffect(() => {
    if (!data) return
    const timer = setTimeout(() => void import('../../features/orbit/components/orbit-globe-screen').catch(() => undefined), 1500)
    return () => clearTimeout(timer)
  }, [data])
  const passes = orbit.tab === ORBIT_TAB.RESULT && data ? data.passes : []
  // live: the satellites of the result (with their widest swath), or those chosen before a prediction
  const live = useMemo(() => {
    if (data && orbit.tab === ORBIT_TAB.RESULT) {
      const widest = new Map<number, { label: string; half: number }>()
      for (const p of data.passes)
        widest.set(p.noradId, { label: p.satellite, half: Math.max(widest.get(p.noradId)?.half ?? 0, p.swathKm / 2) })
      return [...widest.entries()].map(([noradId, w]) => ({ noradId, label: w.label, halfSwathKm: w.half }))
    }
    const chosen = new Set(orbit.params.satellites)
    return (elements.data ?? [])
      .filter((e) => chosen.has(e.slug) && e.ageDays <= ORBIT_LIMITS.maxDaysFromEpoch)
      .map((e) => ({ noradId: e.noradId, label: e.satellite, halfSwathKm: (e.swathKm ?? 0) / 2 }))
  }, [data, orbit.tab, orbit.params.satellites, elements.data])
  // the chosen pass's frames: the scenes it would take over the prediction's area
  const areaGeometry = useOrbitAreaGeometry(data?.query.area)
  const chosen = orbit.selectedPass !== null ? passes[orbit.selectedPass] : undefined
  const frames = useMemo((): ChosenPassFrames | null => {
    const tle = chosen && elements.data?.find((e) => e.noradId === chosen.noradId)
    if (!chosen || !tle || !areaGeometry.data) return null
    try {
      return framesOfPass(chosen, tle, areaGeometry.data)
    } catch {
      return null
    }
  }, [chosen, elements.data, areaGeometry.data])
  const archiveCode = chosen ? elements.data?.find((e) => e.noradId === chosen.noradId)?.archiveCode : undefined
  // the satellite's archived scenes of the area: the image search, already run on its RESULT tab
  const archivePath =
    archiveCode && data
      ? `/normal?${writeSearch({
          area: sceneAreaOf(data.query.area),
          filters: { ...DEFAULT_FILTERS, satellites: [archiveCode] },
          sort: DEFAULT_SORT,
          page: DEFAULT_PAGE,
          tab: ARCHIVE_TAB.RESULT,
          run: true,
        }).toString()}`
      : null
  const mapLayers = useOrbitMap({
    passes,
    elements: elements.data ?? [],
    hidden: orbit.hiddenSatellites,
    vectorType: orbit.vectorType,
    selectedPass: orbit.selectedPass,
    live,
    poi: orbit.areaKind === 'poi' ? orbit.poi : null,
    frames,
  })

  const drawKind = mode === SELECT_MODE.DRAW ? area.drawType : null
  const areaWidget = (
    <div data-testid="orbit-area">
      <SelectModeTabs value={mode} onChange={area.setSelectMode} modes={ORBIT_MODES} />
      <div style={{ marginTop: 8 }}>
        {mode === SELECT_MODE.REGION && <RegionPicker value={area.regionCode} onChange={area.setRegion} />}
        {mode === SELECT_MODE.EXTENT && (
          <Button
            icon={<AimOutlined />}
            size="small"
            onClick={() => {
              const bbox = mapRef.current?.visibleBBox()
              if (bbox) area.setExtent(bbox)
            }}
          >
            {t('aoi.select.useExtent')}
          </Button>
        )}
        {mode === SELECT_MODE.SHP && <AoiUpload current={area.shp} onUploaded={area.setShp} />}
        {mode === SELECT_MODE.DRAW && <Typography.Text type="secondary">{t('map.drawHint')}</Typography.Text>}
      </div>
    </div>
  )

  return (
    <div
      data-testid="orbit-screen"
      data-live-count={live.length}
      style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Card style={{ width: 560, flex: '0 0 560px', maxWidth: '100%' }} styles={{ body: { padding: '8px 16px 16px' } }}>
        <Tabs
          activeKey={String(orbit.tab)}
          onChange={(key) => orbit.setTab(Number(key) as OrbitTab)}
          data-testid="orbit-tabs"
          items={[
            {
              key: String(ORBIT_TAB.SELECT),
              label: t('orbit.tab.select'),
              children: (
                <>
                  <OrbitSelectPanel areaWidget={areaWidget} hasArea={orbitArea !== null} onStart={handleStart} />
                  {isAdmin && <TleUpload />}
                </>
              ),
            },
            {
              key: String(ORBIT_TAB.RESULT),
              label: data ? `${t('orbit.tab.result')} (${data.passes.length})` : t('orbit.tab.result'),
              disabled: orbit.orbitalPredictId === null,
              children: <OrbitResultPanel prediction={data} isLoading={prediction.isLoading} onOpen3d={() => navigate('/orbit3d')} />,
            },
          ]}
        />
      </Card>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <Space style={{ marginBottom: 8 }}>
          <DrawToolbar
            active={drawKind}
            onChoose={area.chooseDrawType}
            onClear={() => {
              mapRef.current?.clearDraw()
              area.clearArea()
            }}
          />
        </Space>
        <Suspense
          fallback={
            <div style={{ height: 680 }}>
              <PageSpinner />
            </div>
          }
        >
          <MapView
            ref={mapRef}
            tiandituKey={site.data?.tiandituKey ?? ''}
            region={orbit.areaKind === 'area' && mode === SELECT_MODE.REGION ? area.regionCode : null}
            area={orbit.areaKind === 'area' ? (geometry as Geometry | null) : null}
            fitArea={mode === SELECT_MODE.SHP}
            drawKind={orbit.areaKind === 'area' ? drawKind : null}
            onDrawEnd={(g) => area.setDrawn(g)}
            overlays={mapLayers.overlays}
            onMapReady={mapLayers.onMapReady}
            height={680}
          />
        </Suspense>
        {chosen && <PassFramesList frames={frames} loading={frames === null && areaGeometry.isLoading} archivePath={archivePath} />}
      </div>
    </div>
  )
}
