// shpjs 6 also reads a whole zip (its .prj through proj4, its .cpg for the encoding); the AOI upload's declaration has the parts form only.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson'
  export default function shp(zip: Uint8Array | ArrayBuffer): Promise<FeatureCollection | FeatureCollection[]>
}
