import { type SceneArea, type SceneFilters, WHOLE_COUNTRY_CODE } from '@rs/shared'
import type { Geometry } from 'geojson'
import { useCallback, useEffect, useRef } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { notify } from '../../../lib/notify'
import { usesFootprintTiles } from '../../../map/footprint-tiles'
import { useSceneDetail } from '../api/fetch-scene-detail'
import { useFootprintTiles } from '../api/footprint-tiles'
import { useSceneCoverage } from '../api/scene-coverage'
import { useSearchScenes } from '../api/search-scenes'
import { SEARCH_START_MARK } from '../components/result-panel'
import { ARCHIVE_TAB, type ArchiveSort, areaKey, DEFAULT_PAGE } from '../url-state'
import { useResultStore } from './result-store'
import { useArchiveMap } from './use-archive-map'
import { queryBodyOf, useArchiveSearch } from './use-archive-search'

/** The area of an address that names none: the select store's first area, the whole country. */
const DEFAULT_AREA: SceneArea = { mode: 'region', regionCode: WHOLE_COUNTRY_CODE }

/**
 * 影像查询 (normal) as one hook: the address's query, the chosen area written back to it, the search,
 * footprint tiles, coverage analysis, the opened scene and the map layers. `area` is the area chosen on
 * the screen; `isAreaReady` false holds everything back until the address's own area is in place.
 */
export function useArchiveScreen(area: SceneArea | null, isAreaReady: boolean) {
  const { search, update } = useArchiveSearch()
  const clearResults = useResultStore((s) => s.clear)
  const checkedIds = useResultStore((s) => s.checkedIds)
  const activeId = useResultStore((s) => s.activeId)
  const activate = useResultStore((s) => s.activate)

  // SPEC §4: a new mode, region or extent clears the results (the address keeps the new area)
  const key = areaKey(area)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the area
  useEffect(() => {
    // an address without an area stands for the default one (全国): opening /normal rewrites nothing
    if (!isAreaReady || key === areaKey(search.area ?? DEFAULT_AREA)) return
    clearResults()
    update({ area, run: false, page: DEFAULT_PAGE }, { replace: true })
  }, [isAreaReady, key])

  const areaRef = useRef(area)
  areaRef.current = area
  const handleSearch = useCallback(
    (filters: SceneFilters, sort: ArchiveSort) => {
      performance.clearMarks(SEARCH_START_MARK)
      performance.mark(SEARCH_START_MARK)
      clearResults()
      update({ area: areaRef.current, filters, sort, page: DEFAULT_PAGE, run: true, tab: ARCHIVE_TAB.RESULT })
    },
    [clearResults, update],
  )

  const query = isAreaReady ? queryBodyOf(search) : null
  const results = useSearchScenes(query)
  const scenes = results.data?.list ?? []
  // past a page's worth of matches, every matching footprint comes as vector tiles under the page's own
  const tiles = useFootprintTiles(query, results.data?.total)
  const isCoverageTab = search.tab === ARCHIVE_TAB.COVERAGE
  // a FILE list has no area to analyse: the tab says so (a note, not a refusal) and asks nothing
  const isFileList = query?.area.mode === 'file'
  const coverage = useSceneCoverage(query, checkedIds, isCoverageTab && !isFileList)
  const coverageAnswer = isCoverageTab && query && !isFileList ? coverage.data : undefined
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
    gaps: (coverageAnswer?.gaps as Geometry | null | undefined) ?? null,
    fitBBox: coverageAnswer?.aoiBBox ?? null,
  })

  const answer = query ? results.data : undefined
  return {
    search,
    update,
    query,
    results,
    answer,
    /** The RESULT tab's count: exact, or ~ an estimate. */
    resultCount: answer ? `${answer.totalExact ? '' : '~'}${answer.total}` : undefined,
    coverage,
    /** The search is a FILE list: no area, so no coverage analysis. */
    isFileList,
    checkedCount: checkedIds.length,
    activeScene,
    isSceneOpen: activeId !== null,
    closeScene: () => activate(null),
    mapLayers,
    handleSearch,
  }
}
