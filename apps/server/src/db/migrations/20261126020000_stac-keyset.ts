import { type Kysely, sql } from 'kysely'

/**
 * Keyset paging of the STAC API: ORDER BY key, id in one direction with (key, id) < (x, y), read
 * straight from an index forwards or backwards (the time index of the scene archive has
 * acquired_at DESC, id ASC, which serves neither direction of (acquired_at, id) as one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX scene_keyset_time_idx ON scene (data_status, acquired_at, id)`.execute(db)
  await sql`CREATE INDEX scene_keyset_cloud_idx ON scene (data_status, cloud_percent, id)`.execute(db)
  await sql`CREATE INDEX scene_keyset_gsd_idx ON scene (data_status, resolution_m, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS scene_keyset_gsd_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS scene_keyset_cloud_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS scene_keyset_time_idx`.execute(db)
}
