import { type Kysely, sql } from 'kysely'

/**
 * Spot verification (issue 13, packages/shared domain/monitor/verification.ts): the current state
 * of a spot's field check, every step of it (the history the spot detail shows) and the photos of
 * each recorded check, kept in the database so a check and its photos commit together. An import
 * finds the sites seen in an earlier batch through monitor_spot_site_idx (module, site_id, batch
 * DESC) of migration 20261129360000; without such an index an import of 100,000 sites over 100,000
 * earlier ones took 400 s.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monitor_verification (
      spot_id integer PRIMARY KEY REFERENCES monitor_spot (id) ON DELETE CASCADE,
      module text NOT NULL,
      state text NOT NULL CHECK (state IN ('recorded', 'accepted', 'returned')),
      result text CHECK (result IN ('true', 'false', 'partial')),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX monitor_verification_module_idx ON monitor_verification (module, state)`.execute(db)
  await sql`
    CREATE TABLE monitor_verification_step (
      id serial PRIMARY KEY,
      spot_id integer NOT NULL REFERENCES monitor_spot (id) ON DELETE CASCADE,
      event text NOT NULL CHECK (event IN ('record', 'accept', 'return')),
      state text NOT NULL CHECK (state IN ('recorded', 'accepted', 'returned')),
      user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      username text NOT NULL,
      result text CHECK (result IN ('true', 'false', 'partial')),
      note text,
      lon double precision,
      lat double precision,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX monitor_verification_step_spot_idx ON monitor_verification_step (spot_id, id)`.execute(db)
  await sql`
    CREATE TABLE monitor_verification_photo (
      id serial PRIMARY KEY,
      step_id integer NOT NULL REFERENCES monitor_verification_step (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
      bytes integer NOT NULL,
      data bytea NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX monitor_verification_photo_step_idx ON monitor_verification_photo (step_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS monitor_verification_photo`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_verification_step`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_verification`.execute(db)
}
