import {
  cellKey,
  GRID_MAX_CELLS,
  isGridLevel,
  isSpotTypeOf,
  type MonitorGrid,
  type MonitorModeKey,
  type MonitorModuleDecl,
  type MonitorSequenceBatch,
  type MonitorTrend,
  type monitorGrid,
  type monitorSequence,
  type monitorTrend,
  type QueryOf,
  SEQUENCE_BATCH_COUNT,
  tileBbox,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { localRegion, regionName } from '../../lib/region-names'
import type { SessionUser } from '../../lib/session'
import type { MonitorRepository, RegionInfo } from './monitor.repository'
import { declaration, detailScope, requireModuleAccess } from './monitor.service'
import type { ModeFilter, MonitorModesRepository, RawFigures } from './monitor-modes.repository'

type Query<R> = { [K in keyof QueryOf<R>]: QueryOf<R>[K] } & { module: string }

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits
/** Raw sums as the answers give them: km² with 4 decimals and km with 2, as the statistics do. */
function toFigures(f: RawFigures) {
  return {
    num: f.num,
    areaKm2: f.areaM2 === null ? null : round(f.areaM2 / 1e6, 4),
    lengthKm: f.lengthM === null ? null : round(f.lengthM / 1e3, 2),
  }
}
type Figures = ReturnType<typeof toFigures>
/** The sum of rounded figures (a total as the statistics form it from its rows). */
function addFigures(list: readonly Figures[]): Figures {
  const sum = (pick: (f: Figures) => number | null, digits: number) => {
    const values = list.map(pick).filter((v): v is number => v !== null)
    return values.length === 0
      ? null
      : round(
          values.reduce((a, b) => a + b, 0),
          digits,
        )
  }
  return { num: list.reduce((a, f) => a + f.num, 0), areaKm2: sum((f) => f.areaKm2, 4), lengthKm: sum((f) => f.lengthKm, 4) }
}

/**
 * The grid, sequence and trend modes (SPEC §4, issue 13) for any module that declares them: grid
 * and sequence need login, the module's MOD code and an area range and are limited to the
 * caller's ranges by the scope rule (detailScope, like detail); trend needs login and the module code only.
 */
export function createMonitorModesService(repo: MonitorModesRepository, base: MonitorRepository) {
  function offered(key: string, mode: MonitorModeKey): MonitorModuleDecl {
    const module = declaration(key)
    if (!module.modes.includes(mode)) throw ApiError.of(400, 'monitorModes.errors.modeNotOffered')
    return module
  }
  function checkSpotType(module: MonitorModuleDecl, tblx: string | undefined) {
    if (tblx !== undefined && !isSpotTypeOf(module, tblx)) throw ApiError.of(400, 'monitor.errors.unknownSpotType')
  }
  async function regionOf(code: string): Promise<RegionInfo> {
    const region = await base.region(code)
    if (!region) throw ApiError.of(400, 'monitor.errors.unknownRegion')
    return region
  }
  async function batchList(module: MonitorModuleDecl) {
    return repo.batchList(module.key)
  }
  function knownBatch(batches: ReadonlyArray<{ batch: string }>, batch: string | undefined): string | null {
    if (batch !== undefined && !batches.some((b) => b.batch === batch)) throw ApiError.of(400, 'monitor.errors.unknownBatch')
    return batch ?? batches[batches.length - 1]?.batch ?? null
  }
  /** The area-range part of a grid or sequence query: the scope and the region filter by the scope rule. */
  async function scoped(user: SessionUser, module: MonitorModuleDecl, regionCode: string | undefined): Promise<ModeFilter> {
    requireModuleAccess(user, module)
    const { scope, region: asked } = detailScope(user, regionCode)
    // one allowed region and none asked: filter by it too, so its code column narrows the index scan
    const region = asked ?? (!scope.all && scope.regionIds.length === 1 ? scope.regionIds[0] : undefined)
    const info = region ? await regionOf(region) : undefined
    return { module: module.key, scope, region: info && info.level !== 'country' ? { code: info.code, level: info.level } : undefined }
  }

  return {
    /** Spots of a batch per XYZ tile at level 13 or 14, inside the caller's area ranges; at most GRID_MAX_CELLS cells. */
    async grid(user: SessionUser, query: Omit<Query<typeof monitorGrid>, 'level'> & { level?: number }): Promise<MonitorGrid> {
      const module = offered(query.module, 'grid')
      const filter = await scoped(user, module, query.region)
      checkSpotType(module, query.tblx)
      const level = query.level ?? module.gridLevel
      if (!isGridLevel(level)) throw ApiError.of(400, 'monitorModes.errors.badLevel')
      if (query.region !== undefined) await regionOf(query.region)
      const batches = await batchList(module)
      const batch = knownBatch(batches, query.batch)
      const rows = batch
        ? await repo.grid({ ...filter, stage: query.stage, spotType: query.tblx, batch, level, limit: GRID_MAX_CELLS + 1 })
        : []
      if (rows.length > GRID_MAX_CELLS) throw ApiError.of(422, 'monitorModes.errors.tooManyCells', { max: GRID_MAX_CELLS })
      const cells = rows.map((r) => ({
        z: level,
        x: r.x,
        y: r.y,
        key: cellKey(level, r.x, r.y),
        bbox: tileBbox(r.x, r.y, level).map((v) => round(v, 7)) as [number, number, number, number],
        ...toFigures(r),
      }))
      return {
        level,
        batch,
        region: query.region ?? null,
        cells,
        total: addFigures(cells),
        maxCells: GRID_MAX_CELLS,
        illustrative: batches.some((b) => b.illustrative),
      }
    },

    /** The last five batches up to a batch, with what changed against the batch before each, inside the caller's area ranges. */
    async sequence(user: SessionUser, query: Query<typeof monitorSequence>) {
      const module = offered(query.module, 'sequence')
      const filter = await scoped(user, module, query.region)
      checkSpotType(module, query.tblx)
      const batches = await batchList(module)
      const last = knownBatch(batches, query.batch)
      const end = batches.findIndex((b) => b.batch === last)
      const shown = end < 0 ? [] : batches.slice(Math.max(0, end - SEQUENCE_BATCH_COUNT + 1), end + 1)
      const pairs = shown.map((b) => {
        const i = batches.indexOf(b)
        return { batch: b.batch, previous: i > 0 ? batches[i - 1].batch : null }
      })
      const figures = new Map((await repo.sequence({ ...filter, spotType: query.tblx }, pairs)).map((r) => [r.batch, r]))
      const out: MonitorSequenceBatch[] = pairs.map((p, i) => {
        const f = figures.get(p.batch) ?? { num: 0, areaM2: null, lengthM: null, persisting: 0, previousNum: 0 }
        return {
          batch: p.batch,
          filename: shown[i].filename,
          previous: p.previous,
          ...toFigures(f),
          newSites: p.previous ? f.num - f.persisting : null,
          goneSites: p.previous ? f.previousNum - f.persisting : null,
          persisting: p.previous ? f.persisting : null,
        }
      })
      return { region: query.region ?? null, batches: out, illustrative: batches.some((b) => b.illustrative) }
    },

    /**
     * Figures per batch for a region and each of its children (statistics of each single batch):
     * login and the module's code (SPEC §6: visitors have only statistics), not limited to the area
     * ranges, as the statistics it repeats are public.
     */
    async trend(user: SessionUser, query: Query<typeof monitorTrend>): Promise<MonitorTrend> {
      const module = offered(query.module, 'trend')
      if (!user.permissions.includes(module.permission)) throw ApiError.of(403, 'errors.noPermission')
      checkSpotType(module, query.tblx)
      const region = await regionOf(query.region ?? WHOLE_COUNTRY_CODE)
      const batches = await batchList(module)
      for (const b of [query.batchFrom, query.batchTo]) knownBatch(batches, b)
      const from = query.batchFrom ?? batches[0]?.batch
      const to = query.batchTo ?? batches[batches.length - 1]?.batch
      if (from && to && from > to) throw ApiError.of(400, 'monitor.errors.batchRange')
      const names = batches.map((b) => b.batch).filter((b) => from !== undefined && to !== undefined && b >= from && b <= to)
      const children = await base.children(region)
      const raw =
        from && to
          ? await repo.trend(
              {
                module: module.key,
                region: region.level === 'country' ? undefined : { code: region.code, level: region.level },
                stage: query.stage,
                spotType: query.tblx,
              },
              region,
              from,
              to,
            )
          : []
      const cell = new Map(raw.map((r) => [`${r.batch}|${r.code}`, toFigures(r)]))
      const empty: Figures = { num: 0, areaKm2: null, lengthKm: null }
      const rows = children.map((c) => ({
        code: c.code,
        name: regionName(c.code, c.name),
        values: names.map((b) => cell.get(`${b}|${c.code}`) ?? empty),
      }))
      return {
        region: localRegion({ code: region.code, name: region.name, level: region.level }),
        batches: names,
        total: names.map((_, i) => addFigures(rows.map((r) => r.values[i]))),
        rows,
        illustrative: batches.some((b) => b.illustrative && names.includes(b.batch)),
      }
    },
  }
}
export type MonitorModesService = ReturnType<typeof createMonitorModesService>
