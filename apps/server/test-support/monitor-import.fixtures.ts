import { zipSync } from 'fflate'
import type { Polygon } from 'geojson'
import { type ExportColumn, type ExportRecord, WGS84_PRJ, writeDbf, writeShpShx } from '../src/capabilities/exports'
import { square } from './aoi.fixtures'

export { square }

/** A FeatureCollection file of features (geometry and properties as given). */
export function geojsonFile(features: Array<{ geometry: unknown; properties: Record<string, unknown> }>): Buffer {
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: features.map((f) => ({ type: 'Feature', ...f })) }))
}

/**
 * A zipped shapefile of polygons written with the export's shapefile writer, with upper-case text
 * fields as a real delivery's dBase table has them (SITE_ID, TBLX, PLANTNAME, CAPACITY).
 */
export function shapefileZip(
  features: Array<{ geometry: Polygon; properties: Record<string, string | number> }>,
  base = 'delivery',
): Uint8Array {
  const names = [...new Set(features.flatMap((f) => Object.keys(f.properties)))]
  const columns = names.map((name) => ({
    key: name,
    header: name,
    field: name,
    type: 'C',
    value: (r: Record<string, unknown>) => (r[name] === undefined ? null : String(r[name])),
  })) as unknown as ExportColumn[]
  const { shp, shx } = writeShpShx(features.map((f) => f.geometry))
  const text = (s: string) => new TextEncoder().encode(s)
  return zipSync({
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: writeDbf(features.map((f) => f.properties) as unknown as ExportRecord[], columns),
    [`${base}.prj`]: text(WGS84_PRJ),
    [`${base}.cpg`]: text('UTF-8'),
  })
}
