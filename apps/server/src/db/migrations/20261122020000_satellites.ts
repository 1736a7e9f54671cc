import { type Kysely, sql } from 'kysely'

/**
 * Satellite reference data from data/satellites/satellites.json: the facts of each series as given
 * (satellite), the catalogue entries of SPEC §3 and the satellite-to-sensor mapping, both derived
 * by the loader (db/satellite-data.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE satellite (
      slug text PRIMARY KEY,
      name_zh text NOT NULL,
      name_en text NOT NULL,
      country text NOT NULL,
      operator text NOT NULL,
      category text NOT NULL,
      status text NOT NULL,
      position integer NOT NULL,
      facts jsonb NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE satellite_catalogue (
      idx integer PRIMARY KEY,
      label text NOT NULL,
      value text NOT NULL UNIQUE REFERENCES satellite (slug) ON DELETE CASCADE,
      checked boolean NOT NULL,
      properties smallint NOT NULL CHECK (properties BETWEEN 1 AND 3),
      resolution smallint NOT NULL CHECK (resolution BETWEEN 1 AND 4),
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 3)
    )`.execute(db)
  await sql`
    CREATE TABLE satellite_sensor (
      satellite text NOT NULL,
      sensor_id text NOT NULL,
      position integer NOT NULL,
      slug text NOT NULL REFERENCES satellite (slug) ON DELETE CASCADE,
      sensor_name text NOT NULL,
      resolution_m double precision,
      swath_km double precision,
      PRIMARY KEY (satellite, sensor_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS satellite_sensor`.execute(db)
  await sql`DROP TABLE IF EXISTS satellite_catalogue`.execute(db)
  await sql`DROP TABLE IF EXISTS satellite`.execute(db)
}
