import {
  AOI_LIMITS,
  ARCHIVE_LIMITS,
  type Scene,
  type SceneArea,
  type SceneFilters,
  type SceneQueryAnswer,
  type SceneQueryBody,
  type SceneSortField,
  type UploadReport,
  type UploadType,
} from '@rs/shared'
import type { RawBuilder } from 'kysely'
import type { Areas, UploadInput } from '../../capabilities/area'
import type { AuditRecorder } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { type JsonText, jsonText } from '../../lib/json-text'
import { requestError, TaskBusyError, type TaskPool } from '../../lib/workers/pool'
import { type ListKind, listKind, type ParsedList } from './scene-list'
import { formCondition, formSort, type PageRow, type SceneQuery } from './scene-query'
import { sceneJson } from './scene-sql'
import { type AreaSql, type ScenesRepository, sceneArea } from './scenes.repository'
import { SCENES_WORKER } from './scenes.worker'

/** An area to search: as the contract gives it, or already resolved (a caller that reuses one). */
export type AreaInput = SceneArea | AreaSql

const isResolved = (a: AreaInput): a is AreaSql => 'condition' in a

/** The portal's sort as the wire gives it (defaults: newest first). */
type SceneSortInput = { sortField: SceneSortField; sortOrder: 'asc' | 'desc' }

const MB = 1024 * 1024

/**
 * The one scene query's rules: an area per select mode (resolved by the area capability: a drawn
 * one repaired in a worker thread within a budget, unknown uploads and regions a Chinese 4xx; the
 * FILE list here), then counts, pages, keyset pages, matching scenes and union areas through the
 * repository. No Fastify here.
 */
export function createScenesService(
  repo: ScenesRepository,
  tasks: TaskPool,
  deps: { audit: AuditRecorder; areas: Pick<Areas, 'resolve' | 'uploads' | 'geojson'> },
) {
  const listBudgetMs = AOI_LIMITS.maxProcessingSeconds * 1000

  async function resolveArea(area: AreaInput): Promise<AreaSql> {
    if (isResolved(area)) return area
    switch (area.mode) {
      case 'file': {
        const resolved = await repo.listArea(area.uploadId)
        if (!resolved) throw ApiError.of(404, 'archive.errors.unknownList', { id: area.uploadId })
        return resolved
      }
      default:
        return sceneArea(await deps.areas.resolve(area))
    }
  }

  /** Unknown satellites or sensors are a mistake to correct, not an empty result (issue 10, bad input). */
  async function checkFilters(filters: SceneFilters): Promise<void> {
    const unknown = await repo.unknownSatellites(filters.satellites, filters.sensors)
    if (unknown.length > 0) throw ApiError.of(400, 'archive.errors.unknownSatellites', { codes: unknown.slice(0, 5).join('、') })
  }

  /** A statement cut by the database's time limit (57014, PostgreSQL's statement_timeout) is a 4xx asking for a narrower search, never a 500. */
  function overBudget(error: unknown): never {
    if ((error as { code?: string }).code === '57014') {
      throw ApiError.of(400, 'archive.errors.tooSlow')
    }
    throw error
  }

  /** The one scene query of an area, the form's filters and its sort. */
  async function sceneQuery(area: AreaInput, filters: SceneFilters, sort: Partial<SceneSortInput> | undefined): Promise<SceneQuery> {
    return { area: await resolveArea(area), filter: formCondition(filters), sort: formSort(sort) }
  }

  /** The portal's search: the total (exact up to the limit), one page by pageNum/pageSize, the area and the page's union area. */
  async function search(query: SceneQueryBody): Promise<{
    total: number
    totalExact: boolean
    pageNum: number
    pageSize: number
    rows: PageRow[]
    aoiAreaKm2: number | null
    unionAreaKm2: number
  }> {
    await checkFilters(query.filters)
    const q = await sceneQuery(query.area, query.filters, query.sort)
    const area = q.area as AreaSql
    const [count, page] = await Promise.all([
      repo.query.count(q, ARCHIVE_LIMITS.exactCountLimit),
      repo.query.page(q, { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize }),
    ]).catch(overBudget)
    const union = page.rows.length === 0 ? 0 : (await repo.unionOfIds(page.rows.map((r) => r.id))).unionAreaKm2
    return {
      total: count.total,
      totalExact: count.exact,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      rows: page.rows,
      aoiAreaKm2: area.areaKm2 === null ? null : round3(area.areaKm2),
      unionAreaKm2: round3(union),
    }
  }

  async function readList(kind: ListKind, data: Uint8Array, uploadType: UploadType): Promise<ParsedList> {
    try {
      return await tasks.run<ParsedList>(SCENES_WORKER, 'parseList', { kind, data, uploadType }, listBudgetMs)
    } catch (error) {
      if (error instanceof ApiError) throw error
      // over the budget or the thread's memory: a workbook that unpacks to too much is refused like a broken one
      if (kind === 'xlsx' && !(error instanceof TaskBusyError)) throw ApiError.of(400, 'archive.upload.badExcel')
      throw requestError(error, () => ApiError.of(422, 'archive.errors.tooComplex', { seconds: AOI_LIMITS.maxProcessingSeconds }))
    }
  }

  return {
    resolveArea,
    /** A resolved area's geometry as GeoJSON text, 7 decimals (1 cm), by the area capability. */
    areaGeojson: (geom: RawBuilder<unknown>) => deps.areas.geojson({ geom }, { digits: 7 }),
    checkFilters,
    search,

    /** The search as the JSON text of a SceneQueryAnswer (footprints spliced from PostGIS, never parsed). */
    async searchJson(query: SceneQueryBody): Promise<JsonText<SceneQueryAnswer>> {
      const r = await search(query)
      const head = JSON.stringify({
        total: r.total,
        totalExact: r.totalExact,
        pageNum: r.pageNum,
        pageSize: r.pageSize,
        aoiAreaKm2: r.aoiAreaKm2,
        unionAreaKm2: r.unionAreaKm2,
      })
      return jsonText(`${head.slice(0, -1)},"list":[${r.rows.map(sceneJson).join(',')}]}`)
    },

    /** The one scene query of a search (coverage, exports and footprint tiles select their scenes with it). */
    sceneQuery,

    /** The geodesic area of the union of the scenes' footprints, and how many of the ids exist. */
    async unionArea(ids: string[]): Promise<{ count: number; unionAreaKm2: number }> {
      const r = await repo.unionOfIds(ids)
      return { count: r.count, unionAreaKm2: round3(r.unionAreaKm2) }
    },

    /**
     * A FILE list upload: read in a worker thread (text or Excel, within the budget), then the
     * well-formed lines and the report stored in one transaction; recorded in the audit log. Bad
     * input (type, size, line cap, broken workbook) is a Chinese 4xx and nothing is stored.
     */
    async uploadList(input: UploadInput & { uploadType: UploadType }): Promise<UploadReport> {
      const fileName = input.fileName.replace(/^.*[\\/]/, '').slice(0, 200) || 'list.txt'
      const record = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        deps.audit.record({
          actor: input.actor,
          ip: input.ip,
          action: 'sceneListUpload',
          target: fileName,
          outcome,
          detail: { bytes: input.data.length, uploadType: input.uploadType, ...detail },
        })
      try {
        const kind = listKind(fileName)
        if (!kind) throw ApiError.of(400, 'archive.upload.badListType')
        if (input.data.length > ARCHIVE_LIMITS.maxListBytes) {
          throw ApiError.of(413, 'archive.upload.tooLarge', { size: `${ARCHIVE_LIMITS.maxListBytes / MB} MB` })
        }
        const parsed = await readList(kind, input.data, input.uploadType)
        const stored = await repo.insertList({
          userId: input.actor?.userId ?? null,
          uploadType: input.uploadType,
          fileName,
          lineCount: parsed.lineCount,
          lines: parsed.lines,
          unmatched: parsed.rejected,
        })
        const report = await repo.listReport(stored.id)
        const answer: UploadReport = {
          uploadId: stored.id,
          kind: 'file',
          uploadType: input.uploadType,
          fileName,
          lineCount: parsed.lineCount,
          matchedCount: stored.matchedLines.length,
          unmatched: report?.unmatched ?? [],
          areaKm2: null,
          notices: parsed.notices,
        }
        await record('success', { uploadId: stored.id, lines: parsed.lineCount, matched: answer.matchedCount })
        return answer
      } catch (error) {
        await record('failure', { status: error instanceof ApiError ? error.status : 500 })
        throw error
      }
    },

    /** An SHP (or GeoJSON, KML) area upload into the area capability's store, answered as a match report of the features read. */
    async uploadShp(input: UploadInput): Promise<UploadReport> {
      const aoi = await deps.areas.uploads.upload(input)
      return {
        uploadId: aoi.uploadId,
        kind: 'shp',
        uploadType: null,
        fileName: aoi.name,
        lineCount: aoi.featureCount,
        matchedCount: aoi.featureCount,
        unmatched: [],
        areaKm2: aoi.areaKm2,
        notices: aoi.notices,
      }
    },

    /** One scene as the JSON text of a Scene; 404 for an unknown id. */
    async detailJson(id: string): Promise<JsonText<Scene>> {
      const [row] = await repo.byIds([id])
      if (!row) throw ApiError.of(404, 'archive.errors.sceneNotFound', { id })
      return jsonText(sceneJson(row))
    },
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

export type ScenesService = ReturnType<typeof createScenesService>
