import type { Geometry as GeoJsonGeometry } from 'geojson'
import Feature from 'ol/Feature'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Fill, Stroke, Style } from 'ol/style'
import { fromLonLatGeoJSON } from './geometry'

/** The area of interest: orange, dashed, lightly filled, drawn above the base map and any drawing. */
export const AOI_STYLE = [
  new Style({ stroke: new Stroke({ color: 'rgba(255, 255, 255, 0.9)', width: 5 }) }),
  new Style({
    fill: new Fill({ color: 'rgba(250, 140, 22, 0.16)' }),
    stroke: new Stroke({ color: '#fa541c', width: 2.5, lineDash: [10, 6] }),
  }),
]

/** The layer that shows the selected area of interest. */
export function createAoiLayer(): VectorLayer<VectorSource> {
  return new VectorLayer({ source: new VectorSource(), style: AOI_STYLE, zIndex: 30 })
}

/** Shows one WGS84 GeoJSON geometry as the area of interest (replacing the last); null clears it. Returns its map extent. */
export function showAoi(layer: VectorLayer<VectorSource>, geometry: GeoJsonGeometry | null): number[] | undefined {
  const source = layer.getSource()
  source?.clear()
  if (!geometry || !source) return undefined
  const feature = new Feature(fromLonLatGeoJSON(geometry))
  source.addFeature(feature)
  return feature.getGeometry()?.getExtent()
}
