import { type RawBuilder, sql } from 'kysely'
import type { Box, Condition, Literal, Queryable } from './ast'

/**
 * A filter tree as a SQL condition. Column names come only from the queryables in the tree (and the
 * target's geometry and id columns, fixed by the caller); every literal is a bound parameter.
 */

/** The columns a tree's spatial and id operators act on (alias-qualified names allowed). */
export interface FilterTarget {
  geometryColumn: string
  idColumn: string
}

const col = (q: Queryable) => sql.ref(q.column ?? q.name)

const CAST = { string: 'text', integer: 'double precision', number: 'double precision', timestamp: 'timestamptz' } as const
const cast = (q: Queryable) => sql.raw(CAST[q.type])
/**
 * A literal bound in the queryable's SQL type. A float4 column's number is first rounded to float4
 * (Math.fround): the same value PostgreSQL would make of it, and past float4's range ±Infinity or 0
 * instead of an 'out of range' error (gsd < 1e39 is every scene).
 */
const literal = (q: Queryable, v: Literal) =>
  q.type === 'string' ? String(v) : q.sqlType === 'real' && typeof v === 'number' ? Math.fround(v) : v
const bound = (q: Queryable, v: Literal) => sql`${literal(q, v)}::${q.sqlType ? sql.raw(q.sqlType) : cast(q)}`

/** The envelope of a lon/lat box in EPSG:4326. */
export const envelopeSql = (box: Box) => sql`ST_MakeEnvelope(${box.minx}, ${box.miny}, ${box.maxx}, ${box.maxy}, 4326)`

export function conditionSql(c: Condition, target: FilterTarget): RawBuilder<unknown> {
  const geom = sql.ref(target.geometryColumn)
  switch (c.op) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        c.items.map((i) => conditionSql(i, target)),
        sql.raw(c.op === 'and' ? ' AND ' : ' OR '),
      )})`
    case 'not':
      return sql`(NOT coalesce(${conditionSql(c.item, target)}, false))`
    case 'const':
      return c.value ? sql`true` : sql`false`
    case 'compare': {
      const op = sql.raw(c.cmp)
      if (c.attr.type === 'string' && !c.matchCase) return sql`(lower(${col(c.attr)}) ${op} lower(${String(c.value)}::text))`
      return sql`(${col(c.attr)} ${op} ${bound(c.attr, c.value)})`
    }
    case 'like': {
      const target = c.attr.type === 'string' ? col(c.attr) : sql`${col(c.attr)}::text`
      return c.matchCase ? sql`(${target} LIKE ${c.pattern}::text ESCAPE '\\')` : sql`(${target} ILIKE ${c.pattern}::text ESCAPE '\\')`
    }
    case 'null':
      return sql`(${col(c.attr)} IS NULL)`
    case 'between':
      return sql`(${col(c.attr)} BETWEEN ${bound(c.attr, c.lower)} AND ${bound(c.attr, c.upper)})`
    case 'in': {
      if (c.values.length === 0) return sql`false`
      if (c.attr.type === 'string' && !c.matchCase)
        return sql`(lower(${col(c.attr)}) IN (${sql.join(c.values.map((v) => sql`lower(${String(v)}::text)`))}))`
      return sql`(${col(c.attr)} IN (${sql.join(c.values.map((v) => bound(c.attr, v)))}))`
    }
    case 'bbox':
      return sql`(${geom} && ${envelopeSql(c.box)} AND ST_Intersects(${geom}, ${envelopeSql(c.box)}))`
    case 'intersects':
      return sql`ST_Intersects(${geom}, ST_SetSRID(ST_GeomFromGeoJSON(${c.geojson}::text), 4326))`
    case 'covers':
      return sql`ST_Covers(${geom}, ST_SetSRID(ST_GeomFromGeoJSON(${c.geojson}::text), 4326))`
    case 'ids':
      return c.ids.length ? sql`(${sql.ref(target.idColumn)}::text IN (${sql.join(c.ids)}))` : sql`false`
    case 'sql':
      return sql`(${c.sql})`
  }
}
