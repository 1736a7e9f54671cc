import type { MonitorSpotSummary } from '@rs/shared'
import { getCenter } from 'ol/extent'
import GeoJSON from 'ol/format/GeoJSON'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import { DATA_PROJECTION, MAP_PROJECTION } from '../../../map/geometry'

/** The detail map's spots and how a screen updates them. */
export interface SpotLayer {
  layer: VectorLayer<VectorSource>
  /** Replaces the spots (feature id = spot id), each drawn in its type's colour. */
  setSpots(spots: readonly Pick<MonitorSpotSummary, 'id' | 'geometry' | 'spotType'>[], colorOf: (spotType: string) => string): void
  setActive(id: number | null): void
  extent(): number[] | undefined
  /** The map extent of one spot, or undefined when it is not on the layer. */
  extentOf(id: number): number[] | undefined
}

/** The style of a spot: its type's colour; the opened one thicker and on top. Points are dots, lines and polygons outlined. */
export function spotStyle(color: string, isActive: boolean): Style {
  const stroke = new Stroke({ color: isActive ? '#000000' : color, width: isActive ? 3 : 2 })
  return new Style({
    fill: new Fill({ color: `${color}66` }),
    stroke,
    image: dot(color, isActive),
    zIndex: isActive ? 2 : 1,
  })
}

function dot(color: string, isActive: boolean): Circle {
  return new Circle({
    radius: isActive ? 7 : 5,
    fill: new Fill({ color }),
    stroke: new Stroke({ color: isActive ? '#000000' : '#ffffff', width: 1 }),
  })
}

/** Map units per pixel above which a polygon or line of a few hundred metres is also marked by a dot at its centre. */
export const DOT_RESOLUTION = 40

/** A dot at the centre of a polygon or line, so spots of a few hectares stay visible at province scale. */
export function centreDotStyle(color: string, isActive: boolean): Style {
  return new Style({
    geometry: (feature) => {
      const geometry = feature.getGeometry()
      return geometry ? new Point(getCenter(geometry.getExtent())) : undefined
    },
    image: dot(color, isActive),
    zIndex: isActive ? 4 : 3,
  })
}

/** Creates the spot layer, above the region choropleth. */
export function createSpotLayer(): SpotLayer {
  const source = new VectorSource()
  let active: number | null = null
  const layer = new VectorLayer({
    source,
    zIndex: 30,
    style: (feature, resolution) => {
      const color = String(feature.get('color'))
      const isActive = feature.getId() === active
      const own = spotStyle(color, isActive)
      return resolution > DOT_RESOLUTION && feature.getGeometry()?.getType() !== 'Point' ? [own, centreDotStyle(color, isActive)] : own
    },
  })
  const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: MAP_PROJECTION })
  return {
    layer,
    setSpots(spots, colorOf) {
      source.clear()
      source.addFeatures(
        spots.map((s) => {
          const feature = format.readFeature({ type: 'Feature', geometry: s.geometry, properties: {} })
          const one = Array.isArray(feature) ? (feature[0] as (typeof feature)[number]) : feature
          one.setId(s.id)
          one.set('color', colorOf(s.spotType))
          return one
        }),
      )
    },
    setActive(id) {
      active = id
      layer.changed()
    },
    extent() {
      return source.getFeatures().length === 0 ? undefined : (source.getExtent() ?? undefined)
    },
    extentOf(id) {
      return source.getFeatureById(id)?.getGeometry()?.getExtent()
    },
  }
}
