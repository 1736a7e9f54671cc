import { type Kysely, sql } from 'kysely'

/**
 * A province's own imagery (本地数据, issue 23): each registration (an upload) and its footprints,
 * placed in the county of their inner point. The coverage engine counts them as the source
 * 'local': inserted rows are queued as 'local:<id>', a delete or an update recounts the months it
 * touched for that source only (coverage_recount_source).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE local_imagery_upload (
      id serial PRIMARY KEY,
      file_name text NOT NULL,
      user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      rows integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE local_imagery (
      id serial PRIMARY KEY,
      upload_id integer NOT NULL REFERENCES local_imagery_upload (id) ON DELETE CASCADE,
      county_code text NOT NULL,
      province_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('aerial', 'satellite')),
      name text NOT NULL,
      acquired_on date NOT NULL,
      resolution_m real NOT NULL CHECK (resolution_m > 0),
      sensor text NOT NULL,
      owner_unit text NOT NULL,
      licence text,
      footprint geometry(MultiPolygon, 4326) NOT NULL,
      area_km2 double precision NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX local_imagery_footprint_idx ON local_imagery USING gist (footprint)`.execute(db)
  await sql`CREATE INDEX local_imagery_county_idx ON local_imagery (county_code, acquired_on)`.execute(db)
  await sql`CREATE INDEX local_imagery_upload_idx ON local_imagery (upload_id)`.execute(db)

  await sql`
    CREATE FUNCTION coverage_recount_source(src text, months integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(array_length(months, 1), 0) = 0 THEN RETURN; END IF;
      IF src = 'archive' THEN PERFORM coverage_recount(months); RETURN; END IF;
      UPDATE coverage_state SET epoch = epoch + 1, version = version + 1 WHERE id = 1;
      DELETE FROM coverage_month WHERE source = src AND month IN (
        SELECT unnest(ARRAY[m, (m / 100) * 100 + 20 + ((m % 100) + 2) / 3, (m / 100) * 100]) FROM unnest(months) AS m);
      INSERT INTO coverage_stale_period (source, period)
      SELECT DISTINCT src, p FROM unnest(months) AS m, unnest(ARRAY[(m / 100) * 100 + 20 + ((m % 100) + 2) / 3, (m / 100) * 100]) AS p
      ON CONFLICT DO NOTHING;
      INSERT INTO coverage_pending (scene_id, seq, month)
      SELECT 'local:' || l.id, nextval('coverage_pending_seq'), to_char(l.acquired_on, 'YYYYMM')::int
      FROM local_imagery l WHERE to_char(l.acquired_on, 'YYYYMM')::int = ANY (months)
      ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq, month = EXCLUDED.month;
    END $$`.execute(db)
  await sql`
    CREATE FUNCTION coverage_local_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO coverage_pending (scene_id, seq, month)
        SELECT 'local:' || id, nextval('coverage_pending_seq'), to_char(acquired_on, 'YYYYMM')::int FROM changed_new
        ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq, month = EXCLUDED.month;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM coverage_recount_source('local', ARRAY(SELECT DISTINCT to_char(acquired_on, 'YYYYMM')::int FROM changed_old));
      ELSE
        PERFORM coverage_recount_source('local', ARRAY(
          SELECT DISTINCT m FROM changed_old o JOIN changed_new n ON n.id = o.id,
            LATERAL (VALUES (to_char(o.acquired_on, 'YYYYMM')::int), (to_char(n.acquired_on, 'YYYYMM')::int)) AS v (m)
          WHERE (o.acquired_on, o.resolution_m, ST_AsEWKB(o.footprint)) IS DISTINCT FROM (n.acquired_on, n.resolution_m, ST_AsEWKB(n.footprint))));
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  await sql`CREATE TRIGGER local_imagery_coverage_inserted AFTER INSERT ON local_imagery
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION coverage_local_changed()`.execute(db)
  await sql`CREATE TRIGGER local_imagery_coverage_deleted AFTER DELETE ON local_imagery
    REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION coverage_local_changed()`.execute(db)
  await sql`CREATE TRIGGER local_imagery_coverage_updated AFTER UPDATE ON local_imagery
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION coverage_local_changed()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['inserted', 'deleted', 'updated'])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`local_imagery_coverage_${event}`)} ON local_imagery`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_local_changed()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_recount_source(text, integer[])`.execute(db)
  await sql`DROP TABLE IF EXISTS local_imagery`.execute(db)
  await sql`DROP TABLE IF EXISTS local_imagery_upload`.execute(db)
}
