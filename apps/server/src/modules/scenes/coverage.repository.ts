import type { SceneFilters, SceneSortField } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { ExportRecord } from '../../capabilities/exports'
import type { CoverageRegionInput, CoverageScene } from './coverage'
import { sceneFilterSql, sceneOrderSql } from './scene-sql'

/**
 * The SQL of coverage, export and footprint tiles, over scene-sql.ts (the one filter and order of
 * the scene query). Which scenes: the checked ids, or the scenes matching the filters in the search
 * area as the scene search resolves it (scenes.service.ts resolveArea: a region, box, drawn or
 * uploaded area, or the scenes a FILE list names).
 */

/** Where the scenes come from: checked ids, or the scenes matching the filters in a search area (or FILE list). */
export type SceneSelection =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'area'; where: RawBuilder<boolean>; filters: SceneFilters; sort: Sort }

export interface Sort {
  sortField: SceneSortField
  sortOrder: 'asc' | 'desc'
}

/** The condition of a selection on the scene table aliased `s`. */
export function selectionSql(selection: SceneSelection): RawBuilder<boolean> {
  if (selection.kind === 'ids') return sql<boolean>`s.id = ANY(${selection.ids}::text[])`
  return sql<boolean>`(${selection.where} AND ${sceneFilterSql(selection.filters)})`
}

/** The order of a selection: the query's sort, or for checked ids their id order (stable). */
export function selectionOrderSql(selection: SceneSelection): RawBuilder<unknown> {
  return selection.kind === 'ids' ? sql`s.id` : sceneOrderSql(selection.sort.sortField, selection.sort.sortOrder)
}

export type RegionLevel = 'province' | 'city' | 'county'

export function createCoverageRepository(db: Kysely<Database>) {
  return {
    /** Up to `limit` scenes of the selection in its order, with their footprints as GeoJSON. */
    async coverageScenes(selection: SceneSelection, limit: number): Promise<CoverageScene[]> {
      const result = await sql<{ id: string; footprint: string; cloud_percent: number; acquired_at: Date | string }>`
        SELECT s.id, ST_AsGeoJSON(s.footprint, 7) AS footprint, s.cloud_percent, s.acquired_at
        FROM scene s
        WHERE ${selectionSql(selection)}
        ORDER BY ${selectionOrderSql(selection)}
        LIMIT ${limit}::int`.execute(db)
      return result.rows.map((r) => ({
        id: r.id,
        footprint: r.footprint,
        cloudPercent: Number(r.cloud_percent),
        acquiredAtMs: new Date(r.acquired_at).getTime(),
      }))
    },

    /** The search area's geometry (an SQL expression of the scene search) as GeoJSON text, 7 decimals (1 cm). */
    async areaGeojson(geom: RawBuilder<unknown>): Promise<string | undefined> {
      const result = await sql<{ g: string | null }>`SELECT ST_AsGeoJSON(a.g, 7) AS g FROM (SELECT ${geom} AS g) a`.execute(db)
      return result.rows[0]?.g ?? undefined
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
      const result = await sql<{
        id: string
        satellite: string
        sensor: string
        acquired_at: Date | string
        cloud_percent: number
        resolution_m: number
        product_level: string
        orbit: number | null
        path: number | null
        row: number | null
        direction: 'ascending' | 'descending' | null
        off_nadir_deg: number | null
        file_name: string
        data_status: string
        area_km2: number
        footprint: string
      }>`
        SELECT s.id, s.satellite, s.sensor, s.acquired_at, s.cloud_percent, s.resolution_m, s.product_level, s.orbit, s.path,
          s."row", s.direction, s.off_nadir_deg, s.file_name, s.data_status, s.area_km2, ST_AsGeoJSON(s.footprint, 6) AS footprint
        FROM scene s
        WHERE ${selectionSql(selection)}
        ORDER BY ${selectionOrderSql(selection)}
        LIMIT ${limit}::int`.execute(db)
      const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
      return result.rows.map((r) => ({
        id: r.id,
        satellite: r.satellite,
        sensor: r.sensor,
        acquiredAt: new Date(r.acquired_at).toISOString(),
        cloudPercent: round(Number(r.cloud_percent), 1),
        resolutionM: round(Number(r.resolution_m), 2),
        productLevel: r.product_level,
        orbit: r.orbit,
        path: r.path,
        row: r.row,
        direction: r.direction,
        offNadirDeg: r.off_nadir_deg === null ? null : round(Number(r.off_nadir_deg), 2),
        fileName: r.file_name,
        dataStatus: r.data_status,
        areaKm2: round(Number(r.area_km2), 3),
        footprint: r.footprint,
      }))
    },
  }
}

export type CoverageRepository = ReturnType<typeof createCoverageRepository>
