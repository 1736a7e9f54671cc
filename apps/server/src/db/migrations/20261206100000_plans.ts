import { type Kysely, sql } from 'kysely'

/**
 * Coordinated procurement plans (部省协同, issue 24; domain/plan.ts): plan years the ministry
 * opens; a unit's plan per year, one row per revision (the live row is the latest); its items, each
 * an area with what it asks for and its review; the item's cells on the coverage engine's county
 * grids as runs of cells, with its weighted share and cell count per county (so what the holdings
 * already cover is read from the engine for any purchase year without painting the item again); and the pairs of live items of different units that overlap, with the
 * overlap's geometry and geodesic area, kept when an item is saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plan_year (
      year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed', 'published')),
      deadline date NOT NULL,
      purchase_year integer NOT NULL CHECK (purchase_year BETWEEN 1970 AND 2100),
      requested text NOT NULL DEFAULT '',
      resolution_types text[] NOT NULL,
      demo boolean NOT NULL DEFAULT false,
      opened_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`.execute(db)
  await sql`
    CREATE TABLE plan (
      id serial PRIMARY KEY,
      year integer NOT NULL REFERENCES plan_year (year),
      unit_region text NOT NULL,
      unit_type text NOT NULL CHECK (unit_type IN ('province', 'city', 'county')),
      unit_name text NOT NULL,
      revision integer NOT NULL DEFAULT 1,
      live boolean NOT NULL DEFAULT true,
      state text NOT NULL DEFAULT 'draft'
        CHECK (state IN ('draft', 'submitted', 'returned', 'accepted', 'published', 'superseded')),
      demo boolean NOT NULL DEFAULT false,
      created_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      submitted_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      submitted_at timestamptz,
      reviewed_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (year, unit_region, revision)
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX plan_live_idx ON plan (year, unit_region) WHERE live`.execute(db)
  await sql`CREATE INDEX plan_state_idx ON plan (year, state)`.execute(db)
  await sql`
    CREATE TABLE plan_item (
      id serial PRIMARY KEY,
      plan_id integer NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      name text NOT NULL,
      area_source text NOT NULL CHECK (area_source IN ('region', 'draw', 'shp')),
      region_codes text[] NOT NULL DEFAULT '{}',
      geom geometry(MultiPolygon, 4326) NOT NULL,
      area_km2 double precision NOT NULL,
      resolution text NOT NULL,
      months smallint[] NOT NULL,
      cjlx text NOT NULL,
      purpose text NOT NULL DEFAULT '',
      owner_unit text NOT NULL,
      budget numeric(12, 2) NOT NULL CHECK (budget >= 0),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'returned')),
      return_reason text,
      overlap_km2 double precision NOT NULL DEFAULT 0,
      grid_version text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (plan_id, seq)
    )`.execute(db)
  await sql`CREATE INDEX plan_item_geom_idx ON plan_item USING gist (geom)`.execute(db)
  await sql`CREATE INDEX plan_item_plan_idx ON plan_item (plan_id)`.execute(db)
  await sql`
    CREATE TABLE plan_item_cell (
      item_id integer NOT NULL REFERENCES plan_item (id) ON DELETE CASCADE,
      county text NOT NULL,
      bits bytea NOT NULL,
      share double precision NOT NULL,
      cells integer NOT NULL,
      PRIMARY KEY (item_id, county)
    )`.execute(db)
  await sql`CREATE INDEX plan_item_cell_county_idx ON plan_item_cell (county)`.execute(db)
  await sql`
    CREATE TABLE plan_overlap (
      item_a integer NOT NULL REFERENCES plan_item (id) ON DELETE CASCADE,
      item_b integer NOT NULL REFERENCES plan_item (id) ON DELETE CASCADE,
      year integer NOT NULL,
      geom geometry(MultiPolygon, 4326) NOT NULL,
      area_km2 double precision NOT NULL,
      county text,
      PRIMARY KEY (item_a, item_b),
      CHECK (item_a < item_b)
    )`.execute(db)
  await sql`CREATE INDEX plan_overlap_b_idx ON plan_overlap (item_b)`.execute(db)
  await sql`CREATE INDEX plan_overlap_year_idx ON plan_overlap (year)`.execute(db)
  await sql`CREATE INDEX plan_overlap_geom_idx ON plan_overlap USING gist (geom)`.execute(db)
  // demo accounts made before this issue get the plan modules the seed now gives them (a fresh
  // database has no accounts yet: the seed makes them with these codes)
  await sql`
    INSERT INTO user_permission (user_id, code)
    SELECT u.id, c FROM app_user u,
      unnest(ARRAY['MOD_089', 'MOD_089_DISPLAY', 'MOD_086', 'MOD_086_DISPLAY', 'MOD_084', 'MOD_084_DISPLAY', 'MOD_083_DISPLAY', 'MOD_087_DISPLAY']) AS c
    WHERE u.username = 'ministry'
    ON CONFLICT DO NOTHING`.execute(db)
  await sql`
    INSERT INTO user_permission (user_id, code)
    SELECT u.id, c FROM app_user u, unnest(ARRAY['MOD_086', 'MOD_086_DISPLAY']) AS c
    WHERE u.username = 'neimenggu'
    ON CONFLICT DO NOTHING`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS plan_overlap`.execute(db)
  await sql`DROP TABLE IF EXISTS plan_item_cell`.execute(db)
  await sql`DROP TABLE IF EXISTS plan_item`.execute(db)
  await sql`DROP TABLE IF EXISTS plan`.execute(db)
  await sql`DROP TABLE IF EXISTS plan_year`.execute(db)
}
