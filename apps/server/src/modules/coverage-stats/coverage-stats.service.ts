import {
  COVERAGE_CLASSES,
  COVERAGE_SATELLITE_SCENE_CAP,
  type CoverageClass,
  type CoverageCloudLimit,
  type CoveragePeriod,
  type CoverageRow,
  type CoverageSource,
  type CoverageStatistics,
  classesCounted,
  DEFAULT_DATA_STATUS,
  parseCoveragePeriod,
  periodCode,
  quarterKeyOf,
  type SceneFilters,
  WHOLE_COUNTRY_CODE,
} from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import {
  CELLS_PER_COUNTY,
  type CountyCells,
  type Coverage,
  childRows,
  type RegionCoverageRow,
  regionRow,
  type TreeRegion,
  uncoveredRuns,
} from '../../capabilities/coverage'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { isEnglish, localRegion } from '../../lib/region-names'
import { requestError, type TaskPool } from '../../lib/workers/pool'

/** What the scenes module answers for a question with chosen satellites (modules/index.ts hands it in). */
export type CoverageFootprintsPort = (
  filters: SceneFilters,
  cap: number,
) => Promise<{ count: number; scenes: Array<{ footprint: string; counties: string[] }> | null }>

/** Budget of painting a satellite question's footprints on request. */
const SATELLITE_BUDGET_MS = 20_000
/** Most gap rectangles one answer carries. */
export const MAX_GAP_BOXES = 60_000

export interface CoverageAsk {
  period?: string
  class: CoverageClass['key']
  finer: boolean
  cloud: number
  satellites?: string[]
  sources?: CoverageSource[]
  region?: string
  level?: 'children' | 'county'
  compare?: string
}

const periodOf = (key: string): CoveragePeriod => {
  const p = parseCoveragePeriod(key)
  if (!p) throw ApiError.of(400, 'coverage.errors.badPeriod')
  return p
}

/** The last Beijing day of a month yyyymm, 'YYYY-MM-DD'. */
const lastDay = (month: number) => {
  const y = Math.floor(month / 100)
  const m = month % 100
  return `${y}-${String(m).padStart(2, '0')}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}
const firstDay = (month: number) => `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}-01`

/** The resolution bounds of the classes counted, for the scene query's form (inclusive bounds; exclusive ones nudged). */
function resolutionBounds(classes: readonly CoverageClass[]): { resolutionMin?: number; resolutionMax?: number } {
  const first = classes[0] as CoverageClass
  const last = classes[classes.length - 1] as CoverageClass
  const before = COVERAGE_CLASSES[COVERAGE_CLASSES.findIndex((c) => c.key === first.key) - 1]
  return {
    resolutionMin: before ? (before.inclusive ? before.upTo + 1e-6 : before.upTo) : undefined,
    resolutionMax: Number.isFinite(last.upTo) ? (last.inclusive ? last.upTo : last.upTo - 1e-6) : undefined,
  }
}

/**
 * Coverage statistics over the coverage capability: the question's parts checked (Chinese 4xx), the
 * counties' cells from the rollup (or painted on request when satellites are chosen, at most
 * COVERAGE_SATELLITE_SCENE_CAP scenes), rolled up to the region's children, the region, the country.
 */
export function createCoverageStatsService(deps: {
  db: Kysely<Database>
  coverage: Coverage
  tasks: TaskPool
  footprints: CoverageFootprintsPort
}) {
  const { coverage, db } = deps
  const satelliteAnswers = new LRUCache<string, Map<string, CountyCells>>({ max: 30 })
  const illustrative = new LRUCache<string, { value: boolean }>({ max: 4 })
  // whole answers by data version and question: a repeated question (a drill-down back up, the same
  // export) is only the version's read
  const answers = new LRUCache<string, CoverageStatistics>({ max: 200 })

  async function cellsFor(ask: CoverageAsk, period: CoveragePeriod): Promise<Map<string, CountyCells>> {
    const classes = classesCounted(ask.class, ask.finer)
    const cloud = ask.cloud as CoverageCloudLimit
    const satellites = [...new Set(ask.satellites ?? [])].sort()
    if (satellites.length === 0) {
      const sources = [...new Set(ask.sources?.length ? ask.sources : (['archive'] as CoverageSource[]))].sort()
      return coverage.engine.countyCells({ sources, classes, cloud, periods: [periodCode(period)] })
    }
    const version = await coverage.engine.version()
    const key = `${version}|${satellites.join(',')}|${classes.map((c) => c.id).join(',')}|${cloud}|${period.key}`
    const kept = satelliteAnswers.get(key)
    if (kept) return kept
    const { count, scenes } = await deps.footprints(
      {
        satellites,
        sensors: [],
        productLevels: [],
        dataStatus: DEFAULT_DATA_STATUS,
        startDate: firstDay(period.fromMonth),
        endDate: lastDay(period.toMonth),
        cloudMax: cloud < 100 ? cloud : undefined,
        ...resolutionBounds(classes),
      },
      COVERAGE_SATELLITE_SCENE_CAP,
    )
    if (!scenes) throw ApiError.of(422, 'coverage.errors.tooManyScenes', { count: `${count}+`, max: COVERAGE_SATELLITE_SCENE_CAP })
    try {
      const cells = await coverage.engine.cellsOfScenes(scenes, deps.tasks, SATELLITE_BUDGET_MS)
      satelliteAnswers.set(key, cells)
      return cells
    } catch (error) {
      throw requestError(error, () => ApiError.of(503, 'coverage.errors.busy'))
    }
  }

  async function regionOf(code: string): Promise<TreeRegion> {
    const tree = await coverage.regions()
    const region = tree.byCode.get(code)
    if (!region) throw ApiError.of(404, 'coverage.errors.unknownRegion')
    return region
  }

  const toRow = (r: RegionCoverageRow): CoverageRow => ({ ...r })

  /** The statistics with every region named in the caller's language. */
  function localStatistics(answer: CoverageStatistics): CoverageStatistics {
    if (!isEnglish()) return answer
    return {
      ...answer,
      region: localRegion(answer.region),
      rows: answer.rows.map(localRegion),
      total: localRegion(answer.total),
      national: localRegion(answer.national),
      missing: answer.missing.map(localRegion),
    }
  }

  async function compute(ask: CoverageAsk): Promise<CoverageStatistics> {
    const period = periodOf(ask.period ?? quarterKeyOf(Date.now()))
    const compare = ask.compare ? periodOf(ask.compare) : null
    const code = ask.region ?? WHOLE_COUNTRY_CODE
    const region = await regionOf(code)
    const tree = await coverage.regions()
    const [cells, compareCells] = await Promise.all([cellsFor(ask, period), compare ? cellsFor(ask, compare) : null])
    const shares = await coverage.engine.sharesOf(cells)
    const compareShares = compareCells ? await coverage.engine.sharesOf(compareCells) : null
    const withCompare = (row: RegionCoverageRow): CoverageRow => {
      if (!compareShares) return toRow(row)
      const then = regionRow(tree, tree.byCode.get(row.code) as TreeRegion, compareShares)
      return { ...toRow(row), compare: { percent: then.percent, coveredKm2: then.coveredKm2, times: then.times } }
    }
    const country = tree.byCode.get(WHOLE_COUNTRY_CODE) as TreeRegion
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM coverage_pending LIMIT 100000) p`.execute(db)
    const version = await coverage.engine.version()
    let demo = illustrative.get(version)
    if (!demo) {
      const { rows } = await sql<{ value: boolean }>`
        SELECT EXISTS (SELECT 1 FROM scene WHERE illustrative AND data_status = '2') AS value`.execute(db)
      demo = { value: rows[0]?.value ?? false }
      illustrative.set(version, demo)
    }
    return {
      region: { code: region.code, name: region.name, level: region.level },
      parentCode: region.parent,
      period: { key: period.key, fromMonth: period.fromMonth, toMonth: period.toMonth },
      compare: compare && { key: compare.key, fromMonth: compare.fromMonth, toMonth: compare.toMonth },
      class: ask.class,
      finer: ask.finer,
      cloud: ask.cloud,
      satellites: [...new Set(ask.satellites ?? [])].sort(),
      sources: [...new Set(ask.sources?.length ? ask.sources : (['archive'] as CoverageSource[]))].sort(),
      rows: (ask.level === 'county'
        ? tree
            .countiesUnder(code)
            .filter((c) => c.hasBoundary)
            .map((c) => regionRow(tree, c, shares))
        : childRows(tree, code, shares)
      ).map(withCompare),
      total: withCompare(regionRow(tree, region, shares)),
      national: withCompare(regionRow(tree, country, shares)),
      missing: tree
        .countiesUnder(code)
        .filter((c) => !c.hasBoundary)
        .map((c) => ({ code: c.code, name: c.name })),
      pendingScenes: pending.rows[0]?.n ?? 0,
      cellsPerCounty: CELLS_PER_COUNTY,
      illustrative: demo.value,
    }
  }

  return {
    async statistics(ask: CoverageAsk): Promise<CoverageStatistics> {
      const question = { ...ask, period: ask.period ?? quarterKeyOf(Date.now()) }
      const key = `${await coverage.engine.version()}|${JSON.stringify(question, Object.keys(question).sort())}`
      // the kept answer names regions in Chinese; the caller's language is applied on the way out
      const kept = answers.get(key)
      if (kept) return localStatistics(kept)
      const answer = await compute(question)
      answers.set(key, answer)
      return localStatistics(answer)
    },

    async gaps(ask: CoverageAsk & { region: string }) {
      const region = await regionOf(ask.region)
      if (region.level === 'country') throw ApiError.of(400, 'coverage.errors.gapsCountry')
      const period = periodOf(ask.period ?? quarterKeyOf(Date.now()))
      const tree = await coverage.regions()
      const cells = await cellsFor(ask, period)
      const boxes: Array<[number, number, number, number]> = []
      let sides = 0
      let grids = 0
      for (const county of tree.countiesUnder(region.code)) {
        const grid = await coverage.engine.grid(county.code)
        if (!grid) continue
        const bits = cells.get(county.code)?.bits ?? new Uint8Array(4 * Math.ceil(grid.cells / 32))
        boxes.push(...uncoveredRuns(grid, bits))
        if (boxes.length > MAX_GAP_BOXES) throw ApiError.of(422, 'coverage.errors.gapsTooMany', { max: MAX_GAP_BOXES })
        // a cell's side in km at the grid's latitude (north–south)
        sides += grid.size * 111.32
        grids++
      }
      const row = regionRow(tree, region, await coverage.engine.sharesOf(cells))
      const round = (v: number) => Math.round(v * 1e6) / 1e6
      return {
        region: localRegion({ code: region.code, name: region.name }),
        percent: row.percent,
        cellKm: grids > 0 ? Math.round((sides / grids) * 100) / 100 : 0,
        gaps:
          boxes.length === 0
            ? null
            : {
                type: 'MultiPolygon',
                coordinates: boxes.map(([x0, y0, x1, y1]) => [
                  [
                    [round(x0), round(y0)],
                    [round(x1), round(y0)],
                    [round(x1), round(y1)],
                    [round(x0), round(y1)],
                    [round(x0), round(y0)],
                  ],
                ]),
              },
      }
    },

    async months(): Promise<number[]> {
      // the month codes only (quarters and years are kept beside them)
      const { rows } = await sql<{ month: number }>`
        SELECT DISTINCT month FROM coverage_month WHERE cloud = 100 AND month % 100 BETWEEN 1 AND 12 ORDER BY month`.execute(db)
      return rows.map((r) => Number(r.month))
    },
  }
}

export type CoverageStatsService = ReturnType<typeof createCoverageStatsService>
