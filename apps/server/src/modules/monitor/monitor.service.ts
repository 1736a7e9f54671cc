import {
  canSeeRegion,
  isSpotTypeOf,
  type MonitorModuleDecl,
  type MonitorSpotDetail,
  type MonitorStatistics,
  monitorModule,
  type monitorSpotList,
  type monitorStatistics,
  type QueryOf,
  type RegionScope,
  regionContains,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { ApiError } from '../../lib/errors'
import { localRegion, regionName } from '../../lib/region-names'
import { regionScopeOf, type SessionUser } from '../../lib/session'
import type { MonitorRepository, RegionInfo } from './monitor.repository'
import type { StatisticsRollup } from './statistics-rollup'

type StatisticsQuery = { [K in keyof QueryOf<typeof monitorStatistics>]: QueryOf<typeof monitorStatistics>[K] } & { module: string }
type ListQuery = Omit<QueryOf<typeof monitorSpotList>, 'pageNum' | 'pageSize'> & { pageNum: number; pageSize: number; module: string }

export function declaration(key: string): MonitorModuleDecl {
  const module = monitorModule(key)
  if (!module) throw ApiError.of(400, 'monitor.errors.unknownModule')
  return module
}

/**
 * Detail data of a module (SPEC §5, §6): the module's MOD code, then at least one regionId area
 * range; the same 403 messages as the auth plugin gives routes that declare the code statically.
 */
export function requireModuleAccess(user: Pick<SessionUser, 'permissions' | 'regionIds'>, module: MonitorModuleDecl): void {
  if (!user.permissions.includes(module.permission)) throw ApiError.of(403, 'errors.noPermission')
  if (user.regionIds.length === 0) throw ApiError.of(403, 'errors.noAreaRange')
}

/**
 * The scope of a detail query by the scope rule of SPEC §4: a region the user may see (the whole
 * country, the region or a parent of it allowed) limits to that region; a region that holds some
 * of the allowed ones limits to those; any other region is outside the range (403). No region:
 * every allowed region.
 */
export function detailScope(user: Pick<SessionUser, 'regionIds'>, region: string | undefined): { scope: RegionScope; region?: string } {
  const scope = regionScopeOf(user)
  if (!region || region === WHOLE_COUNTRY_CODE) return { scope }
  if (canSeeRegion(user.regionIds, region)) return { scope, region }
  const within = user.regionIds.filter((allowed) => allowed !== region && regionContains(region, allowed))
  if (within.length > 0) return { scope: { all: false, regionIds: within } }
  throw ApiError.of(403, 'errors.noPermission')
}

/**
 * The monitoring engine's rules over the one repository, any module by its declaration. Statistics,
 * batch counts and the detail list's total come from the rollup (statistics-rollup.ts: the same
 * answers, read from a few thousand rows at 1M spots); regions, pages and spots from the repository.
 */
export function createMonitorService(repo: MonitorRepository, rollup: Pick<StatisticsRollup, 'batches' | 'statistics' | 'listTotal'>) {
  async function regionOf(code: string): Promise<RegionInfo> {
    const region = await repo.region(code)
    if (!region) throw ApiError.of(400, 'monitor.errors.unknownRegion')
    return region
  }

  function checkSpotType(module: MonitorModuleDecl, tblx: string | undefined) {
    if (tblx !== undefined && !isSpotTypeOf(module, tblx)) throw ApiError.of(400, 'monitor.errors.unknownSpotType')
  }

  return {
    async batches(key: string) {
      declaration(key)
      return rollup.batches(key)
    },

    /** Public statistics of a region's children over a batch range (the latest batch by default). */
    async statistics(query: StatisticsQuery): Promise<MonitorStatistics> {
      const module = declaration(query.module)
      checkSpotType(module, query.tblx)
      const region = await regionOf(query.region ?? WHOLE_COUNTRY_CODE)
      const batches = await rollup.batches(module.key)
      const known = new Set(batches.map((b) => b.batch))
      for (const b of [query.batchFrom, query.batchTo])
        if (b !== undefined && !known.has(b)) throw ApiError.of(400, 'monitor.errors.unknownBatch')
      const latest = batches[batches.length - 1]?.batch ?? null
      const batchTo = query.batchTo ?? (query.batchFrom && latest && query.batchFrom > latest ? query.batchFrom : latest)
      const batchFrom = query.batchFrom ?? batchTo
      if (batchFrom && batchTo && batchFrom > batchTo) throw ApiError.of(400, 'monitor.errors.batchRange')
      const children = await repo.children(region)
      const figures =
        batchFrom && batchTo
          ? await rollup.statistics({ module: module.key, batchFrom, batchTo, stage: query.stage, spotType: query.tblx }, region)
          : []
      const byCode = new Map(figures.map((f) => [f.code, f]))
      const rows = children.map((c) => {
        const f = byCode.get(c.code)
        return {
          code: c.code,
          name: regionName(c.code, c.name),
          num: f?.num ?? null,
          areaKm2: f?.areaKm2 ?? null,
          lengthKm: f?.lengthKm ?? null,
        }
      })
      const sum = (pick: (f: (typeof figures)[number]) => number | null) => {
        const values = figures.map(pick).filter((v): v is number => v !== null)
        return values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) * 1e4) / 1e4
      }
      return {
        region: localRegion({ code: region.code, name: region.name, level: region.level }),
        parentCode: region.level === 'country' ? null : (region.parentCode ?? WHOLE_COUNTRY_CODE),
        batchFrom,
        batchTo,
        rows,
        total: {
          num: figures.length === 0 ? null : figures.reduce((a, f) => a + (f.num ?? 0), 0),
          areaKm2: sum((f) => f.areaKm2),
          lengthKm: sum((f) => f.lengthKm),
        },
        // 示意 when a batch of the range is generated (an imported delivery alone is real data)
        illustrative: batches.some(
          (b) => b.illustrative && batchFrom !== null && batchTo !== null && b.batch >= batchFrom && b.batch <= batchTo,
        ),
      }
    },

    /** A page of the caller's spots (detail mode), limited on the server to the caller's area ranges. */
    async list(user: SessionUser, query: ListQuery) {
      const module = declaration(query.module)
      requireModuleAccess(user, module)
      checkSpotType(module, query.tblx)
      const { scope, region } = detailScope(user, query.xzqdm)
      const info = region ? await regionOf(region) : undefined
      if (query.batch) {
        const batches = await rollup.batches(module.key)
        if (!batches.some((b) => b.batch === query.batch)) throw ApiError.of(400, 'monitor.errors.unknownBatch')
      }
      const filter = {
        module: module.key,
        scope,
        region: info && info.level !== 'country' ? { code: info.code, level: info.level } : undefined,
        stage: query.stage,
        spotType: query.tblx,
        batch: query.batch,
        filename: query.filename,
      }
      const [total, items] = await Promise.all([
        rollup.listTotal(filter),
        repo.listPage({ ...filter, limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
      ])
      return { total, items, pageNum: query.pageNum, pageSize: query.pageSize }
    },

    /** One spot by id: 404 when the module has no such spot, 403 when it lies outside the caller's area ranges. */
    async spot(user: SessionUser, key: string, id: number): Promise<MonitorSpotDetail> {
      const module = declaration(key)
      requireModuleAccess(user, module)
      const spot = await repo.spot(module.key, id)
      if (!spot) throw ApiError.of(404, 'monitor.errors.spotNotFound')
      if (!canSeeRegion(user.regionIds, spot.county.code)) throw ApiError.of(403, 'errors.noPermission')
      return spot
    },
  }
}

export type MonitorService = ReturnType<typeof createMonitorService>
