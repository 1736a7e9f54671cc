import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** Reads of the satellite reference tables (loaded at start by db/reference-data.ts). */
export function createSatellitesRepository(db: Kysely<Database>) {
  return {
    catalogue(type?: number) {
      let q = db.selectFrom('satellite_catalogue').selectAll().orderBy('idx')
      if (type !== undefined) q = q.where('type', '=', type)
      return q.execute()
    },
    sensors() {
      return db.selectFrom('satellite_sensor').select(['satellite', 'sensor_id', 'slug']).orderBy('position').execute()
    },
    list() {
      return db
        .selectFrom('satellite')
        .select(['slug', 'name_zh', 'name_en', 'country', 'category', 'status', 'facts'])
        .orderBy('position')
        .execute()
    },
    async facts(slug: string) {
      const row = await db.selectFrom('satellite').select('facts').where('slug', '=', slug).executeTakeFirst()
      return row?.facts
    },
  }
}
export type SatellitesRepository = ReturnType<typeof createSatellitesRepository>
