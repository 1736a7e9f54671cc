import { type Kysely, sql } from 'kysely'

/**
 * The monitoring engine's data (issue 13): one batch table and one spot table for all eight
 * modules (packages/shared domain/monitor/modules.ts). A spot carries its county, city and
 * province codes (from a spatial join with the region boundaries when it is loaded), so the
 * statistics by region group by a column and the area range filters by a code prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE monitor_batch (
      module text NOT NULL,
      batch text NOT NULL CHECK (batch ~ '^[0-9]{8}$'),
      filename text NOT NULL,
      source text NOT NULL CHECK (source IN ('generated', 'imported')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (module, batch)
    )`.execute(db)
  await sql`
    CREATE TABLE monitor_spot (
      id serial PRIMARY KEY,
      module text NOT NULL,
      batch text NOT NULL,
      site_id text NOT NULL,
      province_code text NOT NULL CHECK (province_code ~ '^[0-9]{2}0000$'),
      city_code text NOT NULL CHECK (city_code ~ '^[0-9]{6}$'),
      county_code text NOT NULL CHECK (county_code ~ '^[0-9]{6}$'),
      spot_type text NOT NULL,
      stage text NOT NULL CHECK (stage IN ('new', 'persist')),
      area_m2 double precision,
      length_m double precision,
      attributes jsonb NOT NULL DEFAULT '{}',
      illustrative boolean NOT NULL DEFAULT true,
      geom geometry(Geometry, 4326) NOT NULL,
      FOREIGN KEY (module, batch) REFERENCES monitor_batch (module, batch) ON DELETE CASCADE,
      UNIQUE (module, batch, site_id)
    )`.execute(db)
  await sql`CREATE INDEX monitor_spot_geom_idx ON monitor_spot USING gist (geom)`.execute(db)
  // statistics: one module and batch range, grouped by a region column
  await sql`CREATE INDEX monitor_spot_stats_idx ON monitor_spot (module, batch, province_code, city_code, county_code)`.execute(db)
  // detail list under an area range: a code prefix (LIKE 'xx%') within a module, newest batch first
  await sql`CREATE INDEX monitor_spot_scope_idx ON monitor_spot (module, county_code text_pattern_ops, batch)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS monitor_spot`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_batch`.execute(db)
}
