import { type Kysely, sql } from 'kysely'

/**
 * A change of the batches (a file name, the source, a batch added or removed) counts in
 * monitor_data_version as a change of the spots does: the statistics rollup keeps its answers in
 * memory under that version, and a module's batch list carries the file names and the 示意 mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER monitor_batch_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE
    ON monitor_batch FOR EACH STATEMENT EXECUTE FUNCTION monitor_data_changed()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS monitor_batch_changed ON monitor_batch`.execute(db)
}
