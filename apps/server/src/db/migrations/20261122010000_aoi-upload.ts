import { type Kysely, sql } from 'kysely'

/**
 * Areas of interest uploaded for the image query (zipped shapefile, GeoJSON, KML): the union of
 * the file's polygons, made valid, in WGS84. Visitors may upload, so the user is optional.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE aoi_upload (
      id uuid PRIMARY KEY,
      user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      file_name text NOT NULL,
      feature_count integer NOT NULL,
      vertex_count integer NOT NULL,
      notices jsonb NOT NULL DEFAULT '[]'::jsonb,
      geom geometry(MultiPolygon, 4326) NOT NULL,
      area_km2 double precision NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX aoi_upload_geom_idx ON aoi_upload USING gist (geom)`.execute(db)
  await sql`CREATE INDEX aoi_upload_created_idx ON aoi_upload (created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS aoi_upload`.execute(db)
}
