import { type Kysely, sql } from 'kysely'

/**
 * Earth-observation satellites of the world from data/satellites-world (UCS Satellite Database,
 * 1 May 2023): the 16 columns of the file as typed values, plus what the loader derives
 * (db/world-satellite-data.ts, rules in modules/analysis/classify.ts); and the planned missions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE world_satellite (
      norad_number integer PRIMARY KEY,
      position integer NOT NULL,
      name text NOT NULL,
      country_of_operator_owner text NOT NULL,
      operator_owner text NOT NULL,
      users text NOT NULL,
      purpose text NOT NULL,
      detailed_purpose text,
      class_of_orbit text NOT NULL,
      perigee_km double precision,
      apogee_km double precision,
      inclination_deg double precision,
      period_min double precision,
      launch_mass_kg double precision,
      date_of_launch date,
      expected_lifetime_yrs double precision,
      cospar_number text NOT NULL,
      -- derived by the loader
      operator_country text NOT NULL,
      orbit_class text NOT NULL CHECK (orbit_class IN ('LEO', 'MEO', 'GEO', 'Elliptical')),
      launch_year smallint,
      launch_date_note text,
      user_group text NOT NULL,
      category text NOT NULL,
      remote_sensing boolean NOT NULL,
      series_slug text,
      resolution_m double precision,
      resolution_class smallint CHECK (resolution_class BETWEEN 1 AND 4)
    )`.execute(db)
  await sql`
    CREATE TABLE planned_mission (
      position integer PRIMARY KEY,
      name text NOT NULL,
      country text NOT NULL,
      planned_year text NOT NULL,
      category text NOT NULL,
      source text NOT NULL,
      source_date date,
      note text,
      -- derived by the loader
      portal_category text NOT NULL,
      period_key text NOT NULL,
      satellites integer NOT NULL
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS planned_mission`.execute(db)
  await sql`DROP TABLE IF EXISTS world_satellite`.execute(db)
}
