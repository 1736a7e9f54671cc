import type { MonitorGridCell } from '@rs/shared'
import { getCenter } from 'ol/extent'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import { fromExtent } from 'ol/geom/Polygon'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import { lonLatToExtent } from '../../../map/geometry'

/** The grid mode's cells (XYZ tiles) and how the panel updates them. */
export interface GridLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the cells (feature id = "z/x/y"). */
  setCells(cells: readonly Pick<MonitorGridCell, 'key' | 'bbox'>[]): void
  /** Fill colours by cell key (the legend's); null or missing: not drawn. The active cell is outlined. */
  setColors(colors: ReadonlyMap<string, string | null>, active: string | null): void
  extent(): number[] | undefined
  extentOf(key: string): number[] | undefined
}

/** A cell narrower than this many pixels is also drawn as a dot, so a province's grid stays visible. */
const MIN_CELL_PIXELS = 6

function rgba(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`
}

/** Creates the layer of grid cells coloured by the SPEC §9 legend, drawn above the base map. */
export function createGridLayer(): GridLayer {
  const source = new VectorSource()
  let colors: ReadonlyMap<string, string | null> = new Map()
  let active: string | null = null
  const layer = new VectorLayer({
    source,
    zIndex: 20,
    style: (feature, resolution) => {
      const key = String(feature.getId())
      const color = colors.get(key)
      if (!color) return undefined
      const isActive = key === active
      const extent = feature.getGeometry()?.getExtent() ?? [0, 0, 0, 0]
      const styles = [
        new Style({
          fill: new Fill({ color: rgba(color, 0.85) }),
          stroke: new Stroke({ color: isActive ? '#000000' : rgba('#333333', 0.5), width: isActive ? 2.5 : 0.5 }),
          zIndex: isActive ? 2 : 1,
        }),
      ]
      if ((extent[2] - extent[0]) / resolution < MIN_CELL_PIXELS)
        styles.push(
          new Style({
            geometry: new Point(getCenter(extent)),
            image: new Circle({
              radius: isActive ? 6 : 4,
              fill: new Fill({ color }),
              stroke: new Stroke({ color: isActive ? '#000000' : 'rgba(60, 60, 60, 0.6)', width: 1 }),
            }),
            zIndex: isActive ? 4 : 3,
          }),
        )
      return styles
    },
  })
  return {
    layer,
    setCells(cells) {
      source.clear()
      source.addFeatures(
        cells.map((c) => {
          const feature = new Feature(fromExtent(lonLatToExtent(c.bbox)))
          feature.setId(c.key)
          return feature
        }),
      )
    },
    setColors(next, nextActive) {
      colors = next
      active = nextActive
      layer.changed()
    },
    extent() {
      return source.getFeatures().length === 0 ? undefined : (source.getExtent() ?? undefined)
    },
    extentOf(key) {
      return source.getFeatureById(key)?.getGeometry()?.getExtent()
    },
  }
}
