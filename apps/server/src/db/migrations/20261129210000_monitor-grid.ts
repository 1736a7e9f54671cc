import { type Kysely, sql } from 'kysely'

/**
 * The grid mode's cells stored with each spot (issue 13): the XYZ tile at level 14 (GRID_BASE_LEVEL,
 * the finest grid level) of the spot's point on surface, as generated columns, so the grid of a
 * province groups integers instead of computing a point per spot (a level-13 tile is the level-14
 * one shifted right by one bit). The formula is tileOf of packages/shared domain/monitor/grid.ts.
 * The covering index lets the grid of a module, batch and region be read from the index alone.
 */
const LAT = 'least(85.0511287798066, greatest(-85.0511287798066, ST_Y(ST_PointOnSurface(geom))))'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE monitor_spot
      ADD COLUMN grid_x14 integer GENERATED ALWAYS AS (
        least(16383, greatest(0, floor((ST_X(ST_PointOnSurface(geom)) + 180) / 360 * 16384)))::integer
      ) STORED,
      ADD COLUMN grid_y14 integer GENERATED ALWAYS AS (
        least(16383, greatest(0, floor((1 - ln(tan(radians(${sql.raw(LAT)})) + 1 / cos(radians(${sql.raw(LAT)}))) / pi()) / 2 * 16384)))::integer
      ) STORED`.execute(db)
  await sql`
    CREATE INDEX monitor_spot_grid_idx ON monitor_spot (module, batch, province_code, city_code, county_code)
      INCLUDE (grid_x14, grid_y14, stage, spot_type, area_m2, length_m)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS monitor_spot_grid_idx`.execute(db)
  await sql`ALTER TABLE monitor_spot DROP COLUMN IF EXISTS grid_x14, DROP COLUMN IF EXISTS grid_y14`.execute(db)
}
