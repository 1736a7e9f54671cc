import { type Kysely, sql } from 'kysely'

/** Published scenes by import time: the large screen's last 24 hours and a push of what is new since a node's last push. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS scene_imported_idx ON scene (imported_at) WHERE data_status = '2'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS scene_imported_idx`.execute(db)
}
