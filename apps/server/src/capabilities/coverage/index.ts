/**
 * The coverage capability (issue 23): the one engine that answers how much of a region the
 * imagery covers, for a period, resolution class, cloud limit and source. Coverage statistics,
 * sharing, the large screen and the procurement plans ask it; the archive's per-search coverage
 * analysis (scenes module) stays the exact path for one search area.
 */
import type { Kysely } from 'kysely'
import type { DatabaseKind } from '../../db/database'
import type { Database } from '../../db/schema'
import type { TaskPool } from '../../lib/workers/pool'
import { type AreaCoverage, createAreaCoverage } from './areas'
import { type CoverageEngine, createCoverageEngine } from './engine'
import { loadRegionTree, type RegionTree } from './rollup'

export type { AreaCells, AreaCounty, AreaCoverage, AreaMeasure } from './areas'
export type { CountyCells, CountyShare, CoverageEngine, CoverageQuestion, RefreshReport } from './engine'
export { CELLS_PER_COUNTY, uncoveredRuns } from './grid'
export { childRows, type RegionCoverageRow, type RegionLevel, type RegionTree, regionRow, type TreeRegion } from './rollup'

export interface Coverage {
  engine: CoverageEngine
  /** The regions as a tree (read once per region data version). */
  regions(): Promise<RegionTree>
  /** Any area (a plan item) painted on the grids and measured against a question. */
  areas: AreaCoverage
}

/** Builds the capability (module-deps.ts, once per server; the archive's import command builds its own). */
export function createCoverage(options: {
  db: Kysely<Database>
  background: TaskPool
  bulkQueue?: number
  /** 'postgres': a refresh holds a session lock, so processes on one database (instances, the import command) count in turn */
  databaseKind?: DatabaseKind
}): Coverage {
  const engine = createCoverageEngine(options.db, options.background, { bulkQueue: options.bulkQueue, databaseKind: options.databaseKind })
  let tree: Promise<RegionTree> | undefined
  const regions = async () => {
    tree ??= loadRegionTree(options.db)
    tree.catch(() => {
      tree = undefined
    })
    return tree
  }
  return { engine, regions, areas: createAreaCoverage(engine, regions, options.background) }
}
