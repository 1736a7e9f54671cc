import { type CoverageClassKey, type CoverageSource, classesCounted, PLAN_HELD_CLOUD, type PlanHeld } from '@rs/shared'
import type { AreaCells, AreaCounty, AreaCoverage, AreaMeasure, CoverageQuestion } from '../../capabilities/coverage'

/**
 * What the holdings already cover of a plan item: imagery of the purchase year, in the months the
 * item wants, of its resolution type or finer, with at most PLAN_HELD_CLOUD % cloud — from the
 * archive, from the provinces' own imagery (本地数据), and from either. Read off the coverage
 * engine's grids with the item's stored cells; the share on the grid times the item's geodesic area.
 */
export function heldQuestion(
  sources: readonly CoverageSource[],
  resolution: string,
  months: readonly number[],
  year: number,
): CoverageQuestion {
  return {
    sources,
    classes: classesCounted(resolution as CoverageClassKey, true),
    cloud: PLAN_HELD_CLOUD,
    periods: months.length === 12 ? [year * 100] : months.map((m) => year * 100 + m),
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100
/** The holdings counted apart and together: the archive, the provinces' own imagery, either. */
const SOURCES: ReadonlyArray<readonly CoverageSource[]> = [['archive'], ['local'], ['archive', 'local']]

export async function heldOf(
  coverage: AreaCoverage,
  cells: AreaCells,
  item: { resolution: string; months: readonly number[]; areaKm2: number },
  purchaseYear: number,
): Promise<PlanHeld> {
  const [archive, local, either] = (await coverage.measure(
    SOURCES.map((sources) => ({ cells, question: heldQuestion(sources, item.resolution, item.months, purchaseYear) })),
    { narrow: true },
  )) as [AreaMeasure, AreaMeasure, AreaMeasure]
  const scale = (m: AreaMeasure) => (m.gridKm2 > 0 ? (m.coveredKm2 / m.gridKm2) * item.areaKm2 : 0)
  const heldKm2 = scale(either)
  return {
    purchaseYear,
    archiveKm2: round2(scale(archive)),
    localKm2: round2(scale(local)),
    heldKm2: round2(heldKm2),
    percent: item.areaKm2 > 0 ? round2((heldKm2 / item.areaKm2) * 100) : 0,
  }
}

/** Stored items' cells, item by item and county by county (rows of the repository's `itemCells`). */
export function itemAreas(
  coverage: Pick<AreaCoverage, 'runsOf'>,
  rows: ReadonlyArray<{ item_id: number; county: string; bits: Uint8Array; share: number; cells: number }>,
): Map<number, Map<string, AreaCounty>> {
  const byItem = new Map<number, Map<string, AreaCounty>>()
  for (const c of rows) {
    let cells = byItem.get(c.item_id)
    if (!cells) {
      cells = new Map()
      byItem.set(c.item_id, cells)
    }
    cells.set(c.county, { runs: coverage.runsOf(c.bits), share: c.share, count: c.cells })
  }
  return byItem
}
