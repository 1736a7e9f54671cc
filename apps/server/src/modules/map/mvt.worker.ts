import GeoJSONVT from 'geojson-vt'
import { fromGeojsonVt } from 'vt-pbf'

/**
 * Runs in a worker thread (lib/workers): cuts one vector tile out of a layer's features with
 * geojson-vt and encodes it with vt-pbf, for databases without ST_AsMVT (PGlite). Parsing and
 * cutting hundreds of polygons takes 100–300 ms, which the event loop must not spend.
 */
export interface CutTileInput {
  layerName: string
  /** The features of the tile's area as GeoJSON FeatureCollection text. */
  collection: string
  z: number
  x: number
  y: number
  extent: number
  buffer: number
  /** Simplification tolerance in tile units. */
  tolerance: number
}

export function cutTile(input: CutTileInput): Uint8Array {
  const index = new GeoJSONVT(JSON.parse(input.collection), {
    maxZoom: input.z,
    indexMaxZoom: 0,
    indexMaxPoints: 0,
    tolerance: input.tolerance,
    extent: input.extent,
    buffer: input.buffer,
  })
  const tile = index.getTile(input.z, input.x, input.y)
  return fromGeojsonVt({ [input.layerName]: tile ?? { features: [] } }, { version: 2, extent: input.extent })
}

export const MVT_WORKER = new URL(import.meta.url).href
