import { DEFAULT_DATA_STATUS } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { Condition } from '../../lib/filter/ast'
import { createSceneQuery, formCondition } from './scene-query'
import type { AreaSql } from './scenes.repository'

/**
 * The published scenes over a region imported after an instant (a push of what is new since a
 * node's last push), newest acquisition first, at most `limit`: one page of the one scene query.
 */
export function createNewScenes(db: Kysely<Database>, resolveRegion: (code: string) => Promise<AreaSql>) {
  const query = createSceneQuery(db)
  return async (regionCode: string, importedAfter: Date | null, limit: number): Promise<string[]> => {
    const published = formCondition({ satellites: [], sensors: [], productLevels: [], dataStatus: DEFAULT_DATA_STATUS })
    const items: Condition[] = [published]
    if (importedAfter) items.push({ op: 'sql', sql: sql`s.imported_at > ${importedAfter.toISOString()}::timestamptz` })
    const { rows } = await query.page(
      { area: await resolveRegion(regionCode), filter: { op: 'and', items }, sort: [{ column: 'time', desc: true }] },
      { limit },
    )
    return rows.map((r) => r.id)
  }
}

export type NewScenes = ReturnType<typeof createNewScenes>
