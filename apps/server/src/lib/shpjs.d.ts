// shpjs 6 ships no types (@types/shpjs describes 3.x); this is the part lib/vector-files.ts and the archive import use.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson'
  export default function shp(input: { shp: Uint8Array; dbf?: Uint8Array; cpg?: string; prj?: string }): Promise<FeatureCollection>
}
