import { type PlanArea, regionContains } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { AreaMessages, Areas } from '../../capabilities/area'
import type { AreaCoverage } from '../../capabilities/coverage'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'

/**
 * A plan item's area, from what the form sent to one checked geometry: regions inside the unit
 * (by code), a drawn polygon that does not cross itself, or an uploaded area (the area capability's
 * store, repaired there); empty areas refused; what lies outside the unit measured (a drawn or
 * uploaded area may cross its boundary by a sliver only); then painted on the coverage grids.
 */

/** The area select's refusals in the plans' words. */
const PLAN_AREA_MESSAGES: AreaMessages = {
  unknownRegion: 'plan.errors.unknownRegion',
  unknownUpload: 'archive.errors.unknownUpload',
  badCoordinates: 'archive.errors.badCoordinates',
  tooManyVertices: 'archive.errors.tooManyVertices',
  tooComplex: 'archive.errors.tooComplex',
  emptyGeometry: 'plan.errors.emptyArea',
}

export interface CheckedArea {
  /** GeoJSON text of the (Multi)Polygon, 7 decimals */
  geojson: string
  /** the geometry as a SQL expression */
  geom: RawBuilder<unknown>
  areaKm2: number
  outsideKm2: number
  regionCodes: string[]
  counties: string[]
  /** where the area came from (a kept area: where the item's came from) */
  source: 'region' | 'draw' | 'shp'
}

const geomOf = (geojson: string) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${geojson}), 4326)`

export function createPlanAreas(db: Kysely<Database>, areas: Areas, coverage: AreaCoverage) {
  async function geojsonOf(
    unitRegion: string,
    area: PlanArea,
  ): Promise<{ geojson: string; regionCodes: string[]; source: 'region' | 'draw' | 'shp' }> {
    if (area.mode === 'keep') {
      const { rows } = await sql<{ geojson: string; region_codes: string[]; area_source: 'region' | 'draw' | 'shp' }>`
        SELECT ST_AsGeoJSON(i.geom, 7) AS geojson, i.region_codes, i.area_source FROM plan_item i JOIN plan p ON p.id = i.plan_id
        WHERE i.id = ${area.itemId} AND p.unit_region = ${unitRegion}`.execute(db)
      const kept = rows[0]
      if (!kept) throw ApiError.of(404, 'plan.errors.itemNotFound')
      return { geojson: kept.geojson, regionCodes: kept.region_codes, source: kept.area_source }
    }
    if (area.mode === 'region') {
      const codes = [...new Set(area.regionCodes)].sort()
      for (const code of codes) {
        if (!regionContains(unitRegion, code)) {
          const unit = (await sql<{ name: string }>`SELECT name FROM region WHERE code = ${unitRegion}`.execute(db)).rows[0]?.name
          throw ApiError.of(400, 'plan.errors.regionOutside', { code, unit: unit ?? unitRegion })
        }
      }
      const { rows } = await sql<{ code: string; has: boolean }>`
        SELECT code, geom IS NOT NULL AS has FROM region WHERE code = ANY (${codes}::text[])`.execute(db)
      const known = new Set(rows.filter((r) => r.has).map((r) => r.code))
      const unknown = codes.find((c) => !known.has(c))
      if (unknown) throw ApiError.of(404, 'plan.errors.unknownRegion', { code: unknown })
      const { rows: union } = await sql<{ geojson: string | null }>`
        SELECT ST_AsGeoJSON(ST_Multi(ST_Union(geom)), 7) AS geojson FROM region WHERE code = ANY (${codes}::text[])`.execute(db)
      if (!union[0]?.geojson) throw ApiError.of(400, 'plan.errors.emptyArea')
      return { geojson: union[0].geojson, regionCodes: codes, source: 'region' }
    }
    if (area.mode === 'draw') {
      // the select's checks first (coordinates, vertices), then a crossing is refused, not repaired
      await areas.resolve({ mode: 'draw', geometry: area.geometry }, PLAN_AREA_MESSAGES)
      const { rows } = await sql<{ valid: boolean; reason: string }>`
        SELECT ST_IsValid(g) AS valid, ST_IsValidReason(g) AS reason FROM (SELECT ${geomOf(JSON.stringify(area.geometry))} AS g) x`.execute(
        db,
      )
      const check = rows[0]
      if (!check?.valid) {
        const reason = check?.reason ?? ''
        const at = /\[([-\d.]+) ([-\d.]+)\]/.exec(reason)
        const where = at ? `${Number(at[1]).toFixed(5)}, ${Number(at[2]).toFixed(5)}` : reason
        if (/self-intersection|ring self-intersection/i.test(reason)) throw ApiError.of(422, 'plan.errors.selfCrossing', { where })
        throw ApiError.of(422, 'plan.errors.brokenPolygon', { reason })
      }
      return { geojson: JSON.stringify(area.geometry), regionCodes: [], source: 'draw' }
    }
    const resolved = await areas.resolve({ mode: 'shp', uploadId: area.uploadId }, PLAN_AREA_MESSAGES)
    return { geojson: await areas.geojson(resolved), regionCodes: [], source: 'shp' }
  }

  return {
    /** Checks an item's area against its unit and paints it; throws the Chinese 4xx of what is wrong. */
    async check(unitRegion: string, area: PlanArea): Promise<CheckedArea> {
      const { geojson, regionCodes, source } = await geojsonOf(unitRegion, area)
      const geom = geomOf(geojson)
      const { rows } = await sql<{ area: number | null; outside: number | null }>`
        SELECT ST_Area(g::geography) / 1e6 AS area,
          ${source === 'region' ? sql`0` : sql`ST_Area(ST_Difference(g, u.geom)::geography) / 1e6`} AS outside
        FROM (SELECT ST_CollectionExtract(${geom}, 3) AS g) x, region u WHERE u.code = ${unitRegion}`.execute(db)
      const areaKm2 = Number(rows[0]?.area ?? 0)
      const outsideKm2 = Number(rows[0]?.outside ?? 0)
      if (!(areaKm2 > 0)) throw ApiError.of(400, 'plan.errors.emptyArea')
      const { rows: counties } = await sql<{ code: string }>`
        SELECT code FROM region r, (SELECT ${geom} AS g) x
        WHERE r.level = 'county' AND r.geom IS NOT NULL AND r.geom && x.g AND ST_Intersects(r.geom, x.g)`.execute(db)
      return { geojson, geom, areaKm2, outsideKm2, regionCodes, counties: counties.map((c) => c.code), source }
    },

    /** The refusal of an area too much of which lies outside the unit. */
    outsideError(checked: Pick<CheckedArea, 'areaKm2' | 'outsideKm2'>, tolerance: number): ApiError | null {
      if (checked.outsideKm2 <= checked.areaKm2 * tolerance) return null
      return ApiError.of(400, 'plan.errors.outsideRange', {
        area: checked.outsideKm2.toFixed(2),
        percent: ((checked.outsideKm2 / checked.areaKm2) * 100).toFixed(1),
      })
    },

    paint: (checked: CheckedArea) => coverage.paint(checked.geojson, checked.counties),
    gridVersion: () => coverage.gridVersion(),
  }
}

export type PlanAreas = ReturnType<typeof createPlanAreas>
