import { ARCHIVE_LIMITS, MAP_LAYER_NAMES, type MapLayerName, type MessageKey, MONITOR_MODULES } from '@rs/shared'
import type { Queryable } from '../../lib/filter/ast'
import { t } from '../../lib/locale'

/**
 * The layers the map services publish (WMS, WFS, WMTS and MVT read this list and nothing else).
 * Every table and column name that reaches SQL comes from here; user text only ever selects an
 * entry by name or becomes a bound parameter.
 *
 * Region levels: `region` holds every level (province, city, county) and accepts a property filter
 * on `level` (WFS FILTER), while `region_province`, `region_city` and `region_county` are the same
 * table with a fixed level, so WMS, WMTS and tile clients that cannot send filters still get one
 * level. Another layer of SPEC §3 (windmill_meta, pvland_meta, ...) plugs in with one more entry
 * here once its table exists.
 */

export type AttributeType = 'string' | 'integer' | 'number'

/** A layer attribute is a queryable of the filter tree whose column is its name (also the property name in every output). */
export interface LayerAttribute extends Queryable {
  type: AttributeType
}

export interface LayerStyle {
  fill: string
  stroke: string
  strokeWidth: number
}

/**
 * Who may read a layer's features (absent: everyone). Every map route (WMS GetMap and
 * GetFeatureInfo, WFS GetFeature, WMTS, vector tiles) enforces it the same way (map-access.ts):
 * no session 401, a session without the module's MOD code or without any area range 403, a request
 * whose area lies wholly outside the caller's area ranges 403, and otherwise only the rows inside
 * those ranges (scopeSql on `scoped`, as the monitoring engine's detail list).
 */
export interface LayerAccess {
  /** the MOD code that opens the layer */
  permission?: string
  /**
   * or: each row belongs to the module named in `column`; a caller sees the rows of the modules whose
   * MOD code he holds (none of them: 403)
   */
  modulePermission?: { column: string; byValue: Record<string, string> }
  /** the column holding a row's county code (six digits) */
  scoped: string
}

export interface LayerDef {
  name: string
  /** the SPEC §3 layer name this layer serves (the level layers serve `region`); none for the portal's own names */
  family?: MapLayerName
  /** in the caller's language: a getter, read when a document is written */
  title: string
  table: string
  geometryColumn: string
  geometryType: 'MultiPolygon' | 'Polygon' | 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString'
  /** unique key: WFS feature ids are `<layer>.<id>`, the stable order of paging */
  idColumn: string
  attributes: LayerAttribute[]
  /** a fixed filter: only rows with column = value belong to the layer */
  fixedFilter?: { column: string; value: string }
  style: LayerStyle
  /** [minLon, minLat, maxLon, maxLat] used while the table is empty */
  fallbackExtent: [number, number, number, number]
  /**
   * Vector tiles only: columns holding the geometry simplified in advance (migrations
   * 20261125030000_tile-geometry, 20261127010000_tile-zoom-geometry), each serving tiles up to its
   * zoom; higher zooms use geometryColumn. A band with `exact` holds the geometry as a tile of its
   * maxZoom simplifies it (same tolerance, same rule for specks): tiles of that zoom take it as it is.
   */
  tileGeometry?: Array<{ maxZoom: number; column: string; exact?: boolean }>
  /**
   * Vector tiles only: rows whose `column` has one of these values appear from that zoom on (a mixed
   * layer thins out at low zooms as any base map does); other rows appear at every zoom.
   */
  tileMinZoom?: { column: string; byValue: Record<string, number> }
  /** Vector tiles only: below `belowZoom`, tiles carry just these attributes (names, not every detail). */
  tileSummary?: { belowZoom: number; attributes: string[] }
  /** Detail data: login, the MOD code and the area ranges (see LayerAccess); absent for public layers. */
  access?: LayerAccess
  /** Illustrative data (示意): said in the layer's abstract of the capabilities. */
  illustrative?: boolean
}

const field = (name: string, type: AttributeType = 'string'): LayerAttribute => ({
  name,
  type,
  get title() {
    return t(`ogc.fields.${name}` as MessageKey)
  },
})

const CHINA_EXTENT: [number, number, number, number] = [73.5, 18.1, 135.1, 53.6]
const REGION_ATTRIBUTES = [
  field('code'),
  field('name'),
  field('full_name'),
  field('level'),
  field('parent_code'),
  field('area_km2', 'number'),
]

/**
 * Simplified boundaries of the region table for the low zooms: one column per zoom 2–5 (zooms 0–1
 * simplify zoom 2's further), then geom_z6 for zoom 6.
 */
const REGION_TILE_GEOMETRY = [
  { maxZoom: 2, column: 'tile_z2', exact: true },
  { maxZoom: 3, column: 'tile_z3', exact: true },
  { maxZoom: 4, column: 'tile_z4', exact: true },
  { maxZoom: 5, column: 'tile_z5', exact: true },
  { maxZoom: 6, column: 'geom_z6' },
]

/**
 * The mixed `region` layer at low zooms: cities from zoom 5, counties from zoom 7 (the offline base
 * map draws cities from zoom 6 and counties from zoom 10, apps/web/src/map/base-layers.ts).
 */
const REGION_TILE_MIN_ZOOM = { column: 'level', byValue: { city: 5, county: 7 } }

/** Low-zoom region tiles carry what a map draws and labels; the rest (full name, area…) from zoom 5. */
const REGION_TILE_SUMMARY = { belowZoom: 5, attributes: ['code', 'name', 'level'] }

function regionLayer(name: string, level: string | undefined, style: LayerStyle): LayerDef {
  return {
    tileGeometry: REGION_TILE_GEOMETRY,
    tileSummary: REGION_TILE_SUMMARY,
    ...(level ? {} : { tileMinZoom: REGION_TILE_MIN_ZOOM }),
    name,
    family: 'region',
    get title() {
      return t(`ogc.layers.${name}` as MessageKey)
    },
    table: 'region',
    geometryColumn: 'geom',
    geometryType: 'MultiPolygon',
    idColumn: 'code',
    attributes: REGION_ATTRIBUTES,
    fixedFilter: level ? { column: 'level', value: level } : undefined,
    style,
    fallbackExtent: CHINA_EXTENT,
  }
}

const monitorField = (name: string, type: AttributeType = 'string'): LayerAttribute => ({
  name,
  type,
  get title() {
    return t(`monitorMap.fields.${name}` as MessageKey)
  },
})
const monitorTitle = (name: string) => t(`monitorMap.layers.${name}` as MessageKey)
const specFamily = (name: string): MapLayerName | undefined =>
  (MAP_LAYER_NAMES as readonly string[]).find((n) => n === name) as MapLayerName | undefined

const SPOT_GEOMETRY = { polygon: 'Polygon', line: 'LineString', point: 'Point' } as const
const SPOT_ATTRIBUTES = [
  monitorField('id', 'integer'),
  monitorField('site_id'),
  monitorField('batch'),
  monitorField('province_code'),
  monitorField('city_code'),
  monitorField('county_code'),
  monitorField('spot_type'),
  monitorField('stage'),
  monitorField('area_m2', 'number'),
  monitorField('length_m', 'number'),
]

/**
 * The spot layer of every monitoring module, from its declaration (packages/shared
 * domain/monitor/modules.ts, `layers` of kind 'spots'): the module's rows of monitor_spot, detail
 * data behind the module's MOD code and the caller's area ranges.
 */
function monitorSpotLayers(): LayerDef[] {
  return MONITOR_MODULES.flatMap((module) =>
    module.layers
      .filter((l) => l.kind === 'spots')
      .map((l): LayerDef => {
        const color = module.spotTypes[0]?.color ?? '#d7191c'
        return {
          name: l.name,
          family: specFamily(l.name),
          get title() {
            return monitorTitle(l.name)
          },
          table: 'monitor_spot',
          geometryColumn: 'geom',
          geometryType: SPOT_GEOMETRY[module.geometry],
          idColumn: 'id',
          attributes: SPOT_ATTRIBUTES,
          fixedFilter: { column: 'module', value: module.key },
          style: { fill: `${color}66`, stroke: color, strokeWidth: module.geometry === 'polygon' ? 1 : 2 },
          fallbackExtent: CHINA_EXTENT,
          access: { permission: module.permission, scoped: 'county_code' },
          illustrative: true,
        }
      }),
  )
}

/** The adaptive zones of the modules that declare one (derived from their spots: datasets/monitor-map-layers/refresh.ts), public and 示意. */
function monitorZoneLayers(): LayerDef[] {
  return MONITOR_MODULES.flatMap((module) =>
    module.layers
      .filter((l) => l.kind === 'zone')
      .map(
        (l): LayerDef => ({
          name: l.name,
          family: specFamily(l.name),
          get title() {
            return monitorTitle(l.name)
          },
          table: 'monitor_zone',
          geometryColumn: 'geom',
          geometryType: 'MultiPolygon',
          idColumn: 'id',
          attributes: [
            monitorField('id', 'integer'),
            monitorField('zone_name'),
            monitorField('province_code'),
            monitorField('county_code'),
            monitorField('site_count', 'integer'),
            monitorField('capacity_mw', 'number'),
            monitorField('area_km2', 'number'),
            monitorField('batch'),
          ],
          fixedFilter: { column: 'module', value: module.key },
          style: { fill: 'rgba(120, 200, 120, 0.25)', stroke: '#2e8b57', strokeWidth: 1.2 },
          fallbackExtent: CHINA_EXTENT,
          illustrative: true,
        }),
      ),
  )
}

/** Every module's MOD code by its key (rows of the grid layer carry the module). */
const MODULE_PERMISSIONS = Object.fromEntries(MONITOR_MODULES.map((m) => [m.key, m.permission]))

export const MONITOR_MAP_LAYERS: readonly LayerDef[] = [
  ...monitorSpotLayers(),
  ...monitorZoneLayers(),
  {
    name: 'grid_statistics_default',
    family: 'grid_statistics_default',
    get title() {
      return monitorTitle('grid_statistics_default')
    },
    table: 'monitor_grid_cell',
    geometryColumn: 'geom',
    geometryType: 'Polygon',
    idColumn: 'id',
    attributes: [
      monitorField('id', 'integer'),
      monitorField('module'),
      monitorField('batch'),
      monitorField('level', 'integer'),
      monitorField('x', 'integer'),
      monitorField('y', 'integer'),
      monitorField('county_code'),
      monitorField('num', 'integer'),
      monitorField('area_m2', 'number'),
      monitorField('length_m', 'number'),
    ],
    style: { fill: 'rgba(253, 141, 60, 0.35)', stroke: '#d94801', strokeWidth: 0.6 },
    fallbackExtent: CHINA_EXTENT,
    // SPEC §6: grid data is limited to the area ranges; a row is one module's spots of a cell in one county
    access: { modulePermission: { column: 'module', byValue: MODULE_PERMISSIONS }, scoped: 'county_code' },
    illustrative: true,
  },
  {
    name: 'acquisition_report',
    family: 'acquisition_report',
    get title() {
      return monitorTitle('acquisition_report')
    },
    // the view of migration 20261129300000: counties with the archive's scene count and latest acquisition
    table: 'acquisition_report',
    geometryColumn: 'geom',
    geometryType: 'MultiPolygon',
    idColumn: 'code',
    attributes: [
      monitorField('code'),
      monitorField('name'),
      monitorField('full_name'),
      monitorField('scene_count', 'integer'),
      monitorField('latest_at'),
      monitorField('latest_satellite'),
      monitorField('earliest_at'),
    ],
    style: { fill: 'rgba(49, 130, 189, 0.3)', stroke: '#08519c', strokeWidth: 0.6 },
    fallbackExtent: CHINA_EXTENT,
    tileGeometry: REGION_TILE_GEOMETRY,
    tileSummary: { belowZoom: 5, attributes: ['code', 'name', 'scene_count'] },
  },
  {
    name: 'cloudPlatform',
    family: 'cloudPlatform',
    get title() {
      return monitorTitle('cloudPlatform')
    },
    table: 'cloud_platform',
    geometryColumn: 'geom',
    geometryType: 'MultiPolygon',
    idColumn: 'code',
    attributes: [monitorField('code'), monitorField('name'), monitorField('province_count', 'integer')],
    style: { fill: 'rgba(0, 120, 200, 0.08)', stroke: '#005a9e', strokeWidth: 1.5 },
    fallbackExtent: CHINA_EXTENT,
    tileGeometry: [{ maxZoom: 6, column: 'geom_z6' }],
  },
]

export const LAYERS: readonly LayerDef[] = [
  regionLayer('region', undefined, { fill: 'rgba(64, 128, 255, 0.18)', stroke: '#2f6bd8', strokeWidth: 1 }),
  regionLayer('region_province', 'province', { fill: 'rgba(64, 128, 255, 0.25)', stroke: '#1d4fb8', strokeWidth: 1.5 }),
  regionLayer('region_city', 'city', { fill: 'rgba(90, 170, 110, 0.22)', stroke: '#2f8a4a', strokeWidth: 1 }),
  regionLayer('region_county', 'county', { fill: 'rgba(250, 180, 60, 0.2)', stroke: '#c07a10', strokeWidth: 0.7 }),
  {
    name: 'global_region',
    family: 'global_region',
    get title() {
      return t('ogc.layers.global_region')
    },
    table: 'global_region',
    geometryColumn: 'geom',
    geometryType: 'MultiPolygon',
    idColumn: 'code',
    attributes: [field('code'), field('name'), field('name_en')],
    style: { fill: 'rgba(150, 150, 150, 0.25)', stroke: '#666666', strokeWidth: 0.8 },
    fallbackExtent: [-180, -90, 180, 90],
    tileGeometry: [{ maxZoom: 3, column: 'geom_z3' }],
  },
  ...MONITOR_MAP_LAYERS,
]

/** What vector tiles read of a layer: the registry's layers and the query layers alike. */
export type TileLayerDef = Omit<LayerDef, 'family'> & {
  /** the table's alias in SQL, when a query's condition names its columns through one */
  alias?: string
}

/**
 * A layer whose tiles show the result of one stored query, named by a token in `?q=` (the scene
 * footprints of an image search: POST /api/normalmeta/tiles answers the token). Vector tiles only:
 * WMS, WFS and WMTS never see it (the whole archive is no map layer). The query's condition and
 * order apply to the table under `alias`; a tile holds at most `maxFeaturesPerTile`, the first in
 * the query's order.
 */
export interface QueryLayerDef extends TileLayerDef {
  alias: string
  maxFeaturesPerTile: number
}

const sceneField = (name: string, type: AttributeType = 'string'): LayerAttribute => ({
  name,
  type,
  get title() {
    return t(`archiveCoverage.tiles.fields.${name}` as MessageKey)
  },
})

export const QUERY_LAYERS: readonly QueryLayerDef[] = [
  {
    name: 'scene',
    get title() {
      return t('archiveCoverage.tiles.layer')
    },
    // the view of migration 20261126050000_scene-tile-view: the tile properties under short names
    table: 'scene_tile',
    alias: 's',
    geometryColumn: 'footprint',
    geometryType: 'MultiPolygon',
    idColumn: 'id',
    attributes: [sceneField('id'), sceneField('satellite'), sceneField('sensor'), sceneField('cloud', 'number'), sceneField('time')],
    style: { fill: 'rgba(255, 140, 0, 0.12)', stroke: '#e07000', strokeWidth: 1 },
    fallbackExtent: CHINA_EXTENT,
    maxFeaturesPerTile: ARCHIVE_LIMITS.maxExport,
  },
]

const QUERY_BY_NAME = new Map(QUERY_LAYERS.map((l) => [l.name, l]))

/** A query layer by name (vector tiles only). */
export function findQueryLayer(name: string): QueryLayerDef | undefined {
  return QUERY_BY_NAME.get(name)
}

const BY_NAME = new Map(LAYERS.map((l) => [l.name, l]))

/** Looks a layer up by name; accepts a namespace prefix (`rs:region`), as WFS clients send it. */
export function findLayer(name: string): LayerDef | undefined {
  const bare = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name
  return BY_NAME.get(bare)
}

export function layerNames(): string[] {
  return LAYERS.map((l) => l.name)
}

export function findAttribute(layer: LayerDef, name: string): LayerAttribute | undefined {
  const bare = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name
  return layer.attributes.find((a) => a.name === bare)
}
