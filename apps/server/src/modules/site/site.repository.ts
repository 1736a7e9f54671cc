import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** SQL for the page-visit counters. */
export function createSiteRepository(db: Kysely<Database>) {
  return {
    /** Adds one visit atomically and returns the new count. */
    async incrementVisit(name: string, label: string): Promise<number> {
      const row = await db
        .insertInto('page_visit')
        .values({ name, label, count: 1, updated_at: new Date() })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({
            count: sql`page_visit.count + 1`,
            label: sql`CASE WHEN excluded.label = '' THEN page_visit.label ELSE excluded.label END`,
            updated_at: new Date(),
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    async visitCounts(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('page_visit').select(['name', 'count']).orderBy('name').execute()
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.count)]))
    },

    async ping(): Promise<void> {
      await sql`select 1`.execute(db)
    },
  }
}

export type SiteRepository = ReturnType<typeof createSiteRepository>
