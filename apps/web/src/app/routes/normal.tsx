import { PERMISSION } from '@rs/shared'
import { ArchiveSidebar } from '../../features/archive/components/archive-sidebar'
import { CoveragePanel } from '../../features/archive/components/coverage-panel'
import { FilterPanel } from '../../features/archive/components/filter-panel'
import { ResultPanel } from '../../features/archive/components/result-panel'
import { SceneDrawer } from '../../features/archive/components/scene-drawer'
import { useArchiveScreen } from '../../features/archive/state/use-archive-screen'
import { useArchiveSearch } from '../../features/archive/state/use-archive-search'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { PushCheckedButton } from '../../features/push/components/push-checked-button'
import { AreaSelectMap, AreaSelectPanel, useAreaSelect, useLinkedUploadId } from '../../widgets/area-select'
import type { ScreenProps } from '../screen-props'

/**
 * 影像查询 (normal): the sidebar of SPEC §4 (SELECT: area by region, map extent, shapefile, drawing or
 * FILE list, then the filters; RESULT: the list; COVERAGE: the analysis) beside the map with the
 * area, the footprints, the opened quicklook and the coverage gaps. The whole query lives in the
 * address (features/archive/url-state.ts). An automatic login with code 2 brings a geojsonId,
 * opened here as the uploaded area. An administrator may push the checked scenes to a push node.
 */
export default function NormalScreen(_props: ScreenProps) {
  const addressArea = useArchiveSearch().search.area
  const linkedUploadId = useLinkedUploadId()
  const selection = useAreaSelect({ initialArea: addressArea, openUploadId: linkedUploadId })
  const archive = useArchiveScreen(selection.sceneArea, selection.isReady)
  const { search, update } = archive
  const isAdmin = useAuthStore((s) => s.user?.permissions.includes(PERMISSION.systemAdmin) ?? false)

  return (
    <div
      className="normal-screen"
      data-testid="normal-screen"
      style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <ArchiveSidebar
        tab={search.tab}
        onTab={(tab) => update({ tab })}
        resultCount={archive.resultCount}
        select={
          <div data-testid="select-tab">
            <AreaSelectPanel selection={selection} />
            <FilterPanel
              filters={search.filters}
              sort={search.sort}
              hasArea={selection.sceneArea !== null}
              onSearch={archive.handleSearch}
            />
          </div>
        }
        result={
          <ResultPanel
            query={archive.query}
            answer={archive.answer}
            isFetching={archive.results.isFetching}
            error={archive.results.error}
            onPage={(page) => update({ page })}
            onSort={(sort) => update({ sort, page: { ...search.page, pageNum: 1 } })}
            checkedActions={isAdmin ? (ids) => <PushCheckedButton sceneIds={ids} /> : undefined}
          />
        }
        coverage={
          <CoveragePanel
            hasQuery={archive.query !== null}
            isFileList={archive.isFileList}
            answer={archive.coverage.data}
            isFetching={archive.coverage.isFetching}
            error={archive.coverage.error}
            checkedCount={archive.checkedCount}
          />
        }
      />
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <AreaSelectMap selection={selection} overlays={archive.mapLayers.overlays} onMapReady={archive.mapLayers.onMapReady} />
      </div>
      <SceneDrawer scene={archive.activeScene} open={archive.isSceneOpen} onClose={archive.closeScene} />
    </div>
  )
}
