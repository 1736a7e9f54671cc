import type { MessageKey } from '@rs/shared'
import type { RawBuilder } from 'kysely'

/**
 * One filter tree for every query language the server accepts (FES 2.0 for WFS, CQL2-text and
 * CQL2-JSON for STAC). A tree names only registry queryables, uses a closed set of operators, and
 * keeps literals as values that become bound parameters when compiled to SQL (sql.ts).
 */

export type QueryableType = 'string' | 'integer' | 'number' | 'timestamp'

/** A property a filter may name: its public identifier, the SQL column behind it, its type. */
export interface Queryable {
  /** the identifier clients use (a WFS property name, a STAC field like eo:cloud_cover) */
  name: string
  type: QueryableType
  /** Chinese title, shown in capabilities and queryables documents */
  title: string
  /** the column (optionally alias-qualified, e.g. s.cloud_percent); the name when absent */
  column?: string
  /** the STAC field holds an array of these values (instruments): compared element-wise */
  array?: boolean
  /** a float4 column whose literals are bound as float4, so a value compares at the precision the column stores */
  sqlType?: 'real'
}

/** A lon/lat box (x = longitude, y = latitude) in WGS84 degrees. */
export interface Box {
  minx: number
  miny: number
  maxx: number
  maxy: number
}

export type Comparison = '=' | '<>' | '<' | '>' | '<=' | '>='
export type Literal = string | number

export type Condition =
  | { op: 'and' | 'or'; items: Condition[] }
  | { op: 'not'; item: Condition }
  | { op: 'const'; value: boolean }
  | { op: 'compare'; cmp: Comparison; attr: Queryable; value: Literal; matchCase: boolean }
  | { op: 'like'; attr: Queryable; pattern: string; matchCase: boolean }
  | { op: 'null'; attr: Queryable }
  | { op: 'between'; attr: Queryable; lower: Literal; upper: Literal }
  | { op: 'in'; attr: Queryable; values: Literal[]; matchCase: boolean }
  | { op: 'bbox'; box: Box }
  /** the target's geometry intersects this GeoJSON geometry (validated, WGS84; text for the database) */
  | { op: 'intersects'; geojson: string }
  /** the target's geometry covers the whole of this GeoJSON geometry (no point of it outside) */
  | { op: 'covers'; geojson: string }
  | { op: 'ids'; ids: string[] }
  /**
   * A condition the server resolved itself from a stored area (a region's outline or provinces, an
   * uploaded area, a FILE list): built only by server code, never by a parser from client text.
   */
  | { op: 'sql'; sql: RawBuilder<unknown> }

/** Bounds of any filter text or tree, whatever its language. */
export const FILTER_LIMITS = {
  maxChars: 20_000,
  maxDepth: 12,
  maxNodes: 300,
  /** most vertices of all geometries in one filter */
  maxVertices: 10_000,
  /** most values of one IN list */
  maxList: 1000,
} as const

/** A client's mistake in a filter, with the Chinese message key that says what to change. */
export class FilterError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(key)
    this.name = 'FilterError'
  }
}

/** Looks a queryable up by identifier (a namespace prefix like rs: is accepted when allowed). */
export function findQueryable(queryables: readonly Queryable[], name: string): Queryable | undefined {
  return queryables.find((q) => q.name === name)
}

/** Shortens user text quoted back in a message. */
export function quoteText(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

/** ISO 8601 / RFC 3339 timestamp or date, checked so the database never sees a malformed value. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/

/** The instant of an RFC 3339 timestamp (a date alone means its midnight UTC), or undefined. */
export function parseInstant(text: string): Date | undefined {
  if (!TIMESTAMP.test(text)) return undefined
  const normal = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text
  const date = new Date(normal)
  if (Number.isNaN(date.getTime())) return undefined
  // reject impossible dates that Date rolls over (2026-02-30)
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const check = new Date(Date.UTC(y, m - 1, d))
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined
  return date
}

/** A literal converted to a queryable's type; the message names what was expected. */
export function literalFor(attr: Queryable, raw: unknown): Literal {
  if (attr.type === 'string') {
    if (typeof raw === 'string') return raw
    if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
    throw new FilterError('stac.cql2.notString', { name: attr.name, value: quoteText(JSON.stringify(raw) ?? '') })
  }
  if (attr.type === 'timestamp') {
    const instant = typeof raw === 'string' ? parseInstant(raw) : undefined
    if (!instant) throw new FilterError('stac.cql2.notTimestamp', { name: attr.name, value: quoteText(String(raw)) })
    return instant.toISOString()
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw) : Number.NaN
  if (!Number.isFinite(n)) throw new FilterError('stac.cql2.notNumber', { name: attr.name, value: quoteText(String(raw)) })
  return n
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** Counts nodes and depth of a tree against FILTER_LIMITS. */
export function checkSize(c: Condition): void {
  let nodes = 0
  const walk = (n: Condition, depth: number) => {
    nodes += 1
    if (depth > FILTER_LIMITS.maxDepth || nodes > FILTER_LIMITS.maxNodes)
      throw new FilterError('stac.cql2.tooDeep', { depth: FILTER_LIMITS.maxDepth, nodes: FILTER_LIMITS.maxNodes })
    if (n.op === 'and' || n.op === 'or') for (const i of n.items) walk(i, depth + 1)
    else if (n.op === 'not') walk(n.item, depth + 1)
  }
  walk(c, 1)
}

/** The GeoJSON texts of a tree's spatial operands (to check their validity before the search runs). */
export function geometriesOf(c: Condition): string[] {
  if (c.op === 'intersects' || c.op === 'covers') return [c.geojson]
  if (c.op === 'and' || c.op === 'or') return c.items.flatMap(geometriesOf)
  if (c.op === 'not') return geometriesOf(c.item)
  return []
}
