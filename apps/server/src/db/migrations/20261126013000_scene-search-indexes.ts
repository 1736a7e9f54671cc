import { type Kysely, sql } from 'kysely'

/**
 * Indexes of the scene query's orders: one per sort field, (data_status, field, id), readable in
 * both directions, so that `ORDER BY field DESC, id DESC LIMIT n` and the keyset condition
 * `(field, id) < (v, id)` walk an index and stop after n rows instead of sorting every match.
 * They replace scene_time_idx (acquired_at DESC, id ASC), whose mixed directions served neither.
 * A FILE list's lines are looked up by list (the primary key) and matched through the file name
 * and path/row indexes of the archive migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS scene_time_idx`.execute(db)
  await sql`CREATE INDEX scene_status_time_idx ON scene (data_status, acquired_at, id)`.execute(db)
  await sql`CREATE INDEX scene_status_cloud_idx ON scene (data_status, cloud_percent, id)`.execute(db)
  await sql`CREATE INDEX scene_status_resolution_idx ON scene (data_status, resolution_m, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS scene_status_resolution_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS scene_status_cloud_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS scene_status_time_idx`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS scene_time_idx ON scene (data_status, acquired_at DESC, id)`.execute(db)
}
