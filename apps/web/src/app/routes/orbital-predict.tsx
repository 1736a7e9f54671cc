import { PERMISSION } from '@rs/shared'
import { Card, Tabs } from 'antd'
import { useNavigate } from 'react-router'
import { archiveSearchPath } from '../../features/archive/url-state'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { OrbitResultPanel, PassFramesList } from '../../features/orbit/components/orbit-result-panel'
import { OrbitSelectPanel } from '../../features/orbit/components/orbit-select-panel'
import { TleUpload } from '../../features/orbit/components/tle-upload'
import { ORBIT_TAB, type OrbitTab, useOrbitStore } from '../../features/orbit/state/orbit-store'
import { useOrbitScreen } from '../../features/orbit/state/use-orbit-screen'
import { useT } from '../../lib/i18n'
import { AreaSelectMap, AreaSelectPanel, SHAPE_MODES, useAreaSelect } from '../../widgets/area-select'
import type { ScreenProps } from '../screen-props'

/**
 * 轨道预测 (OrbitalPredict, login required): the SELECT and RESULT tabs of SPEC §4 beside the map.
 * The area comes from the shared area-select widget (region, map extent, shapefile, drawing) or a
 * point of interest; the passes, their tracks and swaths and the live positions from features/orbit.
 */
export default function OrbitalPredictScreen(_props: ScreenProps) {
  const t = useT()
  const navigate = useNavigate()
  const isAdmin = useAuthStore((s) => s.user?.permissions.includes(PERMISSION.systemAdmin) ?? false)
  const areaKind = useOrbitStore((s) => s.areaKind)
  const selection = useAreaSelect({ modes: SHAPE_MODES, isActive: areaKind === 'area' })
  const screen = useOrbitScreen(selection.sceneArea, selection.geometry)
  const { orbit, archiveLink } = screen
  const data = screen.prediction.data

  return (
    <div
      data-testid="orbit-screen"
      data-live-count={screen.liveCount}
      data-pass-groups={screen.mapLayers.groupCount}
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
                  <OrbitSelectPanel
                    areaWidget={<AreaSelectPanel selection={selection} testId="orbit-area" />}
                    hasArea={screen.hasArea}
                    onStart={screen.handleStart}
                  />
                  {isAdmin && <TleUpload />}
                </>
              ),
            },
            {
              key: String(ORBIT_TAB.RESULT),
              label: data ? `${t('orbit.tab.result')} (${data.passes.length})` : t('orbit.tab.result'),
              disabled: orbit.orbitalPredictId === null,
              children: (
                <OrbitResultPanel
                  prediction={data}
                  isLoading={screen.prediction.isLoading}
                  isMapCrowded={screen.mapLayers.isCrowded}
                  onOpen3d={() => navigate('/orbit3d')}
                />
              ),
            },
          ]}
        />
      </Card>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>
        <AreaSelectMap selection={selection} overlays={screen.mapLayers.overlays} onMapReady={screen.mapLayers.onMapReady} />
        {screen.chosen && (
          <PassFramesList
            frames={screen.frames}
            loading={screen.isFramesLoading}
            archivePath={archiveLink && archiveSearchPath(archiveLink.area, archiveLink.satelliteCode)}
          />
        )}
      </div>
    </div>
  )
}
