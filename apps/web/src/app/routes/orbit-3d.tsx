import { lazy, Suspense } from 'react'
import { PageSpinner } from '../../components/page-spinner'
import type { ScreenProps } from '../screen-props'

// CesiumJS (about 4 MB) loads with this screen only
const OrbitGlobeScreen = lazy(() => import('../../features/orbit/components/orbit-globe-screen'))

/** 三维轨道 (the menu's 3D orbit entry): our own CesiumJS globe, login required like orbit prediction. */
export default function Orbit3dScreen(_props: ScreenProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <OrbitGlobeScreen />
    </Suspense>
  )
}
