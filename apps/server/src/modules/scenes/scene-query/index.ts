/**
 * The one scene query (the door of this folder): a filter tree through the one WHERE compiler, one
 * order and keyset pager, one row shape, estimated-or-exact totals. The portal (/api/normalmeta),
 * STAC, exports, coverage, footprint tiles and monitoring's term scenes are faces over it; scenes
 * by id (records.ts) serve other modules' ports (an order's package and listings).
 */
export { SCENE_FIELDS, type SortColumn, type SortKey } from './fields'
export { ARCHIVE_ZONE, formCondition, formSort, zonedDayStart } from './form'
export {
  type BBox,
  createSceneQuery,
  type KeyValues,
  orderSql,
  type PageRow,
  type QueryArea,
  type SceneQuery,
  type SceneQueryEngine,
  sortColumns,
  whereSql,
} from './query'
export { createSceneRecords, exportRecord, type SceneBox, type SceneRecord, type SceneRecords } from './records'
