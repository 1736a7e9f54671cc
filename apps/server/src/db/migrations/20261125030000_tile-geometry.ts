import { type Kysely, sql } from 'kysely'

/**
 * Boundaries simplified once for the low zooms of the vector tiles, so a tile needs no heavy
 * simplification when it is asked for: generated columns, filled by PostgreSQL whenever the
 * reference-data loader writes a shape (and here for rows already there). Tolerances are a quarter
 * of a pixel of a 512-pixel tile at the band's highest zoom (tile width / 1024 degrees): geom_z3
 * serves zooms 0–3 (0.044°), geom_z6 zooms 4–6 (0.0055°); higher zooms use geom itself.
 * The map layer registry (modules/map/layers.ts) names these columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE region
      ADD COLUMN geom_z3 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.0439453125, true)) STORED,
      ADD COLUMN geom_z6 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.0054931640625, true)) STORED`.execute(db)
  await sql`
    ALTER TABLE global_region
      ADD COLUMN geom_z3 geometry GENERATED ALWAYS AS (ST_Simplify(geom, 0.0439453125, true)) STORED`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE global_region DROP COLUMN IF EXISTS geom_z3`.execute(db)
  await sql`ALTER TABLE region DROP COLUMN IF EXISTS geom_z3, DROP COLUMN IF EXISTS geom_z6`.execute(db)
}
