import { type Kysely, sql } from 'kysely'

/**
 * The scene footprints as the map's vector-tile layer sees them (modules/map/layers.ts, layer
 * `scene`): the tile properties under their short names (cloud, time) beside the columns the scene
 * query filters and sorts on. A plain view: the planner inlines it, so the scene indexes serve it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE VIEW scene_tile AS
    SELECT id, satellite, sensor, acquired_at, cloud_percent, resolution_m, product_level, data_status, footprint,
      round(cloud_percent::numeric, 1)::float8 AS cloud,
      to_char(acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time
    FROM scene`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP VIEW IF EXISTS scene_tile`.execute(db)
}
