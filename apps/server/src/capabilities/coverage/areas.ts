import type { TaskPool } from '../../lib/workers/pool'
import type { CountyCells, CoverageEngine, CoverageQuestion } from './engine'
import { bitsOfRuns, countInRuns, coveredShare, decodeRuns, emptyBits, encodeRuns, type GridRows, popcount } from './grid'
import type { RegionTree } from './rollup'

/**
 * Any area on the coverage engine's county grids (the procurement plans' items): painted once into
 * the cells of each county it touches, then measured against what a question's imagery covers
 * with bit operations alone, so what is held of an area for any year, class and months costs no
 * footprint work. The error is the grid's (coverage statistics): cells count by their centres.
 */

/** An area's cells: county code → bitset over the county grid's inside cells. */
export type AreaCells = ReadonlyMap<string, Uint8Array>

/** An area's cells as stored (runs) with what does not change with the question: each county's weighted share and its cells set. */
export type StoredCells = ReadonlyMap<string, { runs: Int32Array; share: number; count: number }>

/** km² of an area on the grids, and of that what the question's imagery covers; per county too. */
export interface AreaMeasure {
  gridKm2: number
  coveredKm2: number
  counties: Map<string, { gridKm2: number; coveredKm2: number }>
}

/** Time a painting may take (one area over at most a few hundred counties). */
const PAINT_BUDGET_MS = 30_000

/** The weighted share (0–1) of a county's cells set in both bitsets, without building their AND. */
function bothShare(rows: GridRows, a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  const both = new Uint8Array(n)
  for (let k = 0; k < n; k++) both[k] = (a[k] as number) & (b[k] as number)
  return coveredShare(rows, both)
}

export function createAreaCoverage(engine: CoverageEngine, regions: () => Promise<RegionTree>, pool: TaskPool) {
  /**
   * Measures areas against questions (one question per area, or none): the grids, the region tree
   * and each distinct question's covered cells are read once for all of them. `narrow`: read only
   * the areas' counties' rows (a few areas asked alone); else the country's, shared and kept.
   */
  async function measureMany(
    list: ReadonlyArray<{ cells: AreaCells; question: CoverageQuestion | null }>,
    options: { narrow?: boolean } = {},
  ): Promise<AreaMeasure[]> {
    const tree = await regions()
    const rowsOf = await engine.gridRows()
    const covered = new Map<CoverageQuestion, ReadonlyMap<string, CountyCells>>()
    const byKey = new Map<string, ReadonlyMap<string, CountyCells>>()
    for (const { cells, question } of list) {
      if (!question || covered.has(question)) continue
      const asked = options.narrow ? { ...question, counties: [...cells.keys()] } : question
      const key = JSON.stringify([asked.sources, asked.classes.map((c) => c.id), asked.cloud, asked.periods, asked.counties ?? null])
      let cells_ = byKey.get(key)
      if (!cells_) {
        cells_ = await engine.countyCells(asked)
        byKey.set(key, cells_)
      }
      covered.set(question, cells_)
    }
    return list.map(({ cells, question }) => {
      const coveredCells = question ? covered.get(question) : undefined
      const measure: AreaMeasure = { gridKm2: 0, coveredKm2: 0, counties: new Map() }
      for (const [county, bits] of cells) {
        const rows = rowsOf.get(county)
        if (!rows) continue
        const area = tree.byCode.get(county)?.areaKm2 ?? 0
        const c = coveredCells?.get(county)
        const part = { gridKm2: coveredShare(rows, bits) * area, coveredKm2: c ? bothShare(rows, bits, c.bits) * area : 0 }
        measure.counties.set(county, part)
        measure.gridKm2 += part.gridKm2
        measure.coveredKm2 += part.coveredKm2
      }
      return measure
    })
  }

  /**
   * Measures many stored areas (a year's plan items) against their questions: the area's part of
   * each county from its stored weighted share, the covered part as the share of the area's own
   * cells the question covers (cells of one county weigh within a fraction of a percent of each
   * other, so the ratio of counts stands for the ratio of weights). No grid walk per area.
   */
  async function measureStored(list: ReadonlyArray<{ cells: StoredCells; question: CoverageQuestion }>): Promise<AreaMeasure[]> {
    const tree = await regions()
    const covered = new Map<CoverageQuestion, ReadonlyMap<string, CountyCells>>()
    for (const { question } of list) if (!covered.has(question)) covered.set(question, await engine.countyCells(question))
    return list.map(({ cells, question }) => {
      const coveredCells = covered.get(question)
      const measure: AreaMeasure = { gridKm2: 0, coveredKm2: 0, counties: new Map() }
      for (const [county, stored] of cells) {
        const area = tree.byCode.get(county)?.areaKm2 ?? 0
        const gridKm2 = stored.share * area
        const c = coveredCells?.get(county)
        const part = { gridKm2, coveredKm2: c && stored.count > 0 ? (gridKm2 * countInRuns(c.bits, stored.runs)) / stored.count : 0 }
        measure.counties.set(county, part)
        measure.gridKm2 += part.gridKm2
        measure.coveredKm2 += part.coveredKm2
      }
      return measure
    })
  }

  return {
    /** The grids' version the cells are painted on (stored with them; other grids make them stale). */
    gridVersion: () => engine.gridVersion(),

    /** Paints an area (GeoJSON text) onto the grids of the given counties (those it meets) in a worker. */
    async paint(geojson: string, counties: readonly string[]): Promise<Map<string, Uint8Array>> {
      const painted = await engine.cellsOfScenes([{ footprint: geojson, counties: [...counties] }], pool, PAINT_BUDGET_MS)
      const cells = new Map<string, Uint8Array>()
      for (const [county, c] of painted) if (c.bits.some((b) => b !== 0)) cells.set(county, c.bits)
      return cells
    },

    /**
     * The area's km² on the grids and, with a question, the km² its imagery covers: per county,
     * share of the county's cells × the county's geodesic area.
     */
    async measure(cells: AreaCells, question: CoverageQuestion | null, options: { narrow?: boolean } = {}): Promise<AreaMeasure> {
      return (await measureMany([{ cells, question }], options))[0] as AreaMeasure
    },

    measureMany,
    measureStored,

    /** What to store with an area's cells: each county's weighted share of its grid and the cells set. */
    async describe(cells: AreaCells): Promise<Array<{ county: string; bits: Uint8Array; share: number; count: number }>> {
      const rowsOf = await engine.gridRows()
      return [...cells].map(([county, bits]) => {
        const rows = rowsOf.get(county)
        return { county, bits, share: rows ? coveredShare(rows, bits) : 0, count: popcount(bits) }
      })
    },

    /** A county's cells as stored (their runs), and back: the runs as read, or the bitset the grid's width needs. */
    pack: (bits: Uint8Array) => encodeRuns(bits),
    runsOf: decodeRuns,
    async unpack(county: string, stored: Uint8Array): Promise<Uint8Array | null> {
      const grid = await engine.grid(county)
      return grid ? bitsOfRuns(decodeRuns(stored), emptyBits(grid).length) : null
    },
  }
}

export type AreaCoverage = ReturnType<typeof createAreaCoverage>
