import type { Geometry as GeoJsonGeometry } from 'geojson'
import Draw, { createBox } from 'ol/interaction/Draw'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import { toLonLatGeoJSON } from './geometry'

/** Shapes a person can draw as a query area. */
export type DrawKind = 'rectangle' | 'polygon' | 'circle'

export const DRAW_STYLE = new Style({
  fill: new Fill({ color: 'rgba(22, 119, 255, 0.12)' }),
  stroke: new Stroke({ color: '#1677ff', width: 2 }),
  image: new CircleStyle({ radius: 5, fill: new Fill({ color: '#1677ff' }), stroke: new Stroke({ color: '#ffffff', width: 1.5 }) }),
})

/** The layer that holds what was drawn (one shape at a time). */
export function createDrawLayer(): VectorLayer<VectorSource> {
  return new VectorLayer({ source: new VectorSource(), style: DRAW_STYLE, zIndex: 20 })
}

/**
 * A draw interaction for one shape kind. When a shape is finished, the previous one is removed and
 * `onDrawEnd` gets the shape as WGS84 GeoJSON; a circle arrives as a 64-sided polygon.
 */
export function createDrawInteraction(kind: DrawKind, source: VectorSource, onDrawEnd: (geometry: GeoJsonGeometry) => void): Draw {
  const draw =
    kind === 'polygon'
      ? new Draw({ source, type: 'Polygon', style: DRAW_STYLE })
      : // rectangles and circles are dragged out (press, drag, release), as people expect
        new Draw({
          source,
          type: 'Circle',
          style: DRAW_STYLE,
          freehand: true,
          ...(kind === 'rectangle' ? { geometryFunction: createBox() } : {}),
        })
  draw.on('drawstart', () => source.clear())
  draw.on('drawend', (event) => {
    const geometry = event.feature.getGeometry()
    if (geometry) onDrawEnd(toLonLatGeoJSON(geometry))
  })
  return draw
}

/** Removes every drawn shape. */
export function clearDrawing(source: VectorSource): void {
  source.clear()
}
