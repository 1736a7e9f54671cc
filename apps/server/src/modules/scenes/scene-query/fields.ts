import type { Queryable } from '../../../lib/filter/ast'
import { t } from '../../../lib/locale'

/**
 * The scene table (aliased `s`) as filter queryables under the portal form's names: what the form's
 * filters are parsed into (form.ts). STAC names the same columns its own way (stac-search.ts).
 */
export const SCENE_FIELDS = {
  id: {
    name: 'id',
    type: 'string',
    column: 's.id',
    get title() {
      return t('archiveCoverage.export.columns.id')
    },
  },
  dataStatus: {
    name: 'dataStatus',
    type: 'string',
    column: 's.data_status',
    get title() {
      return t('archiveCoverage.export.columns.dataStatus')
    },
  },
  satellite: {
    name: 'satellite',
    type: 'string',
    column: 's.satellite',
    get title() {
      return t('archiveCoverage.export.columns.satellite')
    },
  },
  sensor: {
    name: 'sensor',
    type: 'string',
    column: 's.sensor',
    get title() {
      return t('archiveCoverage.export.columns.sensor')
    },
  },
  acquiredAt: {
    name: 'acquiredAt',
    type: 'timestamp',
    column: 's.acquired_at',
    get title() {
      return t('archiveCoverage.export.columns.acquiredAt')
    },
  },
  // float4 columns: the form's numbers compared at the precision the archive stores (a 0.8 m limit keeps 0.8 m scenes)
  cloudPercent: {
    name: 'cloudPercent',
    type: 'number',
    sqlType: 'real',
    column: 's.cloud_percent',
    get title() {
      return t('archiveCoverage.export.columns.cloudPercent')
    },
  },
  resolutionM: {
    name: 'resolutionM',
    type: 'number',
    sqlType: 'real',
    column: 's.resolution_m',
    get title() {
      return t('archiveCoverage.export.columns.resolutionM')
    },
  },
  productLevel: {
    name: 'productLevel',
    type: 'string',
    column: 's.product_level',
    get title() {
      return t('archiveCoverage.export.columns.productLevel')
    },
  },
} as const satisfies Record<string, Queryable>

/** The columns a scene query may be ordered by; the id always breaks ties (keyset.ts). */
export type SortColumn = 'time' | 'cloud' | 'resolution' | 'id'

/** One key of an order. */
export interface SortKey {
  column: SortColumn
  desc: boolean
}

export type KeyKind = 'time' | 'number' | 'text'

export const SORT_COLUMNS: Record<SortColumn, { column: string; kind: KeyKind }> = {
  time: { column: 's.acquired_at', kind: 'time' },
  cloud: { column: 's.cloud_percent', kind: 'number' },
  resolution: { column: 's.resolution_m', kind: 'number' },
  id: { column: 's.id', kind: 'text' },
}
