import { type Kysely, sql } from 'kysely'

/**
 * Indexes of the monitoring engine at 1,000,000 spots per module (npm run bench:monitor):
 * - monitor_spot_list_idx: the detail list's order (newest batch first, then id) within a module,
 *   so a page of a whole-country user reads 20 index entries instead of sorting every spot
 *   (2.1 s → under 1 ms at 1M spots on PostgreSQL);
 * - monitor_spot_site_idx: the statistics' "latest row of each site in the batch range" (DISTINCT
 *   ON site_id) read in order from an index-only scan carrying the grouped and summed columns, no
 *   sort and no heap (1.4 s → 0.46 s for one batch, 4.5 s → 0.61 s for five, at 1M spots).
 * Both are dropped and rebuilt around the demo's bulk load (datasets/monitor-spots/load.ts).
 *
 * And the statistics' rollup (modules/monitor/statistics-rollup.ts): monitor_stat_rollup holds the
 * spots counted and summed per module, batch, county, stage and type, with the batch of the site's
 * next row (any, same stage, same type, same both), so "a site once in a batch range, with its
 * latest row" is a sum over a few thousand rows instead of a DISTINCT ON over a million spots.
 * monitor_data_version counts the statements that changed the spots (a statement trigger); a
 * module's rollup is rebuilt when it was built at an older count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX monitor_spot_list_idx ON monitor_spot (module, batch DESC, id)`.execute(db)
  await sql`CREATE INDEX monitor_spot_site_idx ON monitor_spot (module, site_id, batch DESC)
    INCLUDE (province_code, city_code, county_code, area_m2, length_m, stage, spot_type)`.execute(db)
  await sql`CREATE TABLE monitor_data_version (id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`.execute(db)
  await sql`INSERT INTO monitor_data_version VALUES (1, 0)`.execute(db)
  await sql`
    CREATE FUNCTION monitor_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE monitor_data_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER monitor_spot_changed
    AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m
    ON monitor_spot FOR EACH STATEMENT EXECUTE FUNCTION monitor_data_changed()`.execute(db)
  await sql`
    CREATE TABLE monitor_stat_rollup (
      module text NOT NULL,
      batch text NOT NULL,
      province_code text NOT NULL,
      city_code text NOT NULL,
      county_code text NOT NULL,
      stage text NOT NULL,
      spot_type text NOT NULL,
      next_any text,
      next_stage text,
      next_type text,
      next_both text,
      num integer NOT NULL,
      area_m2 double precision,
      length_m double precision
    )`.execute(db)
  await sql`CREATE INDEX monitor_stat_rollup_idx ON monitor_stat_rollup (module, batch)`.execute(db)
  await sql`CREATE TABLE monitor_stat_rollup_state (module text PRIMARY KEY, version bigint NOT NULL)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS monitor_stat_rollup_state`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_stat_rollup`.execute(db)
  await sql`DROP TRIGGER IF EXISTS monitor_spot_changed ON monitor_spot`.execute(db)
  await sql`DROP FUNCTION IF EXISTS monitor_data_changed()`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_data_version`.execute(db)
  await sql`DROP INDEX IF EXISTS monitor_spot_site_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS monitor_spot_list_idx`.execute(db)
}
