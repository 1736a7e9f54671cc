import {
  ARCHIVE_LIMITS,
  type AreaGeometry,
  DATA_STATUS,
  DEFAULT_DATA_STATUS,
  PRODUCT_LEVELS,
  SCENE_SORT_FIELDS,
  type SceneArea,
  type SceneFilters,
  type SceneSortField,
} from '@rs/shared'
import { decodeDeltas, encodeDeltas } from 'ol/format/Polyline'
import { PATHS } from '../../config/paths'

/**
 * The image query in the address (SPEC §4): one encoder and decoder per concern (area, filters,
 * sort, page, tab, whether a search ran). Decoders never throw: a value they cannot read falls back
 * to its default, so a mangled link still opens the screen. Writers leave defaults out, so a link
 * stays short.
 */

/** Sidebar tabs of SPEC §4: SELECT=1, RESULT=2, COVERAGE=3. */
export const ARCHIVE_TAB = { SELECT: 1, RESULT: 2, COVERAGE: 3 } as const
export type ArchiveTab = (typeof ARCHIVE_TAB)[keyof typeof ARCHIVE_TAB]

export type PageSize = (typeof ARCHIVE_LIMITS.pageSizes)[number]
export interface ArchivePage {
  pageNum: number
  pageSize: PageSize
}
export interface ArchiveSort {
  sortField: SceneSortField
  sortOrder: 'asc' | 'desc'
}

/** Everything the address holds about the query. */
export interface ArchiveSearch {
  area: SceneArea | null
  filters: SceneFilters
  sort: ArchiveSort
  page: ArchivePage
  tab: ArchiveTab
  /** A search was started (Search button); results show until the area changes. */
  run: boolean
}

export const DEFAULT_FILTERS: SceneFilters = { satellites: [], sensors: [], productLevels: [], dataStatus: DEFAULT_DATA_STATUS }
export const DEFAULT_SORT: ArchiveSort = { sortField: 'time', sortOrder: 'desc' }
export const DEFAULT_PAGE: ArchivePage = { pageNum: 1, pageSize: 20 }

/** Parameter names, one list so writers can clear what a concern owns. */
const AREA_KEYS = ['mode', 'region', 'bbox', 'draw', 'upload'] as const
const FILTER_KEYS = ['sat', 'sensor', 'from', 'to', 'cloud', 'resMin', 'resMax', 'level', 'status'] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const REGION = /^\d{6}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const SATELLITE = /^[A-Z0-9][A-Z0-9-]{0,39}$/
const SENSOR = /^[A-Z0-9][A-Z0-9-]{0,39}:[A-Za-z0-9+-]{1,40}$/

/** Coordinates of a drawn shape keep 5 decimals (about 1 m), enough for a query area. */
const DRAW_FACTOR = 1e5

function ringToText(ring: number[][]): string {
  const open = ring.length > 1 && ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1] ? ring.slice(0, -1) : ring
  return encodeDeltas(
    open.flatMap(([lon = 0, lat = 0]) => [lon, lat]),
    2,
    DRAW_FACTOR,
  )
}

function textToRing(text: string): number[][] | null {
  const flat = decodeDeltas(text, 2, DRAW_FACTOR)
  if (flat.length < 6 || flat.some((n) => !Number.isFinite(n))) return null
  const ring: number[][] = []
  for (let i = 0; i < flat.length; i += 2) {
    const lon = Math.round((flat[i] ?? 0) * DRAW_FACTOR) / DRAW_FACTOR
    const lat = Math.round((flat[i + 1] ?? 0) * DRAW_FACTOR) / DRAW_FACTOR
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return null
    ring.push([lon, lat])
  }
  ring.push([...(ring[0] ?? [])])
  return ring
}

/**
 * A drawn polygon or multipolygon as text: each ring an encoded polyline (Google's algorithm,
 * 5 decimals) without its closing point; rings joined by ',', polygons by ';' (neither character
 * occurs in a polyline). A 64-sided circle takes about 400 characters.
 */
export function encodeGeometry(geometry: AreaGeometry): string {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  return polygons.map((rings) => rings.map(ringToText).join(',')).join(';')
}

/** The inverse of encodeGeometry; null when the text is not a shape. */
export function decodeGeometry(text: string): AreaGeometry | null {
  if (!text || text.length > ARCHIVE_LIMITS.maxDrawnVertices * 12) return null
  try {
    const polygons: number[][][][] = []
    for (const part of text.split(';')) {
      const rings = part.split(',').map(textToRing)
      if (rings.some((r) => r === null)) return null
      polygons.push(rings as number[][][])
    }
    if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0] as [number, number][][] }
    return { type: 'MultiPolygon', coordinates: polygons as [number, number][][][] }
  } catch {
    return null
  }
}

/** Writes the area (mode and its one value); null clears it. */
export function encodeArea(area: SceneArea | null, params: URLSearchParams): void {
  for (const key of AREA_KEYS) params.delete(key)
  if (!area) return
  params.set('mode', area.mode)
  if (area.mode === 'region') params.set('region', area.regionCode)
  else if (area.mode === 'extent') params.set('bbox', area.bbox.map((n) => String(Math.round(n * 1e6) / 1e6)).join(','))
  else if (area.mode === 'draw') params.set('draw', encodeGeometry(area.geometry))
  else params.set('upload', area.uploadId)
}

export function decodeArea(params: URLSearchParams): SceneArea | null {
  const mode = params.get('mode')
  if (mode === 'region') {
    const code = params.get('region') ?? ''
    return REGION.test(code) ? { mode, regionCode: code } : null
  }
  if (mode === 'extent') {
    const parts = (params.get('bbox') ?? '').split(',').map(Number)
    if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null
    const [w = 0, s = 0, e = 0, n = 0] = parts
    if (w < -180 || e > 180 || s < -90 || n > 90 || w >= e || s >= n) return null
    return { mode, bbox: [w, s, e, n] }
  }
  if (mode === 'draw') {
    const geometry = decodeGeometry(params.get('draw') ?? '')
    return geometry ? { mode, geometry } : null
  }
  if (mode === 'shp' || mode === 'file') {
    const uploadId = params.get('upload') ?? ''
    return UUID.test(uploadId) ? { mode, uploadId: uploadId.toLowerCase() } : null
  }
  return null
}

const list = (params: URLSearchParams, key: string) => (params.get(key) ?? '').split(',').filter(Boolean)
const num = (params: URLSearchParams, key: string) => {
  const raw = params.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const n = Number(raw)
  return Number.isFinite(n) ? n : undefined
}

/** Writes the filters; empty lists and the default data status are left out. */
export function encodeFilters(filters: SceneFilters, params: URLSearchParams): void {
  for (const key of FILTER_KEYS) params.delete(key)
  if (filters.satellites.length) params.set('sat', filters.satellites.join(','))
  if (filters.sensors.length) params.set('sensor', filters.sensors.join(','))
  if (filters.startDate) params.set('from', filters.startDate)
  if (filters.endDate) params.set('to', filters.endDate)
  if (filters.cloudMax !== undefined) params.set('cloud', String(filters.cloudMax))
  if (filters.resolutionMin !== undefined) params.set('resMin', String(filters.resolutionMin))
  if (filters.resolutionMax !== undefined) params.set('resMax', String(filters.resolutionMax))
  if (filters.productLevels.length) params.set('level', filters.productLevels.join(','))
  if (filters.dataStatus !== DEFAULT_DATA_STATUS) params.set('status', filters.dataStatus)
}

export function decodeFilters(params: URLSearchParams): SceneFilters {
  const filters: SceneFilters = {
    satellites: [...new Set(list(params, 'sat').filter((s) => SATELLITE.test(s)))].slice(0, ARCHIVE_LIMITS.maxSatellites),
    sensors: [...new Set(list(params, 'sensor').filter((s) => SENSOR.test(s)))].slice(0, ARCHIVE_LIMITS.maxSatellites),
    productLevels: list(params, 'level').filter((l): l is SceneFilters['productLevels'][number] =>
      (PRODUCT_LEVELS as readonly string[]).includes(l),
    ),
    dataStatus: (DATA_STATUS as readonly string[]).includes(params.get('status') ?? '')
      ? (params.get('status') as SceneFilters['dataStatus'])
      : DEFAULT_DATA_STATUS,
  }
  const from = params.get('from')
  const to = params.get('to')
  if (from && DAY.test(from)) filters.startDate = from
  if (to && DAY.test(to)) filters.endDate = to
  const cloud = num(params, 'cloud')
  if (cloud !== undefined && cloud >= 0 && cloud <= 100) filters.cloudMax = cloud
  const resMin = num(params, 'resMin')
  const resMax = num(params, 'resMax')
  if (resMin !== undefined && resMin > 0) filters.resolutionMin = resMin
  if (resMax !== undefined && resMax > 0) filters.resolutionMax = resMax
  return filters
}

export function encodeSort(sort: ArchiveSort, params: URLSearchParams): void {
  if (sort.sortField === DEFAULT_SORT.sortField && sort.sortOrder === DEFAULT_SORT.sortOrder) params.delete('sort')
  else params.set('sort', `${sort.sortField}-${sort.sortOrder}`)
}

export function decodeSort(params: URLSearchParams): ArchiveSort {
  const [field, order] = (params.get('sort') ?? '').split('-')
  if (!(SCENE_SORT_FIELDS as readonly string[]).includes(field ?? '') || (order !== 'asc' && order !== 'desc')) return DEFAULT_SORT
  return { sortField: field as SceneSortField, sortOrder: order }
}

export function encodePage(page: ArchivePage, params: URLSearchParams): void {
  if (page.pageNum === 1) params.delete('page')
  else params.set('page', String(page.pageNum))
  if (page.pageSize === DEFAULT_PAGE.pageSize) params.delete('size')
  else params.set('size', String(page.pageSize))
}

export function decodePage(params: URLSearchParams): ArchivePage {
  const pageNum = num(params, 'page')
  const pageSize = num(params, 'size')
  return {
    pageNum: pageNum !== undefined && Number.isInteger(pageNum) && pageNum >= 1 && pageNum <= ARCHIVE_LIMITS.maxPageNum ? pageNum : 1,
    pageSize: (ARCHIVE_LIMITS.pageSizes as readonly number[]).includes(pageSize ?? 0) ? (pageSize as PageSize) : DEFAULT_PAGE.pageSize,
  }
}

export function encodeTab(tab: ArchiveTab, params: URLSearchParams): void {
  if (tab === ARCHIVE_TAB.SELECT) params.delete('tab')
  else params.set('tab', String(tab))
}

export function decodeTab(params: URLSearchParams): ArchiveTab {
  const tab = num(params, 'tab')
  return tab === ARCHIVE_TAB.RESULT || tab === ARCHIVE_TAB.COVERAGE ? tab : ARCHIVE_TAB.SELECT
}

export function encodeRun(run: boolean, params: URLSearchParams): void {
  if (run) params.set('run', '1')
  else params.delete('run')
}

export function decodeRun(params: URLSearchParams): boolean {
  return params.get('run') === '1'
}

/** The whole query from an address's parameters; a search without an area does not run. */
export function readSearch(params: URLSearchParams): ArchiveSearch {
  const area = decodeArea(params)
  return {
    area,
    filters: decodeFilters(params),
    sort: decodeSort(params),
    page: decodePage(params),
    tab: decodeTab(params),
    run: area !== null && decodeRun(params),
  }
}

/** Writes the whole query over `base` (other parameters, e.g. geojsonId, are kept). */
export function writeSearch(search: ArchiveSearch, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base)
  encodeArea(search.area, params)
  encodeFilters(search.filters, params)
  encodeSort(search.sort, params)
  encodePage(search.page, params)
  encodeTab(search.tab, params)
  encodeRun(search.run, params)
  return params
}

/** The address of one satellite's archived scenes over an area: the image search, already run on its RESULT tab. */
export function archiveSearchPath(area: SceneArea, satelliteCode: string): string {
  const search = writeSearch({
    area,
    filters: { ...DEFAULT_FILTERS, satellites: [satelliteCode] },
    sort: DEFAULT_SORT,
    page: DEFAULT_PAGE,
    tab: ARCHIVE_TAB.RESULT,
    run: true,
  })
  return `${PATHS.normal}?${search.toString()}`
}

/** The text of an area's parameters, to tell whether two areas are the same. */
export function areaKey(area: SceneArea | null): string {
  const params = new URLSearchParams()
  encodeArea(area, params)
  return params.toString()
}
