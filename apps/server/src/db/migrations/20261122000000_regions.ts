import { type Kysely, sql } from 'kysely'

/**
 * Administrative regions of China (province, city, county; 100000 is the whole country) with a
 * boundary simplified for the region's level, and the countries of the world. Filled by the
 * reference-data loader from data/regions (not by the demo seed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE region (
      code text PRIMARY KEY CHECK (code ~ '^[0-9]{6}$'),
      name text NOT NULL,
      full_name text NOT NULL,
      level text NOT NULL CHECK (level IN ('country', 'province', 'city', 'county')),
      parent_code text REFERENCES region (code),
      center geometry(Point, 4326),
      geom geometry(MultiPolygon, 4326),
      area_km2 double precision
    )`.execute(db)
  await sql`CREATE INDEX region_parent_idx ON region (parent_code)`.execute(db)
  await sql`CREATE INDEX region_level_idx ON region (level)`.execute(db)
  await sql`CREATE INDEX region_geom_idx ON region USING gist (geom)`.execute(db)
  await sql`
    CREATE TABLE global_region (
      code text PRIMARY KEY CHECK (code ~ '^[0-9]{3}$'),
      name text NOT NULL,
      name_en text NOT NULL,
      geom geometry(MultiPolygon, 4326) NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX global_region_geom_idx ON global_region USING gist (geom)`.execute(db)
  await sql`
    CREATE TABLE reference_data (
      name text PRIMARY KEY,
      version text NOT NULL,
      loaded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS reference_data`.execute(db)
  await sql`DROP TABLE IF EXISTS global_region`.execute(db)
  await sql`DROP TABLE IF EXISTS region`.execute(db)
}
