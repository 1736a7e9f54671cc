import { EXPORT_COLUMNS, type ExportRecord } from '../../datasets/scene-archive/columns'

/**
 * A GeoJSON FeatureCollection (RFC 7946, lon/lat WGS84): each scene a Feature with its id, the
 * export's columns as properties (keys in English, times in Beijing time) and its footprint text
 * spliced in unparsed.
 */
export function writeGeojson(records: readonly ExportRecord[]): Uint8Array {
  const parts: string[] = ['{"type":"FeatureCollection","features":[']
  records.forEach((r, i) => {
    const properties: Record<string, string | number | null> = {}
    for (const c of EXPORT_COLUMNS) properties[c.key] = c.value(r)
    parts.push(
      `${i ? ',' : ''}{"type":"Feature","id":${JSON.stringify(r.id)},"properties":${JSON.stringify(properties)},"geometry":${r.footprint}}`,
    )
  })
  parts.push(']}')
  return new TextEncoder().encode(parts.join(''))
}
