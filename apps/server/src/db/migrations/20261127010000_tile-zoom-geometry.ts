import { type Kysely, sql } from 'kysely'

/**
 * Region boundaries simplified once for each of the zooms 2–5 of the vector tiles, exactly as a tile
 * of that zoom simplifies them (tolerance a quarter pixel of a 512-pixel tile: tile width / 1024
 * degrees; below zoom 5 a shape smaller than that is left out, from zoom 5 it stays a speck), so a
 * tile of those zooms only projects, clips and encodes: counties at zooms 2–5 are a few thousand
 * shapes per tile, and simplifying them on every cold tile cost most of its time. Generated
 * columns, filled by PostgreSQL whenever the reference-data loader writes a shape. The map layer
 * registry (modules/map/layers.ts) names them; 20261125030000_tile-geometry's geom_z3/geom_z6 stay
 * (global_region, and zoom 6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE region
      ADD COLUMN tile_z2 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.087890625, false)) STORED,
      ADD COLUMN tile_z3 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.0439453125, false)) STORED,
      ADD COLUMN tile_z4 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.02197265625, false)) STORED,
      ADD COLUMN tile_z5 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.010986328125, true)) STORED`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE region DROP COLUMN IF EXISTS tile_z2, DROP COLUMN IF EXISTS tile_z3, DROP COLUMN IF EXISTS tile_z4, DROP COLUMN IF EXISTS tile_z5`.execute(
    db,
  )
}
