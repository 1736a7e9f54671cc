import { type Kysely, sql } from 'kysely'

/**
 * The coverage engine's tables (issue 23, capabilities/coverage):
 * - coverage_grid: each county's grid (cell size, box, the mask of cells inside), built from its
 *   boundary once per region data version;
 * - coverage_month: per source × resolution class × cloud limit × Beijing month × county, the
 *   county's cells some footprint covers (a deflated bitset) and the sum of the footprints' shares
 *   of the county (times covered);
 * - coverage_pending: scenes not yet counted. A statement trigger on scene queues every inserted
 *   row; a delete, or an update of a column coverage depends on, empties the months it touched and
 *   queues their remaining scenes again (their sums cannot be taken apart), and moves `epoch` so
 *   that a refresh that read before it starts again;
 * - coverage_state: the grids' version, a data version every change moves (answers kept in memory
 *   are keyed by it) and the epoch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE coverage_grid (
      code text PRIMARY KEY,
      minx double precision NOT NULL,
      miny double precision NOT NULL,
      size double precision NOT NULL,
      nx integer NOT NULL,
      ny integer NOT NULL,
      cells integer NOT NULL,
      mask bytea NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE coverage_month (
      source text NOT NULL,
      class smallint NOT NULL,
      cloud smallint NOT NULL,
      month integer NOT NULL,
      county text NOT NULL,
      bits bytea NOT NULL,
      depth double precision NOT NULL,
      scenes integer NOT NULL,
      PRIMARY KEY (source, class, cloud, month, county)
    )`.execute(db)
  await sql`CREATE SEQUENCE coverage_pending_seq`.execute(db)
  await sql`CREATE TABLE coverage_pending (scene_id text PRIMARY KEY, seq bigint NOT NULL)`.execute(db)
  await sql`
    CREATE TABLE coverage_state (
      id smallint PRIMARY KEY CHECK (id = 1),
      grid_version text,
      version bigint NOT NULL DEFAULT 0,
      epoch bigint NOT NULL DEFAULT 0
    )`.execute(db)
  await sql`INSERT INTO coverage_state (id) VALUES (1)`.execute(db)

  await sql`
    CREATE FUNCTION coverage_month_start(m integer) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
      SELECT make_timestamptz(m / 100, m % 100, 1, 0, 0, 0, 'Asia/Shanghai')
    $$`.execute(db)
  await sql`
    CREATE FUNCTION coverage_month_of(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
      SELECT to_char(t AT TIME ZONE 'Asia/Shanghai', 'YYYYMM')::integer
    $$`.execute(db)
  await sql`
    CREATE FUNCTION coverage_recount(months integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(array_length(months, 1), 0) = 0 THEN RETURN; END IF;
      UPDATE coverage_state SET epoch = epoch + 1, version = version + 1 WHERE id = 1;
      DELETE FROM coverage_month WHERE source = 'archive' AND month = ANY (months);
      INSERT INTO coverage_pending (scene_id, seq)
      SELECT s.id, nextval('coverage_pending_seq')
      FROM unnest(months) AS m JOIN scene s
        ON s.data_status = '2' AND s.acquired_at >= coverage_month_start(m) AND s.acquired_at < coverage_month_start(m) + interval '1 month'
      ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq;
    END $$`.execute(db)
  await sql`
    CREATE FUNCTION coverage_scenes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO coverage_pending (scene_id, seq)
        SELECT id, nextval('coverage_pending_seq') FROM changed_new WHERE data_status = '2'
        ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM coverage_recount(ARRAY(SELECT DISTINCT coverage_month_of(acquired_at) FROM changed_old WHERE data_status = '2'));
      ELSIF TG_OP = 'UPDATE' THEN
        PERFORM coverage_recount(ARRAY(
          SELECT DISTINCT m FROM changed_old o JOIN changed_new n ON n.id = o.id,
            LATERAL (VALUES (coverage_month_of(o.acquired_at)), (coverage_month_of(n.acquired_at))) AS v (m)
          WHERE (o.data_status = '2' OR n.data_status = '2')
            AND (o.data_status, o.acquired_at, o.cloud_percent, o.resolution_m, ST_AsEWKB(o.footprint))
              IS DISTINCT FROM (n.data_status, n.acquired_at, n.cloud_percent, n.resolution_m, ST_AsEWKB(n.footprint))));
      ELSE
        UPDATE coverage_state SET epoch = epoch + 1, version = version + 1 WHERE id = 1;
        DELETE FROM coverage_month WHERE source = 'archive';
        DELETE FROM coverage_pending;
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  await sql`CREATE TRIGGER scene_coverage_inserted AFTER INSERT ON scene
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed()`.execute(db)
  await sql`CREATE TRIGGER scene_coverage_deleted AFTER DELETE ON scene
    REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed()`.execute(db)
  await sql`CREATE TRIGGER scene_coverage_updated AFTER UPDATE ON scene
    REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed()`.execute(db)
  await sql`CREATE TRIGGER scene_coverage_truncated AFTER TRUNCATE ON scene FOR EACH STATEMENT EXECUTE FUNCTION coverage_scenes_changed()`.execute(
    db,
  )
  // the scenes already stored are counted by the first refresh
  await sql`INSERT INTO coverage_pending (scene_id, seq) SELECT id, nextval('coverage_pending_seq') FROM scene WHERE data_status = '2'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['inserted', 'deleted', 'updated', 'truncated'])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`scene_coverage_${event}`)} ON scene`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_scenes_changed()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_recount(integer[])`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_month_of(timestamptz)`.execute(db)
  await sql`DROP FUNCTION IF EXISTS coverage_month_start(integer)`.execute(db)
  for (const table of ['coverage_state', 'coverage_pending', 'coverage_month', 'coverage_grid'])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
  await sql`DROP SEQUENCE IF EXISTS coverage_pending_seq`.execute(db)
}
