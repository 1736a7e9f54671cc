import { formatBeijingTime, tZh } from '@rs/shared'
import type { MultiPolygon, Polygon, Position } from 'geojson'

/**
 * What an export writes for one scene, and its columns: Chinese headers (CSV, Excel), dBase field
 * names of at most 10 ASCII characters (shapefile), and the value of each cell. Times are written
 * in Beijing time. The archive's import (import/read.ts) reads files by the same headers and names;
 * the writers are capabilities/exports.
 */
export interface ExportRecord {
  id: string
  satellite: string
  sensor: string
  /** acquisition time, ISO 8601 in UTC */
  acquiredAt: string
  cloudPercent: number
  resolutionM: number
  productLevel: string
  orbit: number | null
  path: number | null
  row: number | null
  direction: 'ascending' | 'descending' | null
  offNadirDeg: number | null
  fileName: string
  dataStatus: string
  areaKm2: number
  /** GeoJSON Polygon or MultiPolygon text (lon/lat, WGS84), passed through unparsed where it can be */
  footprint: string
}

export interface ExportColumn {
  key: Exclude<keyof ExportRecord, 'footprint'>
  header: string
  /** dBase field name: at most 10 ASCII characters */
  field: string
  type: 'C' | 'N'
  /** N fields: width and decimals */
  width?: number
  decimals?: number
  value(r: ExportRecord): string | number | null
}

const header = (key: string) => tZh(`archiveCoverage.export.columns.${key}` as Parameters<typeof tZh>[0])
const statusLabel = (s: string) => {
  const label = tZh(`archive.dataStatus.${s}` as Parameters<typeof tZh>[0])
  return label.startsWith('archive.') ? s : label
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', header: header('id'), field: 'SCENE_ID', type: 'C', value: (r) => r.id },
  { key: 'satellite', header: header('satellite'), field: 'SATELLITE', type: 'C', value: (r) => r.satellite },
  { key: 'sensor', header: header('sensor'), field: 'SENSOR', type: 'C', value: (r) => r.sensor },
  { key: 'acquiredAt', header: header('acquiredAt'), field: 'ACQ_TIME', type: 'C', value: (r) => formatBeijingTime(r.acquiredAt) },
  { key: 'cloudPercent', header: header('cloudPercent'), field: 'CLOUD', type: 'N', width: 6, decimals: 1, value: (r) => r.cloudPercent },
  { key: 'resolutionM', header: header('resolutionM'), field: 'RES_M', type: 'N', width: 10, decimals: 2, value: (r) => r.resolutionM },
  { key: 'productLevel', header: header('productLevel'), field: 'LEVEL', type: 'C', value: (r) => r.productLevel },
  { key: 'orbit', header: header('orbit'), field: 'ORBIT', type: 'N', width: 10, decimals: 0, value: (r) => r.orbit },
  { key: 'path', header: header('path'), field: 'PATH', type: 'N', width: 10, decimals: 0, value: (r) => r.path },
  { key: 'row', header: header('row'), field: 'ROW', type: 'N', width: 10, decimals: 0, value: (r) => r.row },
  {
    key: 'direction',
    header: header('direction'),
    field: 'DIRECTION',
    type: 'C',
    value: (r) => (r.direction ? tZh(`archiveCoverage.export.direction.${r.direction}`) : null),
  },
  { key: 'offNadirDeg', header: header('offNadirDeg'), field: 'OFF_NADIR', type: 'N', width: 8, decimals: 2, value: (r) => r.offNadirDeg },
  { key: 'fileName', header: header('fileName'), field: 'FILE_NAME', type: 'C', value: (r) => r.fileName },
  { key: 'dataStatus', header: header('dataStatus'), field: 'STATUS', type: 'C', value: (r) => statusLabel(r.dataStatus) },
  { key: 'areaKm2', header: header('areaKm2'), field: 'AREA_KM2', type: 'N', width: 14, decimals: 3, value: (r) => r.areaKm2 },
]

/** Polygon rings of a footprint (a MultiPolygon's polygons, or the one polygon). */
export function polygonsOf(footprint: Polygon | MultiPolygon): Position[][][] {
  return footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates
}

/** WKT of a footprint, as the archive's CSV import reads it back. */
export function toWkt(footprint: Polygon | MultiPolygon): string {
  const ring = (r: Position[]) => `(${r.map((p) => `${p[0]} ${p[1]}`).join(', ')})`
  const polygon = (rings: Position[][]) => `(${rings.map(ring).join(', ')})`
  return footprint.type === 'Polygon'
    ? `POLYGON ${polygon(footprint.coordinates)}`
    : `MULTIPOLYGON (${footprint.coordinates.map(polygon).join(', ')})`
}
