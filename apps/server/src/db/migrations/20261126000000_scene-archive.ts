import { type Kysely, sql } from 'kysely'

/**
 * The image archive: one row per scene (generated demo scenes and imported real ones alike), and
 * the FILE lists of the image query (file names, orbit-path-row or path-row lines) with their
 * match reports. Footprints are always MultiPolygons in WGS84; area_km2 is geodesic (WGS84).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE scene (
      id text PRIMARY KEY,
      satellite text NOT NULL,
      sensor text NOT NULL,
      slug text,
      acquired_at timestamptz NOT NULL,
      cloud_percent real NOT NULL CHECK (cloud_percent BETWEEN 0 AND 100),
      resolution_m real NOT NULL CHECK (resolution_m > 0),
      product_level text NOT NULL,
      orbit integer,
      path integer,
      "row" integer,
      direction text CHECK (direction IN ('ascending', 'descending')),
      off_nadir_deg real,
      sun_elevation_deg real,
      file_name text NOT NULL,
      data_status text NOT NULL DEFAULT '2',
      footprint geometry(MultiPolygon, 4326) NOT NULL,
      area_km2 double precision NOT NULL,
      illustrative boolean NOT NULL DEFAULT false,
      quicklook_href text,
      source text NOT NULL DEFAULT 'generated',
      imported_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX scene_footprint_idx ON scene USING gist (footprint)`.execute(db)
  await sql`CREATE INDEX scene_time_idx ON scene (data_status, acquired_at DESC, id)`.execute(db)
  await sql`CREATE INDEX scene_satellite_idx ON scene (satellite, sensor, acquired_at DESC)`.execute(db)
  await sql`CREATE INDEX scene_file_name_idx ON scene (file_name)`.execute(db)
  await sql`CREATE INDEX scene_path_row_idx ON scene (path, "row", orbit)`.execute(db)

  await sql`
    CREATE TABLE scene_list (
      id uuid PRIMARY KEY,
      user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      upload_type smallint NOT NULL CHECK (upload_type BETWEEN 1 AND 3),
      file_name text NOT NULL,
      line_count integer NOT NULL,
      report jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX scene_list_created_idx ON scene_list (created_at)`.execute(db)
  await sql`
    CREATE TABLE scene_list_line (
      list_id uuid NOT NULL REFERENCES scene_list (id) ON DELETE CASCADE,
      line integer NOT NULL,
      file_name text,
      orbit integer,
      path integer,
      "row" integer,
      PRIMARY KEY (list_id, line)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS scene_list_line`.execute(db)
  await sql`DROP TABLE IF EXISTS scene_list`.execute(db)
  await sql`DROP TABLE IF EXISTS scene`.execute(db)
}
