import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { Box, Condition, Queryable } from '../../lib/filter/ast'
import { t } from '../../lib/locale'
import {
  createSceneQuery,
  type KeyValues,
  type PageRow,
  SCENE_FIELDS,
  type SceneQuery,
  type SortColumn,
  sortColumns as sceneSortColumns,
} from './scene-query'

/**
 * The STAC face of the one scene query (scene-query/): the queryables registry (STAC field → scene
 * column), a search as a scene query (keyset pages: sort key + id, never OFFSET, so page 50 costs
 * what page 1 costs), and the per-satellite-and-sensor collections with their extents.
 */

/** The data status STAC publishes: scenes in the archive (已入库, SPEC §9's default '2'). */
export const STAC_DATA_STATUS = '2'

/**
 * STAC fields a CQL2 filter may name, and the scene columns behind them. The float4 (real) columns
 * bind their literals as real too, like the portal form's (scene-query/fields.ts): 0.8 m is stored
 * as 0.800000011920929 and would fail gsd <= 0.8 compared as float8.
 */
export const STAC_QUERYABLES: readonly Queryable[] = [
  {
    name: 'id',
    type: 'string',
    column: 's.id',
    get title() {
      return t('stac.fields.id')
    },
  },
  {
    name: 'datetime',
    type: 'timestamp',
    column: 's.acquired_at',
    get title() {
      return t('stac.fields.datetime')
    },
  },
  {
    name: 'eo:cloud_cover',
    type: 'number',
    sqlType: 'real',
    column: 's.cloud_percent',
    get title() {
      return t('stac.fields.eoCloudCover')
    },
  },
  {
    name: 'gsd',
    type: 'number',
    sqlType: 'real',
    column: 's.resolution_m',
    get title() {
      return t('stac.fields.gsd')
    },
  },
  {
    name: 'platform',
    type: 'string',
    column: 's.satellite',
    get title() {
      return t('stac.fields.platform')
    },
  },
  {
    name: 'instruments',
    type: 'string',
    column: 's.sensor',
    array: true,
    get title() {
      return t('stac.fields.instruments')
    },
  },
  {
    name: 'sat:absolute_orbit',
    type: 'integer',
    column: 's.orbit',
    get title() {
      return t('stac.fields.absoluteOrbit')
    },
  },
  {
    name: 'sat:relative_orbit',
    type: 'integer',
    column: 's.path',
    get title() {
      return t('stac.fields.relativeOrbit')
    },
  },
  {
    name: 'sat:orbit_state',
    type: 'string',
    column: 's.direction',
    get title() {
      return t('stac.fields.orbitState')
    },
  },
  {
    name: 'view:off_nadir',
    type: 'number',
    sqlType: 'real',
    column: 's.off_nadir_deg',
    get title() {
      return t('stac.fields.offNadir')
    },
  },
  {
    name: 'view:sun_elevation',
    type: 'number',
    sqlType: 'real',
    column: 's.sun_elevation_deg',
    get title() {
      return t('stac.fields.sunElevation')
    },
  },
  {
    name: 'rs:product_level',
    type: 'string',
    column: 's.product_level',
    get title() {
      return t('stac.fields.productLevel')
    },
  },
]

/** The geometry property's names in a filter. */
export const STAC_GEOMETRY_NAMES = ['geometry', 'footprint'] as const

/** Sortable fields (sortby) and the scene query's sort columns behind them. */
export const STAC_SORT_FIELDS: Record<string, SortColumn> = {
  datetime: 'time',
  'properties.datetime': 'time',
  'eo:cloud_cover': 'cloud',
  'properties.eo:cloud_cover': 'cloud',
  gsd: 'resolution',
  'properties.gsd': 'resolution',
  id: 'id',
}

export interface SortKey {
  field: string
  desc: boolean
}

/** A collection: one satellite and one sensor. */
export interface CollectionKey {
  satellite: string
  sensor: string
}

/** What a search asks, parsed and checked (stac-params.ts). */
export interface StacSearch {
  boxes?: Box[]
  intersects?: string
  /** [start, end] ISO instants, either open */
  datetime?: { start?: string; end?: string }
  ids?: string[]
  collections?: CollectionKey[]
  filter?: Condition
  sortby: SortKey[]
  limit: number
  /** the keyset position after which this page starts: the sort values, then the id */
  after?: KeyValues
}

/** The bounds of a footprint beside the scene (an item's bbox). */
interface Bounds {
  minx: number
  miny: number
  maxx: number
  maxy: number
}

export type StacRow = PageRow<Bounds>

const queryable = (name: string) => STAC_QUERYABLES.find((q) => q.name === name) as Queryable

/** A STAC sortby as the scene query's sort. */
const sortKeys = (sortby: SortKey[]) => sortby.map((k) => ({ column: STAC_SORT_FIELDS[k.field] as SortColumn, desc: k.desc }))

/** The keyset columns of a sortby in order, the id last (the token's shape). */
export const sortColumns = (sortby: SortKey[]) => sceneSortColumns(sortKeys(sortby))

/** The polygon of a lon/lat box as GeoJSON text. */
const boxPolygon = (b: Box) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [b.minx, b.miny],
        [b.minx, b.maxy],
        [b.maxx, b.maxy],
        [b.maxx, b.miny],
        [b.minx, b.miny],
      ],
    ],
  })

/**
 * A STAC search as the one scene query: the published scenes (data status '2'), its boxes or
 * geometry, datetime interval, ids, collections and CQL2 filter as one filter tree, its sortby.
 */
export function stacQuery(search: Omit<StacSearch, 'limit' | 'after'>): SceneQuery {
  const items: Condition[] = [{ op: 'compare', cmp: '=', attr: SCENE_FIELDS.dataStatus, value: STAC_DATA_STATUS, matchCase: true }]
  // ST_Intersects brings its own index condition (&&); a second && made the planner count the box's
  // selectivity twice (82 rows estimated for 28,000 at 5M scenes) and sort every match of the box
  if (search.boxes?.length) items.push({ op: 'or', items: search.boxes.map((b) => ({ op: 'intersects', geojson: boxPolygon(b) })) })
  if (search.intersects) items.push({ op: 'intersects', geojson: search.intersects })
  const datetime = queryable('datetime')
  if (search.datetime?.start) items.push({ op: 'compare', cmp: '>=', attr: datetime, value: search.datetime.start, matchCase: true })
  if (search.datetime?.end) items.push({ op: 'compare', cmp: '<=', attr: datetime, value: search.datetime.end, matchCase: true })
  if (search.ids) items.push({ op: 'ids', ids: search.ids })
  if (search.collections)
    items.push({
      op: 'or',
      items: search.collections.length
        ? search.collections.map((c) => ({
            op: 'and',
            items: [
              { op: 'compare', cmp: '=', attr: SCENE_FIELDS.satellite, value: c.satellite, matchCase: true },
              { op: 'compare', cmp: '=', attr: SCENE_FIELDS.sensor, value: c.sensor, matchCase: true },
            ],
          }))
        : [{ op: 'const', value: false }],
    })
  if (search.filter) items.push(search.filter)
  return { filter: { op: 'and', items }, sort: sortKeys(search.sortby) }
}

export interface CollectionSummary extends CollectionKey {
  count: number
  start: string
  end: string
  minx: number
  miny: number
  maxx: number
  maxy: number
  gsdMin: number
  gsdMax: number
  cloudMax: number
}

export function createStacRepository(db: Kysely<Database>) {
  const query = createSceneQuery(db)
  return {
    /** One page of the one scene query and the keyset position after it (null: the last page). */
    async search(search: StacSearch): Promise<{ rows: StacRow[]; next: KeyValues | null }> {
      return query.page<Bounds>(stacQuery(search), {
        limit: search.limit,
        after: search.after,
        columns: sql<Bounds>`ST_XMin(s.footprint) AS minx, ST_YMin(s.footprint) AS miny, ST_XMax(s.footprint) AS maxx, ST_YMax(s.footprint) AS maxy`,
      })
    },

    /** Whether GeoJSON geometries are valid (PostGIS's reason for the first that is not). */
    async invalidReason(geojson: string[]): Promise<string | undefined> {
      for (const g of geojson) {
        const r = await sql<{ reason: string }>`
          SELECT ST_IsValidReason(ST_SetSRID(ST_GeomFromGeoJSON(${g}::text), 4326)) AS reason`.execute(db)
        const reason = r.rows[0]?.reason ?? ''
        if (reason !== 'Valid Geometry') return reason
      }
      return undefined
    },

    /** Every satellite-and-sensor pair with its count, time span, extent and resolution range. */
    async collections(): Promise<CollectionSummary[]> {
      const result = await sql<{
        satellite: string
        sensor: string
        count: string | number
        start: Date | string
        end: Date | string
        minx: number
        miny: number
        maxx: number
        maxy: number
        gsd_min: number
        gsd_max: number
        cloud_max: number
      }>`
        SELECT satellite, sensor, count, start, "end", ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy, gsd_min, gsd_max, cloud_max
        FROM (
          SELECT satellite, sensor, count(*) AS count, min(acquired_at) AS start, max(acquired_at) AS "end",
            ST_Extent(footprint)::geometry AS e, min(resolution_m) AS gsd_min, max(resolution_m) AS gsd_max, max(cloud_percent) AS cloud_max
          FROM scene WHERE data_status = ${STAC_DATA_STATUS} GROUP BY satellite, sensor
        ) g
        ORDER BY satellite, sensor`.execute(db)
      return result.rows.map((r) => ({
        satellite: r.satellite,
        sensor: r.sensor,
        count: Number(r.count),
        start: new Date(r.start).toISOString(),
        end: new Date(r.end).toISOString(),
        minx: Number(r.minx),
        miny: Number(r.miny),
        maxx: Number(r.maxx),
        maxy: Number(r.maxy),
        gsdMin: Number(r.gsd_min),
        gsdMax: Number(r.gsd_max),
        cloudMax: Number(r.cloud_max),
      }))
    },
  }
}

export type StacRepository = ReturnType<typeof createStacRepository>
