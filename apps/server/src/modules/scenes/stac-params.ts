import { forbiddenCharacter, type MessageKey } from '@rs/shared'
import { FilterError, parseInstant, quoteText } from '../../lib/filter/ast'
import { parseCql2Json } from '../../lib/filter/cql2-json'
import { parseCql2Text } from '../../lib/filter/cql2-text'
import { checkBbox, checkGeometry } from '../../lib/filter/geometry'
import { t } from '../../lib/locale'
import {
  type CollectionKey,
  type SortKey,
  STAC_GEOMETRY_NAMES,
  STAC_QUERYABLES,
  STAC_SORT_FIELDS,
  type StacSearch,
  sortColumns,
} from './stac-search'

/** Limits of /stac/search and the items pages (the landing page and the OpenAPI text state them). */
export const STAC_LIMITS = {
  /** items per page when limit is absent */
  defaultLimit: 10,
  /** most items per page; a larger limit is a 400 */
  maxLimit: 1000,
  /** most ids in one search */
  maxIds: 1000,
  /** most collections in one search */
  maxCollections: 200,
  /** most sort keys */
  maxSortKeys: 3,
} as const

/** A STAC API error: answered as {code, description} with a Chinese description. */
export class StacError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description)
    this.name = 'StacError'
  }

  static of(
    status: number,
    key: MessageKey,
    params?: Record<string, string | number>,
    code = status === 404 ? 'NotFound' : 'InvalidParameterValue',
  ) {
    return new StacError(status, code, t(key, params))
  }

  static fromFilter(error: FilterError) {
    return new StacError(400, 'InvalidParameterValue', t(error.key, error.params))
  }
}

const bad = (key: MessageKey, params?: Record<string, string | number>) => StacError.of(400, key, params)

const CQL2_CONTEXT = { queryables: STAC_QUERYABLES, geometryNames: STAC_GEOMETRY_NAMES }

/** The raw search as a GET query or a POST body gives it (strings or parsed JSON). */
export interface RawSearch {
  bbox?: unknown
  intersects?: unknown
  datetime?: unknown
  ids?: unknown
  collections?: unknown
  limit?: unknown
  sortby?: unknown
  filter?: unknown
  'filter-lang'?: unknown
  'filter-crs'?: unknown
  token?: unknown
}

const COLLECTION_ID = /^[A-Z0-9][A-Z0-9-]{0,39}_[A-Za-z0-9+-]{1,40}$/

/** `GF1_PMS1` → satellite GF1, sensor PMS1 (satellite codes have no underscore). */
export function parseCollectionId(id: string): CollectionKey | undefined {
  if (!COLLECTION_ID.test(id)) return undefined
  const cut = id.indexOf('_')
  return { satellite: id.slice(0, cut), sensor: id.slice(cut + 1) }
}

export const collectionId = (k: CollectionKey) => `${k.satellite}_${k.sensor}`

function list(value: unknown, name: 'ids' | 'collections', max: number): string[] {
  const items = typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value
  const key: MessageKey = name === 'ids' ? 'stac.errors.badIds' : 'stac.errors.badCollections'
  if (!Array.isArray(items) || items.length > max || !items.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 120))
    throw bad(key, { max })
  return items as string[]
}

function parseLimit(value: unknown): number {
  if (value === undefined || value === '') return STAC_LIMITS.defaultLimit
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > STAC_LIMITS.maxLimit)
    throw bad('stac.errors.badLimit', { max: STAC_LIMITS.maxLimit, default: STAC_LIMITS.defaultLimit })
  return n
}

function parseBboxParam(value: unknown) {
  let numbers: unknown[]
  if (typeof value === 'string')
    numbers = value.split(',').map((v) => (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v) ? Number(v) : Number.NaN))
  else if (Array.isArray(value)) numbers = value
  else throw bad('stac.errors.badBbox')
  try {
    return checkBbox(numbers as number[])
  } catch {
    throw bad('stac.errors.badBbox')
  }
}

/** RFC 3339 instant or interval (`a/b`, `../b`, `a/..`, open ends empty or ..). */
export function parseDatetime(value: unknown): { start?: string; end?: string } {
  if (typeof value !== 'string' || value.trim() === '') throw bad('stac.errors.badDatetime', { value: quoteText(String(value)) })
  const text = value.trim()
  const instant = (part: string) => {
    const d = parseInstant(part)
    if (!d) throw bad('stac.errors.badDatetime', { value: quoteText(text) })
    return d.toISOString()
  }
  const parts = text.split('/')
  if (parts.length === 1) {
    const at = instant(text)
    return { start: at, end: at }
  }
  if (parts.length !== 2) throw bad('stac.errors.badDatetime', { value: quoteText(text) })
  const open = (p: string) => p === '' || p === '..'
  const [a, b] = parts as [string, string]
  if (open(a) && open(b)) throw bad('stac.errors.badDatetime', { value: quoteText(text) })
  const start = open(a) ? undefined : instant(a)
  const end = open(b) ? undefined : instant(b)
  if (start && end && start > end) throw bad('stac.errors.reversedInterval', { value: quoteText(text) })
  return { start, end }
}

const SORT_NAMES = () => Object.keys(STAC_SORT_FIELDS).filter((k) => !k.startsWith('properties.'))

function parseSortby(value: unknown): SortKey[] {
  if (value === undefined || value === '') return [{ field: 'datetime', desc: true }]
  const fail = () =>
    bad('stac.errors.badSortby', {
      value: quoteText(typeof value === 'string' ? value : JSON.stringify(value)),
      fields: SORT_NAMES().join(', '),
      max: STAC_LIMITS.maxSortKeys,
    })
  let keys: SortKey[]
  if (typeof value === 'string') {
    // a '+' in a query string arrives as a space
    keys = value.split(',').map((part) => {
      const m = /^\s*([+-]?)\s*([\w:.]+)\s*$/.exec(part)
      if (!m) throw fail()
      return { field: m[2] as string, desc: m[1] === '-' }
    })
  } else if (Array.isArray(value)) {
    keys = value.map((v) => {
      if (!v || typeof v !== 'object' || typeof (v as { field?: unknown }).field !== 'string') throw fail()
      const direction = (v as { direction?: unknown }).direction ?? 'asc'
      if (direction !== 'asc' && direction !== 'desc') throw fail()
      return { field: (v as { field: string }).field, desc: direction === 'desc' }
    })
  } else throw fail()
  if (keys.length === 0 || keys.length > STAC_LIMITS.maxSortKeys || keys.some((k) => !Object.hasOwn(STAC_SORT_FIELDS, k.field)))
    throw fail()
  return keys
}

/** The opaque keyset token: the sort it belongs to and the last row's sort values and id. */
export function encodeToken(sortby: SortKey[], key: Array<string | number>): string {
  return Buffer.from(JSON.stringify({ s: signature(sortby), k: key })).toString('base64url')
}

const signature = (sortby: SortKey[]) =>
  sortColumns(sortby)
    .map((c) => `${c.column}${c.desc ? '-' : '+'}`)
    .join(',')

function decodeToken(token: unknown, sortby: SortKey[]): Array<string | number> {
  const fail = () => bad('stac.errors.badToken')
  if (typeof token !== 'string' || token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) throw fail()
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    throw fail()
  }
  const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown }
  const cols = sortColumns(sortby)
  if (s !== signature(sortby) || !Array.isArray(k) || k.length !== cols.length) throw fail()
  k.forEach((v, i) => {
    const kind = cols[i]?.kind
    if (kind === 'time' && !(typeof v === 'string' && parseInstant(v))) throw fail()
    if (kind === 'number' && !(typeof v === 'number' && Number.isFinite(v))) throw fail()
    // a forged token's text key reaches SQL as a bound value: no control character (PostgreSQL refuses NUL)
    if (kind === 'text' && !(typeof v === 'string' && v.length <= 200 && !forbiddenCharacter(v))) throw fail()
  })
  return k as Array<string | number>
}

function parseFilter(value: unknown, lang: unknown, crs: unknown, fromBody: boolean) {
  if (crs !== undefined && crs !== 'http://www.opengis.net/def/crs/OGC/1.3/CRS84') throw bad('stac.errors.badFilterCrs')
  const language =
    lang ??
    (fromBody && typeof value === 'object' ? 'cql2-json' : typeof value === 'string' && /^\s*\{/.test(value) ? 'cql2-json' : 'cql2-text')
  try {
    if (language === 'cql2-json') return parseCql2Json(value, CQL2_CONTEXT)
    if (language !== 'cql2-text') throw bad('stac.errors.badFilterLang')
    if (typeof value !== 'string') throw bad('stac.cql2.notJson')
    return parseCql2Text(value, CQL2_CONTEXT)
  } catch (error) {
    if (error instanceof FilterError) throw StacError.fromFilter(error)
    throw error
  }
}

function parseIntersects(value: unknown): string {
  let geometry = value
  if (typeof value === 'string') {
    try {
      geometry = JSON.parse(value)
    } catch {
      throw bad('stac.errors.badIntersects')
    }
  }
  try {
    return JSON.stringify(checkGeometry(geometry))
  } catch (error) {
    if (error instanceof FilterError) throw StacError.fromFilter(error)
    throw error
  }
}

/** A GET query or POST body as a checked search; `fromBody` tells JSON values from query strings. */
export function parseSearch(raw: RawSearch, fromBody: boolean): StacSearch {
  const present = (v: unknown) => v !== undefined && v !== null && v !== ''
  if (present(raw.bbox) && present(raw.intersects)) throw bad('stac.errors.bboxAndIntersects')
  const sortby = parseSortby(raw.sortby)
  return {
    boxes: present(raw.bbox) ? parseBboxParam(raw.bbox) : undefined,
    intersects: present(raw.intersects) ? parseIntersects(raw.intersects) : undefined,
    datetime: present(raw.datetime) ? parseDatetime(raw.datetime) : undefined,
    ids: present(raw.ids) ? list(raw.ids, 'ids', STAC_LIMITS.maxIds) : undefined,
    collections: present(raw.collections)
      ? list(raw.collections, 'collections', STAC_LIMITS.maxCollections).map((id) => {
          const key = parseCollectionId(id)
          if (!key) throw StacError.of(400, 'stac.errors.unknownCollection', { id: quoteText(id, 60) })
          return key
        })
      : undefined,
    filter: present(raw.filter) ? parseFilter(raw.filter, raw['filter-lang'], raw['filter-crs'], fromBody) : undefined,
    sortby,
    limit: parseLimit(raw.limit),
    after: present(raw.token) ? decodeToken(raw.token, sortby) : undefined,
  }
}
