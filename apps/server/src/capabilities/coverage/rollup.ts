import { coveragePercent } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { CountyShare } from './engine'

/**
 * Counties' shares rolled up to cities, provinces and the country: a region's covered area is the
 * sum of its counties' (share × geodesic area), over the counties that have a boundary; the
 * counties without one are counted and named, never guessed.
 */

export type RegionLevel = 'country' | 'province' | 'city' | 'county'

export interface TreeRegion {
  code: string
  name: string
  level: RegionLevel
  parent: string | null
  areaKm2: number
  hasBoundary: boolean
}

export interface RegionTree {
  version: string
  byCode: Map<string, TreeRegion>
  children: Map<string, TreeRegion[]>
  /** the counties at or under a region (a county: itself) */
  countiesUnder(code: string): TreeRegion[]
}

export interface RegionCoverageRow {
  code: string
  name: string
  level: RegionLevel
  /** geodesic area of the counties counted (with a boundary), km² */
  areaKm2: number
  coveredKm2: number
  percent: number
  /** average times covered (Σ footprint shares weighted by county area) */
  times: number
  /** counties under the region without a boundary, not counted */
  missingCounties: number
}

export async function loadRegionTree(db: Kysely<Database>): Promise<RegionTree> {
  const { rows } = await sql<{
    code: string
    name: string
    level: RegionLevel
    parent: string | null
    area: number | null
    has_boundary: boolean
    version: string | null
  }>`
    SELECT code, name, level, parent_code AS parent, area_km2 AS area, geom IS NOT NULL AS has_boundary,
      (SELECT version FROM reference_data WHERE name = 'regions') AS version
    FROM region ORDER BY code`.execute(db)
  const byCode = new Map<string, TreeRegion>()
  const children = new Map<string, TreeRegion[]>()
  for (const r of rows) {
    const region: TreeRegion = {
      code: r.code,
      name: r.name,
      level: r.level,
      parent: r.parent,
      areaKm2: Number(r.area ?? 0),
      hasBoundary: r.has_boundary,
    }
    byCode.set(r.code, region)
    if (r.parent) children.set(r.parent, [...(children.get(r.parent) ?? []), region])
  }
  const under = new Map<string, TreeRegion[]>()
  const countiesUnder = (code: string): TreeRegion[] => {
    const kept = under.get(code)
    if (kept) return kept
    const region = byCode.get(code)
    const list = !region ? [] : region.level === 'county' ? [region] : (children.get(code) ?? []).flatMap((c) => countiesUnder(c.code))
    under.set(code, list)
    return list
  }
  return { version: rows[0]?.version ?? 'none', byCode, children, countiesUnder }
}

/** One region's figures from its counties' shares. */
export function regionRow(tree: RegionTree, region: TreeRegion, shares: ReadonlyMap<string, CountyShare>): RegionCoverageRow {
  let area = 0
  let covered = 0
  let depth = 0
  let missing = 0
  for (const county of tree.countiesUnder(region.code)) {
    if (!county.hasBoundary) {
      missing++
      continue
    }
    const s = shares.get(county.code)
    area += county.areaKm2
    if (s) {
      covered += s.share * county.areaKm2
      depth += s.depth * county.areaKm2
    }
  }
  return {
    code: region.code,
    name: region.name,
    level: region.level,
    areaKm2: Math.round(area * 100) / 100,
    coveredKm2: Math.round(covered * 100) / 100,
    percent: coveragePercent(covered, area),
    times: area > 0 ? Math.round((depth / area) * 100) / 100 : 0,
    missingCounties: missing,
  }
}

/** The rows a region's statistics list: its children (a county: itself), in code order. */
export function childRows(tree: RegionTree, code: string, shares: ReadonlyMap<string, CountyShare>): RegionCoverageRow[] {
  const region = tree.byCode.get(code)
  if (!region) return []
  const list = region.level === 'county' ? [region] : (tree.children.get(code) ?? [])
  return list.map((child) => regionRow(tree, child, shares))
}
