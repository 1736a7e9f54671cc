import type { TaskPool } from '../../lib/workers/pool'
import type { CountyCells, CoverageEngine, CoverageQuestion } from './engine'
import { countInRuns, coveredShare, decodeRuns, encodeRuns, popcount } from './grid'
import type { RegionTree } from './rollup'

/**
 * Any area on the coverage engine's county grids (the procurement plans' items): painted once into
 * the cells of each county it touches, described by each county's weighted share and cell count and
 * stored as runs of cells; then measured against what a question's imagery covers with bit counts
 * alone, so what is held of an area for any year, class and months costs no footprint work. The
 * error is the grid's (coverage statistics): cells count by their centres.
 */

/** An area's cells in one county: runs of cells ([start, end) pairs), its weighted share of the county, its cells set. */
export interface AreaCounty {
  runs: Int32Array
  share: number
  count: number
}

/** An area's cells, county by county. */
export type AreaCells = ReadonlyMap<string, AreaCounty>

/** km² of an area on the grids, and of that what the question's imagery covers; per county too. */
export interface AreaMeasure {
  gridKm2: number
  coveredKm2: number
  counties: Map<string, { gridKm2: number; coveredKm2: number }>
}

/** Time a painting may take (one area over at most a few hundred counties). */
const PAINT_BUDGET_MS = 30_000

export function createAreaCoverage(engine: CoverageEngine, regions: () => Promise<RegionTree>, pool: TaskPool) {
  /**
   * Measures areas against their questions: the area's part of each county from its weighted share,
   * the covered part as the share of the area's own cells the question covers (cells of one county
   * weigh within a fraction of a percent of each other, so the ratio of counts stands for the ratio
   * of weights). Each distinct question's cells are read once; `narrow` reads only the areas'
   * counties' rows (one area asked alone), else the country's, shared and kept by the engine.
   */
  async function measure(
    list: ReadonlyArray<{ cells: AreaCells; question: CoverageQuestion }>,
    options: { narrow?: boolean } = {},
  ): Promise<AreaMeasure[]> {
    const tree = await regions()
    const covered = new Map<CoverageQuestion, ReadonlyMap<string, CountyCells>>()
    for (const { cells, question } of list) {
      if (covered.has(question)) continue
      covered.set(question, await engine.countyCells(options.narrow ? { ...question, counties: [...cells.keys()] } : question))
    }
    return list.map(({ cells, question }) => {
      const coveredCells = covered.get(question)
      const result: AreaMeasure = { gridKm2: 0, coveredKm2: 0, counties: new Map() }
      for (const [county, area] of cells) {
        const gridKm2 = area.share * (tree.byCode.get(county)?.areaKm2 ?? 0)
        const c = coveredCells?.get(county)
        const part = { gridKm2, coveredKm2: c && area.count > 0 ? (gridKm2 * countInRuns(c.bits, area.runs)) / area.count : 0 }
        result.counties.set(county, part)
        result.gridKm2 += part.gridKm2
        result.coveredKm2 += part.coveredKm2
      }
      return result
    })
  }

  return {
    /** The grids' version the cells are painted on (stored with them; other grids make them stale). */
    gridVersion: () => engine.gridVersion(),

    /** Paints an area (GeoJSON text) onto the grids of the given counties (those it meets) in a worker, and describes it. */
    async paint(geojson: string, counties: readonly string[]): Promise<Map<string, AreaCounty>> {
      const painted = await engine.cellsOfScenes([{ footprint: geojson, counties: [...counties] }], pool, PAINT_BUDGET_MS)
      const rowsOf = await engine.gridRows()
      const cells = new Map<string, AreaCounty>()
      for (const [county, c] of painted) {
        const rows = rowsOf.get(county)
        const count = popcount(c.bits)
        if (rows && count > 0) cells.set(county, { runs: decodeRuns(encodeRuns(c.bits)), share: coveredShare(rows, c.bits), count })
      }
      return cells
    },

    measure,

    /** A county's runs as stored (little-endian bytes) and back. */
    pack: (runs: Int32Array) => new Uint8Array(runs.buffer, runs.byteOffset, runs.byteLength),
    runsOf: decodeRuns,
  }
}

export type AreaCoverage = ReturnType<typeof createAreaCoverage>
