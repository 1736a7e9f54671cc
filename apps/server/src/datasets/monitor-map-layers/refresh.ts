import { MONITOR_MODULES, tZh } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

const DATA_NAME = 'monitor-map-layers'

/** Buffer around a plant's spots that makes its adaptive zone (metres). */
export const ZONE_BUFFER_M = 1500

export interface MapLayersResult {
  version: string
  refreshed: boolean
  zones: number
  cells: number
  counties: number
  milliseconds: number
}

/**
 * Fills the derived monitoring layers of migration 20261129350000 (monitor_zone, monitor_grid_cell,
 * acquisition_county, cloud_platform) from monitor_spot, the scene archive and the regions, when
 * any of them changed since the last time (a signature in reference_data): at start-up after the
 * demo data, and after an import. One transaction, so the map never sees a half-filled table.
 *
 * What they are (said on screen as 示意 where they are derived):
 * - adaptive zone: per plant and county (the spots' plantName, the county where a spot has none;
 *   by county too, since distant plants may share a name) of the module's latest batch, the
 *   convex hull of its spots grown by ZONE_BUFFER_M: an illustration of
 *   where such a plant fits, not an official zoning;
 * - grid cell: the latest batch's spots counted in the cells of the module's grid level (web-map
 *   tile level: cell x, y as in tile addresses), by the point on each spot's surface;
 * - acquisition report: per county, the scenes whose footprint covers the county's centre point;
 * - cloud platform: the union of the provinces (the platform serves the whole country).
 */
export async function refreshMonitorMapLayers(db: Kysely<Database>, options: { force?: boolean } = {}): Promise<MapLayersResult> {
  const started = performance.now()
  const { rows: sig } = await sql<{ s: string }>`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(max(id), 0) FROM monitor_spot),
      (SELECT count(*) || ':' || coalesce(max(imported_at)::text, '') FROM scene),
      (SELECT string_agg(version, ',') FROM reference_data WHERE name = 'regions')) AS s`.execute(db)
  const version = sig[0]?.s ?? ''
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  const result = { version, refreshed: false, zones: 0, cells: 0, counties: 0, milliseconds: 0 }
  if (current?.version === version && !options.force) return { ...result, milliseconds: performance.now() - started }
  await db.transaction().execute(async (trx) => {
    // work of a start or an import, not of a request: the requests' statement time limit (DB_STATEMENT_TIMEOUT_SECONDS)
    // does not apply (the acquisition report reads every scene: at 5,000,000 scenes a start failed on it)
    await sql`SET LOCAL statement_timeout = 0`.execute(trx)
    await sql`SELECT pg_advisory_xact_lock(20261130)`.execute(trx)
    await sql`DELETE FROM monitor_zone`.execute(trx)
    await sql`DELETE FROM monitor_grid_cell`.execute(trx)
    await sql`DELETE FROM acquisition_county`.execute(trx)
    await sql`DELETE FROM cloud_platform`.execute(trx)
    for (const module of MONITOR_MODULES) {
      const latest = sql`(SELECT max(batch) FROM monitor_batch WHERE module = ${module.key})`
      if (module.layers.some((l) => l.kind === 'zone')) {
        const zones = await sql`
          INSERT INTO monitor_zone (module, zone_name, province_code, county_code, site_count, capacity_mw, area_km2, batch, geom)
          SELECT module, plant, province_code, county_code, site_count, capacity_mw, round((ST_Area(z::geography) / 1e6)::numeric, 3)::float8, batch,
            ST_Multi(ST_CollectionExtract(z, 3))
          FROM (
            SELECT module, batch, plant, min(province_code) AS province_code, county_code,
              count(*)::int AS site_count, max((attributes->>'capacityMw')::float8) AS capacity_mw,
              ST_Buffer(ST_ConvexHull(ST_Collect(geom))::geography, ${ZONE_BUFFER_M}::float8)::geometry AS z
            FROM (
              SELECT s.*, coalesce(s.attributes->>'plantName', s.county_code) AS plant
              FROM monitor_spot s WHERE s.module = ${module.key} AND s.batch = ${latest}
            ) s
            GROUP BY module, batch, plant, county_code
          ) t`.execute(trx)
        result.zones += Number(zones.numAffectedRows ?? 0)
      }
      const n = 2 ** module.gridLevel
      const cells = await sql`
        INSERT INTO monitor_grid_cell (module, batch, level, x, y, county_code, num, area_m2, length_m, geom)
        SELECT module, batch, ${module.gridLevel}::int, x, y, county_code, count(*)::int, sum(area_m2), sum(length_m),
          ST_MakeEnvelope(x * 360.0 / ${n} - 180, degrees(atan(sinh(pi() * (1 - 2.0 * (y + 1) / ${n})))),
            (x + 1) * 360.0 / ${n} - 180, degrees(atan(sinh(pi() * (1 - 2.0 * y / ${n})))), 4326)
        FROM (
          SELECT s.module, s.batch, s.county_code, s.area_m2, s.length_m,
            floor((ST_X(c) + 180) / 360 * ${n})::int AS x,
            floor((1 - ln(tan(radians(ST_Y(c))) + 1 / cos(radians(ST_Y(c)))) / pi()) / 2 * ${n})::int AS y
          FROM monitor_spot s CROSS JOIN LATERAL (SELECT ST_PointOnSurface(s.geom) AS c) p
          WHERE s.module = ${module.key} AND s.batch = ${latest}
        ) t
        GROUP BY module, batch, x, y, county_code`.execute(trx)
      result.cells += Number(cells.numAffectedRows ?? 0)
    }
    const counties = await sql`
      INSERT INTO acquisition_county (code, scene_count, earliest_at, latest_at, latest_satellite)
      SELECT r.code, count(*)::int, min(s.acquired_at), max(s.acquired_at),
        (array_agg(s.satellite ORDER BY s.acquired_at DESC))[1]
      FROM region r JOIN scene s ON s.footprint && r.center AND ST_Intersects(s.footprint, r.center)
      WHERE r.level = 'county' AND r.center IS NOT NULL
      GROUP BY r.code`.execute(trx)
    result.counties = Number(counties.numAffectedRows ?? 0)
    await sql`
      INSERT INTO cloud_platform (code, name, province_count, geom, geom_z6)
      SELECT '100000', ${tZh('monitorMap.cloudPlatformName')}, n, ST_Multi(u), ST_Simplify(u, 0.0054931640625, true)
      FROM (SELECT count(*)::int AS n, ST_CollectionExtract(ST_Union(geom_z6), 3) AS u FROM region WHERE level = 'province' AND geom_z6 IS NOT NULL) p
      WHERE n > 0`.execute(trx)
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, loaded_at = now()`.execute(trx)
  })
  return { ...result, refreshed: true, milliseconds: performance.now() - started }
}
