import { type Kysely, sql } from 'kysely'

/**
 * The provinces cut into parts of at most 128 vertices (ST_Subdivide), with a GiST index: a scene
 * searched in 全国 (100000) is tested against the one or two small parts its footprint's box meets
 * instead of every province outline that box meets (up to 1,200 vertices each, read from TOAST for
 * every scene). Provinces only: 全国 is the one search over many outlines (a single region is one
 * outline PostGIS prepares once per statement), and cutting the 2,851 counties too took 13 s of
 * PGlite's reference-data load against 1.4 s for the provinces. Filled here for the regions already
 * loaded and by the reference-data loader whenever it writes regions (db/reference-data.ts); the
 * rows go with their region.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE region_part (
      code text NOT NULL REFERENCES region (code) ON DELETE CASCADE,
      level text NOT NULL,
      geom geometry(Polygon, 4326) NOT NULL
    )`.execute(db)
  await sql`INSERT INTO region_part (code, level, geom) SELECT code, level, ST_Subdivide(geom, 128) FROM region WHERE level = 'province' AND geom IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE INDEX region_part_geom_idx ON region_part USING gist (geom)`.execute(db)
  await sql`CREATE INDEX region_part_code_idx ON region_part (code)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS region_part`.execute(db)
}
