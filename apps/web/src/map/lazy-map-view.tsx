import { lazy, Suspense } from 'react'
import { PageSpinner } from '../components/page-spinner'
import type { MapViewProps } from './map-view'

// OpenLayers stays out of every chunk but the map's own
const MapView = lazy(() => import('./map-view'))

/** The portal's map, loaded when first shown; a spinner of the map's height holds its place meanwhile. */
export function LazyMapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height: props.height ?? 560 }}>
          <PageSpinner />
        </div>
      }
    >
      <MapView {...props} />
    </Suspense>
  )
}
