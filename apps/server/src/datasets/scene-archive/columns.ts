import { formatBeijingTime, type MessageKey } from '@rs/shared'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { t } from '../../lib/locale'

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

// read when an export is written, in its caller's language (a thread runs in it: lib/workers/task.ts)
const header = (key: string) => t(`archiveCoverage.export.columns.${key}` as MessageKey)
const statusLabel = (s: string) => {
  const label = t(`archive.dataStatus.${s}` as MessageKey)
  return label.startsWith('archive.') ? s : label
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  {
    key: 'id',
    get header() {
      return header('id')
    },
    field: 'SCENE_ID',
    type: 'C',
    value: (r) => r.id,
  },
  {
    key: 'satellite',
    get header() {
      return header('satellite')
    },
    field: 'SATELLITE',
    type: 'C',
    value: (r) => r.satellite,
  },
  {
    key: 'sensor',
    get header() {
      return header('sensor')
    },
    field: 'SENSOR',
    type: 'C',
    value: (r) => r.sensor,
  },
  {
    key: 'acquiredAt',
    get header() {
      return header('acquiredAt')
    },
    field: 'ACQ_TIME',
    type: 'C',
    value: (r) => formatBeijingTime(r.acquiredAt),
  },
  {
    key: 'cloudPercent',
    get header() {
      return header('cloudPercent')
    },
    field: 'CLOUD',
    type: 'N',
    width: 6,
    decimals: 1,
    value: (r) => r.cloudPercent,
  },
  {
    key: 'resolutionM',
    get header() {
      return header('resolutionM')
    },
    field: 'RES_M',
    type: 'N',
    width: 10,
    decimals: 2,
    value: (r) => r.resolutionM,
  },
  {
    key: 'productLevel',
    get header() {
      return header('productLevel')
    },
    field: 'LEVEL',
    type: 'C',
    value: (r) => r.productLevel,
  },
  {
    key: 'orbit',
    get header() {
      return header('orbit')
    },
    field: 'ORBIT',
    type: 'N',
    width: 10,
    decimals: 0,
    value: (r) => r.orbit,
  },
  {
    key: 'path',
    get header() {
      return header('path')
    },
    field: 'PATH',
    type: 'N',
    width: 10,
    decimals: 0,
    value: (r) => r.path,
  },
  {
    key: 'row',
    get header() {
      return header('row')
    },
    field: 'ROW',
    type: 'N',
    width: 10,
    decimals: 0,
    value: (r) => r.row,
  },
  {
    key: 'direction',
    get header() {
      return header('direction')
    },
    field: 'DIRECTION',
    type: 'C',
    value: (r) => (r.direction ? t(`archiveCoverage.export.direction.${r.direction}`) : null),
  },
  {
    key: 'offNadirDeg',
    get header() {
      return header('offNadirDeg')
    },
    field: 'OFF_NADIR',
    type: 'N',
    width: 8,
    decimals: 2,
    value: (r) => r.offNadirDeg,
  },
  {
    key: 'fileName',
    get header() {
      return header('fileName')
    },
    field: 'FILE_NAME',
    type: 'C',
    value: (r) => r.fileName,
  },
  {
    key: 'dataStatus',
    get header() {
      return header('dataStatus')
    },
    field: 'STATUS',
    type: 'C',
    value: (r) => statusLabel(r.dataStatus),
  },
  {
    key: 'areaKm2',
    get header() {
      return header('areaKm2')
    },
    field: 'AREA_KM2',
    type: 'N',
    width: 14,
    decimals: 3,
    value: (r) => r.areaKm2,
  },
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
