import { type Kysely, sql } from 'kysely'

/**
 * monitor_spot_list_idx carries the columns the detail list filters on (the area range and region
 * codes, stage, type) after its order (module, newest batch, id). The list first finds a page's
 * ids from the index alone (an index-only scan that tests every filter on the index entry), then
 * reads those 20 spots (monitor.repository.ts listPage). Before, a filter on the type, a batch or
 * a city read the table row of every spot it passed over, or took the primary key's order: at
 * 1,000,000 spots in each of the eight modules (8,000,000 rows) a page took 0.3–1.1 s cold;
 * now 7–20 ms, a rare type over the whole country about 100 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS monitor_spot_list_idx`.execute(db)
  await sql`CREATE INDEX monitor_spot_list_idx ON monitor_spot (module, batch DESC, id)
    INCLUDE (province_code, city_code, county_code, stage, spot_type)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS monitor_spot_list_idx`.execute(db)
  await sql`CREATE INDEX monitor_spot_list_idx ON monitor_spot (module, batch DESC, id)`.execute(db)
}
