import 'cesium/Build/Cesium/Widgets/widgets.css'
import { buildModuleUrl, Cartesian3, CesiumWidget, ImageryLayer, TileMapServiceImageryProvider } from 'cesium'
import { useEffect, useRef, useState } from 'react'

/**
 * The one CesiumJS shell (loaded lazily with the 3D page): a CesiumWidget on Cesium's own bundled
 * Natural Earth II imagery (served at /chinese/cesium/, so it works offline), the ellipsoid as
 * terrain, no ion services and no widgets that need eval. `onReady` gets the widget once the
 * base imagery is ready (the container then carries data-ready="true"); data-render-state is "complete" while
 * the frames show all the imagery of the view.
 */
export function GlobeView({ height = 680, onReady }: { height?: number | string; onReady?: (widget: CesiumWidget | undefined) => void }) {
  const target = useRef<HTMLDivElement>(null)
  const ready = useRef(onReady)
  ready.current = onReady
  const [isReady, setReady] = useState(false)

  useEffect(() => {
    const element = target.current
    if (!element) return
    const base = ImageryLayer.fromProviderAsync(TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII')))
    // the first view is drawn by software WebGL on machines without a GPU (as this one): no star box
    // (six 150 KB textures and a pass), no multisampling, no 2D/Columbus variants, no
    // order-independent translucency (extra targets and shaders) and no ground atmosphere
    const widget = new CesiumWidget(element, {
      baseLayer: base,
      skyAtmosphere: false,
      skyBox: false,
      msaaSamples: 1,
      scene3DOnly: true,
      orderIndependentTranslucency: false,
      requestRenderMode: false,
    })
    widget.scene.globe.showGroundAtmosphere = false
    // first view: China in the middle
    widget.camera.setView({ destination: Cartesian3.fromDegrees(105, 32, 22_000_000) })
    const done = base.readyEvent.addEventListener(() => {
      setReady(true)
      ready.current?.(widget)
    })
    // the container says whether the last frame showed all the imagery of its view (data-render-state), for anyone who waits for it
    const drawn = widget.scene.postRender.addEventListener(() => {
      const state = widget.scene.globe.tilesLoaded ? 'complete' : 'rendering'
      if (element.dataset.renderState !== state) element.dataset.renderState = state
    })
    return () => {
      done()
      drawn()
      ready.current?.(undefined)
      widget.destroy()
    }
  }, [])

  return (
    <div
      ref={target}
      data-testid="globe-view"
      data-ready={isReady ? 'true' : 'false'}
      style={{ height, width: '100%', position: 'relative' }}
    />
  )
}

export default GlobeView
