import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** Reads of the satellite reference tables (loaded at start by db/reference-data.ts). */
export function createSatellitesRepository(db: Kysely<Database>) {
  return {
    catalogue() {
      return db.selectFrom('satellite_catalogue').selectAll().orderBy('idx').execute()
    },
    sensors() {
      return db.selectFrom('satellite_sensor').select(['satellite', 'sensor_id', 'slug']).orderBy('position').execute()
    },
    list() {
      return db
        .selectFrom('satellite')
        .select(['slug', 'name_zh', 'name_en', 'country', 'category', 'status', 'facts', 'facts_en'])
        .orderBy('position')
        .execute()
    },
    /** Element sets in file order. */
    tle() {
      return db.selectFrom('satellite_tle').select(['slug', 'member', 'norad_id', 'line1', 'line2', 'epoch']).orderBy('position').execute()
    },
    /**
     * Launches from the members' launchDate (members without a date left out; their names in both languages), one row per series
     * and day (a rocket with several members is one launch), newest first, then in series order.
     */
    async launches(limit: number) {
      const result = await sql<{
        date: string
        slug: string
        name_zh: string
        name_en: string
        country: string
        members: string[]
        members_en: string[]
      }>`
        WITH dated AS (
          SELECT s.slug, s.name_zh, s.name_en, s.country, s.position, e.idx, e.m->>'name' AS member,
            -- the same member in the English facts (same order), where they are loaded
            coalesce(s.facts_en->'members'->(e.idx::int - 1)->>'name', e.m->>'name') AS member_en, e.m->>'launchDate' AS date
          FROM satellite s CROSS JOIN LATERAL jsonb_array_elements(s.facts->'members') WITH ORDINALITY AS e(m, idx)
          WHERE jsonb_typeof(e.m->'launchDate') = 'string' AND e.m->>'launchDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        )
        SELECT date, slug, name_zh, name_en, country, json_agg(member ORDER BY idx) AS members,
          json_agg(member_en ORDER BY idx) AS members_en
        FROM dated
        GROUP BY date, slug, name_zh, name_en, country, position
        ORDER BY date DESC, position
        LIMIT ${limit}`.execute(db)
      return result.rows
    },
  }
}
export type SatellitesRepository = ReturnType<typeof createSatellitesRepository>
