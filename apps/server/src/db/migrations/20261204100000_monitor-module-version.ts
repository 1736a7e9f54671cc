import { type Kysely, sql } from 'kysely'

/**
 * A data version per monitoring module. Before, monitor_data_version counted every statement that
 * changed any module's spots or batches, so an import into one module left all eight rollups to
 * rebuild (3–3.6 s each at 1,000,000 spots on PostgreSQL) and dropped every module's answers
 * kept in memory. Now the statement triggers read the rows they changed (transition tables) and
 * stamp the modules among them in monitor_module_version with the new count; a module's rollup
 * and answers stand until its own stamp moves. monitor_data_version stays the count of changes.
 *
 * PostgreSQL allows transition tables only on a trigger of one event and without a column list,
 * hence one trigger per event (an UPDATE of any column now counts; the only writer that updates
 * spots, an import's stage change, changes a counted column anyway). TRUNCATE has no rows to read
 * and stamps every module known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE monitor_module_version (module text PRIMARY KEY, version bigint NOT NULL)`.execute(db)
  // every module stands at today's count, so the rollups built under it stay valid
  await sql`
    INSERT INTO monitor_module_version (module, version)
    SELECT module, (SELECT version FROM monitor_data_version WHERE id = 1)
    FROM (SELECT module FROM monitor_batch UNION SELECT module FROM monitor_stat_rollup_state) m`.execute(db)
  await sql`DROP TRIGGER IF EXISTS monitor_spot_changed ON monitor_spot`.execute(db)
  await sql`DROP TRIGGER IF EXISTS monitor_batch_changed ON monitor_batch`.execute(db)
  await sql`
    CREATE FUNCTION monitor_modules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      stamp bigint;
    BEGIN
      UPDATE monitor_data_version SET version = version + 1 WHERE id = 1 RETURNING version INTO stamp;
      IF TG_OP = 'INSERT' THEN
        INSERT INTO monitor_module_version (module, version) SELECT DISTINCT module, stamp FROM changed_new
        ON CONFLICT (module) DO UPDATE SET version = EXCLUDED.version;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO monitor_module_version (module, version) SELECT DISTINCT module, stamp FROM changed_old
        ON CONFLICT (module) DO UPDATE SET version = EXCLUDED.version;
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO monitor_module_version (module, version)
        SELECT module, stamp FROM (SELECT module FROM changed_old UNION SELECT module FROM changed_new) m
        ON CONFLICT (module) DO UPDATE SET version = EXCLUDED.version;
      ELSE
        INSERT INTO monitor_module_version (module, version)
        SELECT module, stamp FROM (SELECT module FROM monitor_module_version UNION SELECT module FROM monitor_stat_rollup_state) m
        ON CONFLICT (module) DO UPDATE SET version = EXCLUDED.version;
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  for (const table of ['monitor_spot', 'monitor_batch']) {
    const on = sql.table(table)
    await sql`CREATE TRIGGER ${sql.id(`${table}_inserted`)} AFTER INSERT ON ${on}
      REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION monitor_modules_changed()`.execute(db)
    await sql`CREATE TRIGGER ${sql.id(`${table}_deleted`)} AFTER DELETE ON ${on}
      REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION monitor_modules_changed()`.execute(db)
    await sql`CREATE TRIGGER ${sql.id(`${table}_updated`)} AFTER UPDATE ON ${on}
      REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION monitor_modules_changed()`.execute(
      db,
    )
    await sql`CREATE TRIGGER ${sql.id(`${table}_truncated`)} AFTER TRUNCATE ON ${on}
      FOR EACH STATEMENT EXECUTE FUNCTION monitor_modules_changed()`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['monitor_spot', 'monitor_batch'])
    for (const event of ['inserted', 'deleted', 'updated', 'truncated'])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_${event}`)} ON ${sql.table(table)}`.execute(db)
  await sql`DROP FUNCTION IF EXISTS monitor_modules_changed()`.execute(db)
  await sql`DROP TABLE IF EXISTS monitor_module_version`.execute(db)
  await sql`
    CREATE TRIGGER monitor_spot_changed
    AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m
    ON monitor_spot FOR EACH STATEMENT EXECUTE FUNCTION monitor_data_changed()`.execute(db)
  await sql`
    CREATE TRIGGER monitor_batch_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
    ON monitor_batch FOR EACH STATEMENT EXECUTE FUNCTION monitor_data_changed()`.execute(db)
}
