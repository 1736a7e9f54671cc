import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { Condition } from '../../lib/filter/ast'
import { conditionSql as filterSql } from '../../lib/filter/sql'
import type { LayerDef, TileLayerDef } from './layers'
import type { LayerGrant } from './map-access'
import { type Box, MERCATOR_MAX } from './params'

/**
 * Every SQL statement of the map services. Table and column names come only from the layer
 * registry (sql.id / sql.ref); every value from a request is a bound parameter.
 */

export type Row = Record<string, unknown>

/**
 * The stored query a query layer's tile shows (layers.ts QUERY_LAYERS): its condition and order on
 * the layer's alias, the most features of a tile, and a key that names it in the tile cache.
 */
export interface TileQuery {
  key: string
  where: RawBuilder<unknown>
  order: RawBuilder<unknown>
  limit: number
}

const table = (layer: TileLayerDef) => sql.id(layer.table)
const geom = (layer: TileLayerDef) => sql.ref(layer.geometryColumn)
/** FROM item of a tile: the table under its alias, when it has one. */
const tileTable = (layer: TileLayerDef) => (layer.alias ? sql`${table(layer)} AS ${sql.id(layer.alias)}` : table(layer))
const queryWhere = (query?: TileQuery) => (query ? sql`AND ${query.where}` : sql``)
const queryLimit = (query?: TileQuery) => (query ? sql`ORDER BY ${query.order} LIMIT ${query.limit}::int` : sql``)
const col = (name: string) => sql.ref(name)
/** The rows a caller may read of a protected layer (map-access.ts); every row of a public one. */
const granted = (grant?: LayerGrant) => (grant ? grant.where : sql`true`)

const envelope = (box: Box) => sql`ST_MakeEnvelope(${box.minx}, ${box.miny}, ${box.maxx}, ${box.maxy}, 4326)`

function fixed(layer: TileLayerDef): RawBuilder<unknown> {
  return layer.fixedFilter ? sql`${col(layer.fixedFilter.column)} = ${layer.fixedFilter.value}` : sql`true`
}

function attributes(layer: TileLayerDef, only?: string[]): RawBuilder<unknown> {
  const names = only ?? layer.attributes.map((a) => a.name)
  return sql.join(names.map((n) => col(n)))
}

/** A filter tree as a SQL condition on a layer (lib/filter compiles it). */
export function conditionSql(layer: LayerDef, c: Condition): RawBuilder<unknown> {
  return filterSql(c, { geometryColumn: layer.geometryColumn, idColumn: layer.idColumn })
}

/** The band of pre-simplified geometry a tile of zoom z draws from, if the layer has one for that zoom. */
function tileBand(layer: TileLayerDef, z: number) {
  return layer.tileGeometry?.filter((b) => z <= b.maxZoom).sort((a, b) => a.maxZoom - b.maxZoom)[0]
}

/** The geometry a tile of zoom z draws from: the layer's pre-simplified column for that zoom, else its geometry. */
function tileGeom(layer: TileLayerDef, z: number): RawBuilder<unknown> {
  return sql.ref(tileBand(layer, z)?.column ?? layer.geometryColumn)
}

/** Whether the column of zoom z is already simplified as a tile of z simplifies (the tile takes it as it is). */
function simplifiedFor(layer: TileLayerDef, z: number): boolean {
  const band = tileBand(layer, z)
  return band?.exact === true && band.maxZoom === z
}

/** Rows a tile of zoom z shows: those whose minimum zoom (tileMinZoom) it has reached. */
function tileVisible(layer: TileLayerDef, z: number): RawBuilder<unknown> {
  const rule = layer.tileMinZoom
  if (!rule) return sql`true`
  const hidden = Object.entries(rule.byValue)
    .filter(([, minZoom]) => z < minZoom)
    .map(([value]) => value)
  return hidden.length ? sql`${col(rule.column)} NOT IN (${sql.join(hidden)})` : sql`true`
}

/** The attributes a tile of zoom z carries (tileSummary below its zoom). */
function tileAttributes(layer: TileLayerDef, z: number): RawBuilder<unknown> {
  const summary = layer.tileSummary
  return attributes(layer, summary && z < summary.belowZoom ? summary.attributes : undefined)
}

/**
 * From this zoom on a shape smaller than the tolerance is kept as a speck; below it, it is left
 * out (a quarter pixel at most, and counties at zoom 0–4 are thousands of such specks).
 */
const KEEP_COLLAPSED_FROM_ZOOM = 5

/** Decimals of GeoJSON coordinates that keep a tenth of the simplification tolerance (degrees). */
function tileDigits(tolerance: number): number {
  return Math.min(7, Math.max(3, Math.ceil(-Math.log10(tolerance)) + 1))
}

export function createMapRepository(db: Kysely<Database>) {
  return {
    /**
     * Geometries of a layer inside a lon/lat box for drawing: clipped to the box (unless wholly
     * inside it) and simplified by `tolerance` degrees, as GeoJSON text.
     */
    async drawable(layer: LayerDef, box: Box, tolerance: number, digits: number, grant?: LayerGrant): Promise<string[]> {
      const g = geom(layer)
      const result = await sql<{ g: string | null }>`
        SELECT ST_AsGeoJSON(ST_Simplify(CASE WHEN ${g} @ e.env THEN ${g} ELSE ST_ClipByBox2D(${g}, e.env) END, ${tolerance}::float8, true), ${digits}::int) AS g
        FROM ${table(layer)}, (SELECT ${envelope(box)} AS env) e
        WHERE ${g} && e.env AND ${fixed(layer)} AND ${granted(grant)}`.execute(db)
      return result.rows.flatMap((r) => (r.g ? [r.g] : []))
    },

    /** Features under a point (polygons contain it; other geometries lie within `tolerance` degrees). */
    async atPoint(layer: LayerDef, lon: number, lat: number, tolerance: number, limit: number, grant?: LayerGrant): Promise<Row[]> {
      const g = geom(layer)
      const point = sql`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)`
      const test = layer.geometryType.endsWith('Polygon')
        ? sql`ST_Intersects(${g}, ${point})`
        : sql`ST_DWithin(${g}, ${point}, ${tolerance}::float8)`
      const result = await sql<Row>`
        SELECT ${attributes(layer)} FROM ${table(layer)}
        WHERE ${g} && ST_Expand(${point}, ${tolerance}::float8) AND ${test} AND ${fixed(layer)} AND ${granted(grant)}
        ORDER BY ${col(layer.idColumn)} LIMIT ${limit}::int`.execute(db)
      return result.rows
    },

    async count(layer: LayerDef, where: Condition | undefined, grant?: LayerGrant): Promise<number> {
      const result = await sql<{ n: number | string }>`
        SELECT count(*) AS n FROM ${table(layer)} WHERE ${fixed(layer)} AND ${granted(grant)} AND ${where ? conditionSql(layer, where) : sql`true`}`.execute(
        db,
      )
      return Number(result.rows[0]?.n ?? 0)
    },

    /**
     * One page of features in a stable order (the sort keys, then the id). The geometry comes as
     * GeoJSON (lon/lat or EPSG:3857 metres) or as GML 3.2 from ST_AsGML.
     */
    async page(
      layer: LayerDef,
      options: {
        where?: Condition
        properties: string[]
        sortBy: Array<{ name: string; desc: boolean }>
        offset: number
        limit: number
        output: 'geojson' | 'gml'
        srid: 4326 | 3857
        grant?: LayerGrant
      },
    ): Promise<Array<Row & { __geom: string | null }>> {
      const g = geom(layer)
      const projected = options.srid === 3857 ? sql`ST_Transform(${g}, 3857)` : g
      const digits = options.srid === 3857 ? 2 : 7
      const geometry =
        options.output === 'geojson'
          ? sql`ST_AsGeoJSON(${projected}, ${digits}::int)`
          : // GML 3.2: option 1 = urn CRS name, 16 = lat/lon axis order (only for EPSG:4326), 4 = plain LineString/Polygon
            sql`ST_AsGML(3, ${projected}, ${digits}::int, ${options.srid === 4326 ? 1 | 4 | 16 : 1 | 4}::int, 'gml', ${`${layer.name}.`}::text || ${col(layer.idColumn)}::text || '.geom')`
      const order = [
        ...options.sortBy.map((s) => sql`${col(s.name)} ${sql.raw(s.desc ? 'DESC' : 'ASC')} NULLS LAST`),
        sql`${col(layer.idColumn)}`,
      ]
      const idSelect = sql`${col(layer.idColumn)}::text AS __id`
      const result = await sql<Row & { __geom: string | null }>`
        SELECT ${idSelect}, ${options.properties.length ? sql`${attributes(layer, options.properties)},` : sql``} ${geometry} AS __geom
        FROM ${table(layer)}
        WHERE ${fixed(layer)} AND ${granted(options.grant)} AND ${options.where ? conditionSql(layer, options.where) : sql`true`}
        ORDER BY ${sql.join(order)}
        LIMIT ${options.limit}::int OFFSET ${options.offset}::int`.execute(db)
      return result.rows
    },

    /** The layer's extent in lon/lat, or undefined when it has no geometries yet. */
    async extent(layer: LayerDef): Promise<Box | undefined> {
      const result = await sql<{ minx: number | null; miny: number | null; maxx: number | null; maxy: number | null }>`
        SELECT ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy
        FROM (SELECT ST_Extent(${geom(layer)})::geometry AS e FROM ${table(layer)} WHERE ${fixed(layer)}) t`.execute(db)
      const r = result.rows[0]
      if (!r || r.minx === null || r.miny === null || r.maxx === null || r.maxy === null) return undefined
      return { minx: Number(r.minx), miny: Number(r.miny), maxx: Number(r.maxx), maxy: Number(r.maxy) }
    },

    /**
     * Features of tile z of a layer (its lon/lat box with the buffer) simplified by `tolerance`
     * degrees, as the text of one GeoJSON FeatureCollection (built by the database: one row, one
     * parse) for the MVT fallback. Drawn from the pre-simplified column of that zoom, only rows
     * visible at z, the index test on the full geometry; properties without nulls (MVT has none).
     */
    async tileFeatures(
      layer: TileLayerDef,
      z: number,
      box: Box,
      tolerance: number,
      query?: TileQuery,
      grant?: LayerGrant,
    ): Promise<string> {
      const full = geom(layer)
      const g = tileGeom(layer, z)
      // geojson-vt cuts the tile itself; the database clips only full geometries (no pre-simplified column)
      const clipped = !layer.tileGeometry?.some((b) => z <= b.maxZoom)
        ? sql`CASE WHEN ${g} @ e.env THEN ${g} ELSE ST_ClipByBox2D(${g}, e.env) END`
        : g
      const names =
        layer.tileSummary && z < layer.tileSummary.belowZoom ? layer.tileSummary.attributes : layer.attributes.map((a) => a.name)
      const properties = sql`json_strip_nulls(json_build_object(${sql.join(names.map((n) => sql`${n}::text, f.${col(n)}`))}))`
      const shape = simplifiedFor(layer, z) ? g : sql`ST_Simplify(${clipped}, ${tolerance}::float8, ${z >= KEEP_COLLAPSED_FROM_ZOOM})`
      // shapes simplified away (NULL) are left out on the geometry itself: a filter on the built JSON
      // parsed every feature's text again, the larger part of a county tile's time in PGlite
      const result = await sql<{ fc: string }>`
        SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object('type', 'Feature',
          'properties', ${properties}, 'geometry', ST_AsGeoJSON(f.__shape, ${tileDigits(tolerance)}::int)::json)), '[]'::json))::text AS fc
        FROM (
          SELECT ${sql.join(names.map((n) => col(n)))}, ${shape} AS __shape
          FROM ${tileTable(layer)}, (SELECT ${envelope(box)} AS env) e
          WHERE ${full} && e.env AND ${fixed(layer)} AND ${granted(grant)} AND ${tileVisible(layer, z)} ${queryWhere(query)}
          ${queryLimit(query)}
        ) f
        WHERE f.__shape IS NOT NULL`.execute(db)
      return result.rows[0]?.fc ?? '{"type":"FeatureCollection","features":[]}'
    },

    /** A tile from PostGIS's ST_AsMVT (PostgreSQL with protobuf support only); `tolerance` in metres. */
    async mvt(
      layer: TileLayerDef,
      z: number,
      x: number,
      y: number,
      tolerance: number,
      query?: TileQuery,
      grant?: LayerGrant,
    ): Promise<Uint8Array> {
      const full = geom(layer)
      const g = tileGeom(layer, z)
      const result = await sql<{ tile: Uint8Array | null }>`
        WITH b AS (SELECT ST_TileEnvelope(${z}::int, ${x}::int, ${y}::int) AS env),
        -- the tile with its buffer, kept inside the Mercator square (beyond ±180° it would wrap round)
        bx AS (SELECT ST_Expand(env, (ST_XMax(env) - ST_XMin(env)) / 64) AS env FROM b),
        b4326 AS (
          SELECT ST_Transform(ST_MakeEnvelope(greatest(ST_XMin(env), ${-MERCATOR_MAX}::float8), greatest(ST_YMin(env), ${-MERCATOR_MAX}::float8),
            least(ST_XMax(env), ${MERCATOR_MAX}::float8), least(ST_YMax(env), ${MERCATOR_MAX}::float8), 3857), 4326) AS env FROM bx),
        q AS (
          SELECT ${tileAttributes(layer, z)},
            ST_AsMVTGeom(${simplifiedFor(layer, z) ? sql`ST_Transform(${g}, 3857)` : sql`ST_Simplify(ST_Transform(${g}, 3857), ${tolerance}::float8, ${z >= KEEP_COLLAPSED_FROM_ZOOM})`}, b.env, 4096, 64, true) AS mvt_geom
          FROM ${tileTable(layer)}, b, b4326
          WHERE ${full} && b4326.env AND ${fixed(layer)} AND ${granted(grant)} AND ${tileVisible(layer, z)} ${queryWhere(query)}
          ${queryLimit(query)}
        )
        SELECT ST_AsMVT(q, ${layer.name}::text, 4096, 'mvt_geom') AS tile FROM q WHERE mvt_geom IS NOT NULL`.execute(db)
      return result.rows[0]?.tile ?? new Uint8Array()
    },

    /** Whether this database can build tiles itself (PostGIS compiled with protobuf-c). */
    async supportsAsMvt(): Promise<boolean> {
      try {
        await sql`SELECT ST_AsMVT(q, 'probe') FROM (SELECT ST_AsMVTGeom(ST_SetSRID(ST_MakePoint(0, 0), 3857), ST_TileEnvelope(0, 0, 0)) AS geom) q`.execute(
          db,
        )
        return true
      } catch {
        return false
      }
    },
  }
}

export type MapRepository = ReturnType<typeof createMapRepository>
