import type { TaskPool } from '../../lib/workers/pool'
import { deflateBits, inflateBits } from './coverage.worker'
import type { CountyCells, CoverageEngine, CoverageQuestion } from './engine'
import type { RegionTree } from './rollup'

/**
 * Any area on the coverage engine's county grids (the procurement plans' items): painted once into
 * the cells of each county it touches, then measured against what a question's imagery covers
 * with bit operations alone, so what is held of an area for any year, class and months costs no
 * footprint work. The error is the grid's (coverage statistics): cells count by their centres.
 */

/** An area's cells: county code → bitset over the county grid's inside cells. */
export type AreaCells = ReadonlyMap<string, Uint8Array>

/** km² of an area on the grids, and of that what the question's imagery covers; per county too. */
export interface AreaMeasure {
  gridKm2: number
  coveredKm2: number
  counties: Map<string, { gridKm2: number; coveredKm2: number }>
}

/** Time a painting may take (one area over at most a few hundred counties). */
const PAINT_BUDGET_MS = 30_000

function andOf(a: Uint8Array, b: Uint8Array): Uint8Array {
  const n = Math.min(a.length, b.length)
  const out = new Uint8Array(a.length)
  for (let k = 0; k < n; k++) out[k] = (a[k] as number) & (b[k] as number)
  return out
}

export function createAreaCoverage(engine: CoverageEngine, regions: () => Promise<RegionTree>, pool: TaskPool) {
  const asCells = (cells: AreaCells) => {
    const map = new Map<string, CountyCells>()
    for (const [county, bits] of cells) map.set(county, { bits, depth: 0 })
    return map
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
     * share of the county's cells × the county's geodesic area. `narrow`: read only the area's
     * counties' rows (one area asked alone).
     */
    async measure(cells: AreaCells, question: CoverageQuestion | null, options: { narrow?: boolean } = {}): Promise<AreaMeasure> {
      const tree = await regions()
      const own = await engine.sharesOf(asCells(cells))
      let coveredShares: ReadonlyMap<string, { share: number }> = new Map()
      if (question) {
        // one area alone reads its own counties' rows; many areas share the country's, read once
        const covered = await engine.countyCells(options.narrow ? { ...question, counties: [...cells.keys()] } : question)
        const both = new Map<string, Uint8Array>()
        for (const [county, bits] of cells) {
          const c = covered.get(county)
          if (c) both.set(county, andOf(bits, c.bits))
        }
        coveredShares = await engine.sharesOf(asCells(both))
      }
      const measure: AreaMeasure = { gridKm2: 0, coveredKm2: 0, counties: new Map() }
      for (const [county, s] of own) {
        const area = tree.byCode.get(county)?.areaKm2 ?? 0
        const part = { gridKm2: s.share * area, coveredKm2: (coveredShares.get(county)?.share ?? 0) * area }
        measure.counties.set(county, part)
        measure.gridKm2 += part.gridKm2
        measure.coveredKm2 += part.coveredKm2
      }
      return measure
    },

    /** The cells as stored (deflated) and back. */
    pack: deflateBits,
    unpack: inflateBits,
  }
}

export type AreaCoverage = ReturnType<typeof createAreaCoverage>
