import { randomBytes } from 'node:crypto'
import {
  ARCHIVE_LIMITS,
  type CoverageAnswer,
  type ExportFormat,
  type FootprintTilesAnswer,
  type SceneArea,
  type SceneFilters,
  type SceneSortField,
} from '@rs/shared'
import type { RawBuilder } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { ExportFile } from '../../capabilities/exports'
import { ApiError } from '../../lib/errors'
import { localRegion } from '../../lib/region-names'
import { requestError, type TaskPool } from '../../lib/workers/pool'
import type { CoverageResult } from './coverage'
import { type CoverageRepository, idsSelection, type RegionLevel, type SceneSelection } from './coverage.repository'
import { COVERAGE_WORKER } from './coverage.worker'
import { EXPORT_WORKER } from './export.worker'
import { orderSql, type SceneQuery, whereSql } from './scene-query'
import type { AreaSql } from './scenes.repository'

/**
 * Coverage analysis, exports and footprint tiles of the image query: each picks its scenes the same
 * way (the checked ids, or every match up to a cap in the query's order) and leaves the heavy work
 * to the worker pool (geometry and file writing), so the event loop only moves rows.
 */

/** What these calls need of the scene search (scenes.service.ts): the search area of a select mode, its GeoJSON, and the one scene query of a search. */
export interface AreaResolver {
  resolveArea(area: SceneArea): Promise<AreaSql>
  areaGeojson(geom: RawBuilder<unknown>): Promise<string>
  sceneQuery(area: AreaSql, filters: SceneFilters, sort: SceneCallBody['sort']): Promise<SceneQuery>
}

/** Coverage of an area with more than this many km² is tabled by city, above PROVINCE_TABLE_KM2 by province. */
export const CITY_TABLE_KM2 = 50_000
export const PROVINCE_TABLE_KM2 = 1_000_000

/**
 * The level and code prefix of the per-region table. A region's own area is tabled by its children
 * (全国 by province, a province by city, a city by county, a county by itself); any other area by
 * its size: counties up to CITY_TABLE_KM2, cities up to PROVINCE_TABLE_KM2, provinces above.
 */
export function regionTableFor(area: SceneArea, areaKm2: number): { level: RegionLevel; prefix: string } {
  if (area.mode === 'region') {
    const code = area.regionCode
    if (code === '100000') return { level: 'province', prefix: '' }
    if (code.endsWith('0000')) return { level: 'city', prefix: code.slice(0, 2) }
    if (code.endsWith('00')) return { level: 'county', prefix: code.slice(0, 4) }
    return { level: 'county', prefix: code }
  }
  return { level: areaKm2 > PROVINCE_TABLE_KM2 ? 'province' : areaKm2 > CITY_TABLE_KM2 ? 'city' : 'county', prefix: '' }
}

/** Longest a coverage analysis or an export may take in a worker thread, its wait included. */
const COVERAGE_BUDGET_SECONDS = 20
const EXPORT_BUDGET_SECONDS = 20

/** Most bytes of areas and ids the stored tile queries may hold together (the oldest unused go first). */
const TILE_QUERY_BYTES = 64 * 1024 * 1024

export interface SceneCallBody {
  area: SceneArea
  filters: SceneFilters
  sort: { sortField: SceneSortField; sortOrder: 'asc' | 'desc' }
  ids?: string[]
}

export interface CoverageServiceOptions {
  /** most stored tile queries kept at once */
  maxTileQueries?: number
}

export function createCoverageService(
  repo: CoverageRepository,
  tasks: TaskPool,
  areas: AreaResolver,
  options: CoverageServiceOptions = {},
) {
  /** The scenes of a call: the checked ids, else the matches in the area; with the area when it has one. */
  async function selectionOf(body: SceneCallBody): Promise<{ selection: SceneSelection; area: AreaSql | null }> {
    const hasIds = body.ids !== undefined && body.ids.length > 0
    // checked ids need no area, except for coverage (which asks for it itself)
    const area = hasIds ? null : await areas.resolveArea(body.area)
    const selection = hasIds || !area ? idsSelection(body.ids ?? []) : await areas.sceneQuery(area, body.filters, body.sort)
    return { selection, area }
  }

  async function inWorker<T>(fn: string, module: string, input: unknown, seconds: number, tooSlow: Parameters<typeof ApiError.of>[1]) {
    try {
      return await tasks.run<T>(module, fn, input, seconds * 1000)
    } catch (error) {
      throw requestError(error, () => ApiError.of(422, tooSlow, { seconds }))
    }
  }

  // Stored tile queries: a random token names the condition and order of one search; kept while used
  // (bounded in count and in the size of what the searches carry: a drawn area may hold 10,000 vertices)
  const tileQueries = new LRUCache<string, { where: RawBuilder<unknown>; order: RawBuilder<unknown>; size: number }>({
    max: options.maxTileQueries ?? 5000,
    maxSize: TILE_QUERY_BYTES,
    sizeCalculation: (v) => v.size,
    ttl: ARCHIVE_LIMITS.tileQueryMinutes * 60_000,
    updateAgeOnGet: true,
  })

  return {
    async coverage(body: SceneCallBody): Promise<CoverageAnswer> {
      if (body.area.mode === 'file') throw ApiError.of(400, 'archiveCoverage.errors.fileArea')
      const area = await areas.resolveArea(body.area)
      const geom = area.geom
      if (!geom) throw ApiError.of(400, 'archiveCoverage.errors.fileArea')
      const selection: SceneSelection =
        body.ids && body.ids.length > 0 ? idsSelection(body.ids) : await areas.sceneQuery(area, body.filters, body.sort)
      const limit = ARCHIVE_LIMITS.maxCoverageScenes
      const table = regionTableFor(body.area, area.areaKm2 ?? 0)
      let level = table.level
      const prefix = table.prefix
      let [geometry, scenes, regions] = await Promise.all([
        areas.areaGeojson(geom),
        repo.coverageScenes(selection, limit + 1),
        repo.regionsNear(geom, level, prefix),
      ])
      // the municipalities (北京, 上海, 天津, 重庆) and a few provinces hold counties directly, without cities
      if (regions.length === 0 && level === 'city') {
        level = 'county'
        regions = await repo.regionsNear(geom, level, prefix)
      }
      const truncated = scenes.length > limit
      if (truncated) scenes.length = limit
      const result = await inWorker<CoverageResult>(
        'coverageTask',
        COVERAGE_WORKER,
        { area: geometry, scenes, regions },
        COVERAGE_BUDGET_SECONDS,
        'archiveCoverage.errors.tooComplex',
      )
      return {
        aoiAreaKm2: result.aoiAreaKm2,
        aoiBBox: result.aoiBBox,
        coveredAreaKm2: result.coveredAreaKm2,
        percent: result.percent,
        sceneCount: scenes.length,
        truncated,
        regionLevel: level,
        regions: result.regions.map(localRegion),
        gaps: result.gaps ? JSON.parse(result.gaps) : null,
        cover: result.cover,
      }
    },

    async export(body: SceneCallBody & { format: ExportFormat }): Promise<ExportFile & { count: number }> {
      const { selection } = await selectionOf(body)
      const records = await repo.exportRecords(selection, ARCHIVE_LIMITS.maxExport)
      if (records.length === 0) throw ApiError.of(404, 'archiveCoverage.errors.noScenes')
      const file = await inWorker<ExportFile>(
        'exportTask',
        EXPORT_WORKER,
        { format: body.format, records, at: Date.now() },
        EXPORT_BUDGET_SECONDS,
        'archiveCoverage.errors.exportTooSlow',
      )
      return { ...file, count: records.length }
    },

    /** Stores the search for the footprint tiles and answers their URL template. */
    async tiles(body: SceneCallBody): Promise<FootprintTilesAnswer> {
      const { selection } = await selectionOf(body)
      const token = randomBytes(16).toString('base64url')
      const size = 256 + JSON.stringify(body.area).length + (body.ids?.join(',').length ?? 0)
      tileQueries.set(token, { where: whereSql(selection), order: orderSql(selection.sort), size })
      return {
        token,
        layer: 'scene',
        tiles: `/map/tiles/scene/{z}/{x}/{y}.pbf?q=${token}`,
        maxFeaturesPerTile: ARCHIVE_LIMITS.maxExport,
        expiresInMinutes: ARCHIVE_LIMITS.tileQueryMinutes,
      }
    },

    /** The stored query of a token for the map's query layer `scene` (modules/map), or undefined. */
    tileQuery(layer: string, token: string) {
      if (layer !== 'scene' || !/^[A-Za-z0-9_-]{22}$/.test(token)) return undefined
      const stored = tileQueries.get(token)
      return stored ? { key: token, where: stored.where, order: stored.order, limit: ARCHIVE_LIMITS.maxExport } : undefined
    },
  }
}

export type CoverageService = ReturnType<typeof createCoverageService>
