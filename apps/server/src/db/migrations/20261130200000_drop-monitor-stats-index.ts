import { type Kysely, sql } from 'kysely'

/**
 * monitor_spot_stats_idx (module, batch, province_code, city_code, county_code) is covered by
 * monitor_spot_grid_idx: the same keys in the same order with more included columns, so every
 * query the narrower index served (the per-batch counts, a province's or county's spots of a batch)
 * is served by the wider one; keeping both cost a second B-tree on every insert and the import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS monitor_spot_stats_idx`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX monitor_spot_stats_idx ON monitor_spot (module, batch, province_code, city_code, county_code)`.execute(db)
}
