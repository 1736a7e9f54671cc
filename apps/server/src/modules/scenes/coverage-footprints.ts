import type { SceneFilters } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { formCondition, whereSql } from './scene-query'

/** A footprint and the counties whose boxes it meets (the coverage engine rasterizes it over their grids). */
export interface CoverageFootprint {
  footprint: string
  counties: string[]
}

/**
 * The footprints of the scenes a form's filters match, for a coverage question the engine's rollup
 * cannot answer (chosen satellites): the one scene query's WHERE, at most `cap` scenes (more: only
 * the count, so the caller can refuse).
 */
export function createCoverageFootprints(db: Kysely<Database>) {
  return async (filters: SceneFilters, cap: number): Promise<{ count: number; scenes: CoverageFootprint[] | null }> => {
    const where = whereSql({ filter: formCondition(filters) })
    const { rows: counted } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM scene s WHERE ${where} LIMIT ${cap + 1}) x`.execute(db)
    const count = counted[0]?.n ?? 0
    if (count > cap) return { count, scenes: null }
    const { rows } = await sql<CoverageFootprint>`
      SELECT ST_AsGeoJSON(s.footprint) AS footprint,
        ARRAY(SELECT g.code FROM region g WHERE g.level = 'county' AND g.geom && s.footprint) AS counties
      FROM scene s WHERE ${where}`.execute(db)
    return { count, scenes: rows }
  }
}

export type CoverageFootprints = ReturnType<typeof createCoverageFootprints>
