import { AimOutlined, BorderOutlined } from '@ant-design/icons'
import { type SceneArea, type SceneFilters, WHOLE_COUNTRY_CODE } from '@rs/shared'
import { Button, Space, Typography } from 'antd'
import type { Geometry } from 'geojson'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { PageSpinner } from '../../components/page-spinner'
import { fetchAoi } from '../../features/aoi/api/fetch-aoi'
import { AoiUpload } from '../../features/aoi/components/aoi-upload'
import { DrawToolbar } from '../../features/aoi/components/draw-toolbar'
import { SelectModeTabs } from '../../features/aoi/components/select-mode-tabs'
import { SELECT_MODE, type SelectMode, selectedGeometry, selectedSceneArea, useSelectStore } from '../../features/aoi/state/select-store'
import { useSceneDetail } from '../../features/archive/api/fetch-scene-detail'
import { useFootprintTiles } from '../../features/archive/api/footprint-tiles'
import { useSceneCoverage } from '../../features/archive/api/scene-coverage'
import { useSearchScenes } from '../../features/archive/api/search-scenes'
import { ArchiveSidebar } from '../../features/archive/components/archive-sidebar'
import { CoveragePanel } from '../../features/archive/components/coverage-panel'
import { FileListUpload } from '../../features/archive/components/file-list-upload'
import { FilterPanel } from '../../features/archive/components/filter-panel'
import { ResultPanel, SEARCH_START_MARK } from '../../features/archive/components/result-panel'
import { SceneDrawer } from '../../features/archive/components/scene-drawer'
import { useResultStore } from '../../features/archive/state/result-store'
import { useArchiveMap } from '../../features/archive/state/use-archive-map'
import { queryBodyOf, useArchiveSearch } from '../../features/archive/state/use-archive-search'
import { ARCHIVE_TAB, type ArchiveSort, areaKey, DEFAULT_PAGE } from '../../features/archive/url-state'
import { useRegionDetail } from '../../features/region/api/fetch-region-detail'
import { RegionPicker } from '../../features/region/components/region-picker'
import { useSiteConfig } from '../../features/site/api/fetch-site-config'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { notify } from '../../lib/notify'
import { usesFootprintTiles } from '../../map/footprint-tiles'
import type { MapViewHandle } from '../../map/map-view'
import { geometryBBox } from '../../map/quicklook-layer'
import type { ScreenProps } from '../screen-props'

// OpenLayers stays out of every chunk but this screen's map
const MapView = lazy(() => import('../../map/map-view'))

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const MODE_OF: Record<SceneArea['mode'], SelectMode> = {
  region: SELECT_MODE.REGION,
  extent: SELECT_MODE.EXTENT,
  shp: SELECT_MODE.SHP,
  draw: SELECT_MODE.DRAW,
  file: SELECT_MODE.FILE,
}

/** Puts an area read from the address into the select store; SHP areas are fetched (their outline is shown). */
async function hydrateArea(area: SceneArea): Promise<void> {
  const store = useSelectStore.getState()
  store.setSelectMode(MODE_OF[area.mode])
  if (area.mode === 'region') store.setRegion(area.regionCode)
  else if (area.mode === 'extent') store.setExtent(area.bbox)
  else if (area.mode === 'draw') store.setDrawn(area.geometry as Geometry)
  else if (area.mode === 'file') store.setFileList({ uploadId: area.uploadId, report: null })
  else {
    try {
      useSelectStore.getState().setShp(await fetchAoi(area.uploadId))
    } catch {
      // gone or expired: the area stays empty and the address follows
    }
  }
}

/**
 * 影像查询 (normal): the sidebar of SPEC §4 (SELECT: area by region, map extent, shapefile, drawing or
 * FILE list, then the filters; RESULT: the list; COVERAGE: the analysis) beside the map with the
 * area, the footprints, the opened quicklook and the coverage gaps. The whole query lives in the
 * address (features/archive/url-state.ts). An automatic login with code 2 brings a geojsonId,
 * opened here as the uploaded area.
 */
/** The area of an address that names none: the select store's first area, the whole country. */
const DEFAULT_AREA: SceneArea = { mode: 'region', regionCode: WHOLE_COUNTRY_CODE }

export default function NormalScreen(_props: ScreenProps) {
  const t = useT()
  const site = useSiteConfig()
  const mapRef = useRef<MapViewHandle>(null)
  const state = useSelectStore()
  const location = useLocation()
  const [params] = useSearchParams()
  const geojsonId = (location.state as { geojsonId?: string } | null)?.geojsonId ?? params.get('geojsonId')
  const { search, update } = useArchiveSearch()
  const clearResults = useResultStore((s) => s.clear)
  const checkedIds = useResultStore((s) => s.checkedIds)
  const activeId = useResultStore((s) => s.activeId)
  const activate = useResultStore((s) => s.activate)

  // the address's area goes into the select store once, before the store's area is written back;
  // an address without an area has nothing to wait for (and the first render needs no second one)
  const [hydrated, setHydrated] = useState(() => !search.area)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the address of the first render
  useEffect(() => {
    let live = true
    if (!search.area) {
      setHydrated(true)
      return
    }
    void hydrateArea(search.area).finally(() => live && setHydrated(true))
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    if (!geojsonId || !UUID.test(geojsonId)) return
    void fetchAoi(geojsonId)
      .then((aoi) => {
        useSelectStore.getState().setSelectMode(SELECT_MODE.SHP)
        useSelectStore.getState().setShp(aoi)
      })
      .catch(() => undefined)
  }, [geojsonId])

  // SPEC §4: a new mode, region or extent clears the results (the address keeps the new area)
  const storeArea = selectedSceneArea(state)
  const storeAreaKey = areaKey(storeArea)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the area
  useEffect(() => {
    // an address without an area stands for the default one (全国): opening /normal rewrites nothing
    if (!hydrated || storeAreaKey === areaKey(search.area ?? DEFAULT_AREA)) return
    clearResults()
    update({ area: storeArea, run: false, page: DEFAULT_PAGE }, { replace: true })
  }, [hydrated, storeAreaKey])

  const storeAreaRef = useRef(storeArea)
  storeAreaRef.current = storeArea
  const handleSearch = useCallback(
    (filters: SceneFilters, sort: ArchiveSort) => {
      performance.clearMarks(SEARCH_START_MARK)
      performance.mark(SEARCH_START_MARK)
      clearResults()
      update({ area: storeAreaRef.current, filters, sort, page: DEFAULT_PAGE, run: true, tab: ARCHIVE_TAB.RESULT })
    },
    [clearResults, update],
  )

  const query = hydrated ? queryBodyOf(search) : null
  const results = useSearchScenes(query)
  const scenes = results.data?.list ?? []
  // past a page's worth of matches, every matching footprint comes as vector tiles under the page's own
  const tiles = useFootprintTiles(query, results.data?.total)
  const coverage = useSceneCoverage(query, checkedIds, search.tab === ARCHIVE_TAB.COVERAGE)
  // a refused search or analysis: the server's Chinese message, once per failure
  useEffect(() => {
    if (results.error) notify.error(errorMessage(results.error))
  }, [results.error])
  useEffect(() => {
    if (coverage.error) notify.error(errorMessage(coverage.error))
  }, [coverage.error])
  const listed = scenes.find((s) => s.id === activeId)
  const detail = useSceneDetail(activeId, listed)
  const activeScene = detail.data ?? listed
  const mapLayers = useArchiveMap({
    scenes: query ? scenes : [],
    tilesUrl: query && tiles.data && usesFootprintTiles(results.data?.total) ? tiles.data.tiles : null,
    activeScene: query ? activeScene : undefined,
    gaps: search.tab === ARCHIVE_TAB.COVERAGE && query ? ((coverage.data?.gaps as Geometry | null | undefined) ?? null) : null,
  })

  const area = selectedGeometry(state)
  const mode = state.selectMode
  const region = useRegionDetail(mode === SELECT_MODE.REGION ? state.regionCode : undefined)

  const selectedText = (() => {
    if (mode === SELECT_MODE.REGION) {
      if (state.regionCode === WHOLE_COUNTRY_CODE) return t('picker.country')
      // the name from the region API (full name: 省 市 县); while it loads, or if it fails, nothing rather than a code
      return region.data?.code === state.regionCode ? region.data.fullName || region.data.name : ''
    }
    if (mode === SELECT_MODE.FILE)
      return state.fileList ? (state.fileList.report?.fileName ?? t('aoi.select.modes.file')) : t('aoi.select.noArea')
    if (!area) return t('aoi.select.noArea')
    if (mode === SELECT_MODE.SHP) return state.shp?.name ?? ''
    if (mode === SELECT_MODE.EXTENT) return t('aoi.select.extentShort')
    return t('aoi.select.drawn')
  })()

  const clear = () => {
    mapRef.current?.clearDraw()
    state.clearArea()
  }

  // EXTENT mode: the map view, or a box dragged on the map
  const [boxing, setBoxing] = useState(false)
  useEffect(() => {
    if (mode !== SELECT_MODE.EXTENT) setBoxing(false)
  }, [mode])
  const drawKind = mode === SELECT_MODE.DRAW ? state.drawType : boxing ? 'rectangle' : null
  const onDrawEnd = (geometry: Geometry) => {
    if (mode !== SELECT_MODE.EXTENT) {
      state.setDrawn(geometry)
      return
    }
    const bbox = geometryBBox(geometry as { coordinates: unknown })
    const r = (n: number) => Math.round(n * 1e6) / 1e6
    if (bbox) state.setExtent([r(bbox[0]), r(bbox[1]), r(bbox[2]), r(bbox[3])])
    setBoxing(false)
    mapRef.current?.clearDraw()
  }

  const selectTab = (
    <div data-testid="select-tab">
      <SelectModeTabs value={mode} onChange={state.setSelectMode} />
      <div style={{ marginTop: 12 }} data-testid="select-panel">
        {mode === SELECT_MODE.REGION && <RegionPicker value={state.regionCode} onChange={state.setRegion} />}
        {mode === SELECT_MODE.EXTENT && (
          <>
            <Space wrap>
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
              <Button
                icon={<BorderOutlined />}
                type={boxing ? 'primary' : 'default'}
                onClick={() => setBoxing(!boxing)}
                data-testid="extent-box"
              >
                {t('archivePage.extentBox')}
              </Button>
            </Space>
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
        {mode === SELECT_MODE.FILE && <FileListUpload value={state.fileList} onUploaded={state.setFileList} />}
      </div>
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }} data-testid="selected-area">
        {t('map.selectedArea')}：{selectedText}
      </Typography.Paragraph>
      <FilterPanel filters={search.filters} sort={search.sort} hasArea={storeArea !== null} onSearch={handleSearch} />
    </div>
  )

  const answer = query ? results.data : undefined
  return (
    <div
      className="normal-screen"
      data-testid="normal-screen"
      style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <ArchiveSidebar
        tab={search.tab}
        onTab={(tab) => update({ tab })}
        resultCount={answer ? `${answer.totalExact ? '' : '~'}${answer.total}` : undefined}
        select={selectTab}
        result={
          <ResultPanel
            query={query}
            answer={answer}
            isFetching={results.isFetching}
            error={results.error}
            onPage={(page) => update({ page })}
            onSort={(sort) => update({ sort, page: { ...search.page, pageNum: 1 } })}
          />
        }
        coverage={
          <CoveragePanel
            hasQuery={query !== null}
            answer={coverage.data}
            isFetching={coverage.isFetching}
            error={coverage.error}
            checkedCount={checkedIds.length}
          />
        }
      />
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <div style={{ marginBottom: 8 }}>
          <DrawToolbar active={mode === SELECT_MODE.DRAW ? state.drawType : null} onChoose={state.chooseDrawType} onClear={clear} />
        </div>
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
            region={mode === SELECT_MODE.REGION ? state.regionCode : null}
            area={area}
            fitArea={mode === SELECT_MODE.SHP}
            drawKind={drawKind}
            onDrawEnd={onDrawEnd}
            overlays={mapLayers.overlays}
            onMapReady={mapLayers.onMapReady}
            height={680}
          />
        </Suspense>
      </div>
      <SceneDrawer scene={activeScene} open={activeId !== null} onClose={() => activate(null)} />
    </div>
  )
}
