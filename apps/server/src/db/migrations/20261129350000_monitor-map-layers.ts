import { type Kysely, sql } from 'kysely'

/**
 * The monitoring layers of the map services (issue 13) that are not monitor_spot itself: derived
 * tables refreshed from the spots and the scene archive by datasets/monitor-map-layers/refresh.ts.
 * - monitor_zone: the adaptive zones (pvland_adaptive_zone, windmill_adaptive_zone), 示意: a
 *   buffered hull around each plant's spots of the module's latest batch.
 * - monitor_grid_cell: grid_statistics_default, the spots of each module's latest batch counted in
 *   the cells of its grid level (web-map tile level 13, 14 for the density variant), one row per
 *   module, cell and county so the area range filters it like the spots.
 * - acquisition_county with the view acquisition_report: per county, the archive's scenes that
 *   cover its centre point, the earliest and latest acquisition.
 * - cloud_platform: the platform's service area (cloudPlatform; SPEC gives the name only).
 * Plus the index of the benchmark's detail list under a province range (newest batch first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monitor_zone (
      id serial PRIMARY KEY,
      module text NOT NULL,
      zone_name text NOT NULL,
      province_code text NOT NULL,
      county_code text NOT NULL,
      site_count integer NOT NULL,
      capacity_mw double precision,
      area_km2 double precision NOT NULL,
      batch text NOT NULL,
      geom geometry(MultiPolygon, 4326) NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX monitor_zone_geom_idx ON monitor_zone USING gist (geom)`.execute(db)
  await sql`
    CREATE TABLE monitor_grid_cell (
      id serial PRIMARY KEY,
      module text NOT NULL,
      batch text NOT NULL,
      level integer NOT NULL,
      x integer NOT NULL,
      y integer NOT NULL,
      county_code text NOT NULL,
      num integer NOT NULL,
      area_m2 double precision,
      length_m double precision,
      geom geometry(Polygon, 4326) NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX monitor_grid_cell_geom_idx ON monitor_grid_cell USING gist (geom)`.execute(db)
  await sql`
    CREATE TABLE acquisition_county (
      code text PRIMARY KEY,
      scene_count integer NOT NULL,
      earliest_at timestamptz NOT NULL,
      latest_at timestamptz NOT NULL,
      latest_satellite text NOT NULL
    )`.execute(db)
  // a plain view over region: the planner inlines it, so region's geometry index serves the map
  await sql`
    CREATE VIEW acquisition_report AS
    SELECT r.code, r.name, r.full_name, a.scene_count,
      to_char(a.latest_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS latest_at,
      to_char(a.earliest_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS earliest_at,
      a.latest_satellite, r.geom, r.geom_z6, r.tile_z2, r.tile_z3, r.tile_z4, r.tile_z5
    FROM region r JOIN acquisition_county a ON a.code = r.code
    WHERE r.level = 'county' AND r.geom IS NOT NULL`.execute(db)
  await sql`
    CREATE TABLE cloud_platform (
      code text PRIMARY KEY,
      name text NOT NULL,
      province_count integer NOT NULL,
      geom geometry(MultiPolygon, 4326) NOT NULL,
      geom_z6 geometry
    )`.execute(db)
  await sql`CREATE INDEX cloud_platform_geom_idx ON cloud_platform USING gist (geom)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS cloud_platform`.execute(db)
  await sql`DROP VIEW IF EXISTS acquisition_report`.execute(db)
  await sql`DROP TABLE IF EXISTS acquisition_county`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_grid_cell`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_zone`.execute(db)
}
