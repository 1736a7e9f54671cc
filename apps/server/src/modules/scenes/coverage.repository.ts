import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { ExportRecord } from '../../capabilities/exports'
import type { Database } from '../../db/schema'
import type { CoverageRegionInput, CoverageScene } from './coverage'
import { createSceneQuery, exportRecord, orderSql, type SceneQuery, whereSql } from './scene-query'

/**
 * The SQL of coverage, export and footprint tiles, over the one scene query (scene-query/: its
 * WHERE compiler and order; exports read its pages). Which scenes: the checked ids, or the scenes
 * matching the filters in the search area as the scene search resolves it (scenes.service.ts
 * resolveArea: a region, box, drawn or uploaded area, or the scenes a FILE list names).
 */

/**
 * Where the scenes come from: checked ids (in id order), or the scenes matching the filters in a
 * search area (or FILE list) in the query's order; either way one scene query.
 */
export type SceneSelection = SceneQuery

/** The checked ids as a scene query, in id order (stable). */
export function idsSelection(ids: string[]): SceneSelection {
  return { filter: { op: 'ids', ids }, sort: [{ column: 'id', desc: false }] }
}

export type RegionLevel = 'province' | 'city' | 'county'

export function createCoverageRepository(db: Kysely<Database>) {
  const query = createSceneQuery(db)
  return {
    /** Up to `limit` scenes of the selection in its order, with their footprints as GeoJSON. */
    async coverageScenes(selection: SceneSelection, limit: number): Promise<CoverageScene[]> {
      const result = await sql<{ id: string; footprint: string; cloud_percent: number; acquired_at: Date | string }>`
        SELECT s.id, ST_AsGeoJSON(s.footprint, 7) AS footprint, s.cloud_percent, s.acquired_at
        FROM scene s
        WHERE ${whereSql(selection)}
        ORDER BY ${orderSql(selection.sort)}
        LIMIT ${limit}::int`.execute(db)
      return result.rows.map((r) => ({
        id: r.id,
        footprint: r.footprint,
        cloudPercent: Number(r.cloud_percent),
        acquiredAtMs: new Date(r.acquired_at).getTime(),
      }))
    },

    /**
     * Regions of a level whose box meets the area's (the worker cuts them exactly); with a code
     * prefix only those inside that region (its children by code, so neighbours whose boundary
     * data overlaps the region's by a sliver stay out).
     */
    async regionsNear(geom: RawBuilder<unknown>, level: RegionLevel, codePrefix = ''): Promise<CoverageRegionInput[]> {
      const result = await sql<{ code: string; name: string; geometry: string }>`
        SELECT r.code, r.name, ST_AsGeoJSON(r.geom, 7) AS geometry
        FROM region r, (SELECT ${geom} AS g) a
        WHERE r.level = ${level} AND r.geom IS NOT NULL AND r.geom && a.g AND r.code LIKE ${`${codePrefix}%`}
        ORDER BY r.code`.execute(db)
      return result.rows
    },

    /** Up to `limit` scenes of the selection in its order, as export records. */
    async exportRecords(selection: SceneSelection, limit: number): Promise<ExportRecord[]> {
      const { rows } = await query.page(selection, { limit })
      return rows.map(exportRecord)
    },
  }
}

export type CoverageRepository = ReturnType<typeof createCoverageRepository>
