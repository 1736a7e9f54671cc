import type { Scene } from '@rs/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Condition } from '../../lib/filter/ast'
import { createSceneQuery, SCENE_FIELDS, type SceneQuery, zonedDayStart } from './scene-query'
import { toScene } from './scene-sql'

/** The archive's published scenes (SPEC §9 data status '2', the image query's default). */
const PUBLISHED = '2'

/**
 * The scenes of the archive around a date over a geometry (the 'term data' of a monitoring spot,
 * modules/monitor/term-data.ts asks through modules/index.ts): among the published scenes whose
 * footprint covers the whole geometry, the latest acquired before the day `date` (YYYYMMDD,
 * Beijing) and the earliest on or after it. Each side is one page of one scene of the one scene
 * query (the footprint index finds the candidates).
 */
export function createTermScenes(db: Kysely<Database>) {
  const query = createSceneQuery(db)

  async function side(geojson: string, day: string, before: boolean): Promise<Scene | null> {
    const q: SceneQuery = {
      filter: {
        op: 'and',
        items: [
          { op: 'covers', geojson },
          { op: 'compare', cmp: '=', attr: SCENE_FIELDS.dataStatus, value: PUBLISHED, matchCase: true },
          { op: 'compare', cmp: before ? '<' : '>=', attr: SCENE_FIELDS.acquiredAt, value: day, matchCase: true },
        ] satisfies Condition[],
      },
      // the nearest acquisition first, ties to the smaller id on both sides
      sort: [
        { column: 'time', desc: before },
        { column: 'id', desc: false },
      ],
    }
    const { rows } = await query.page(q, { limit: 1 })
    return rows[0] ? toScene(rows[0]) : null
  }

  return {
    async around(geojson: string, date: string): Promise<{ before: Scene | null; after: Scene | null }> {
      const m = /^(\d{4})(\d{2})(\d{2})$/.exec(date)
      const day = m ? zonedDayStart(`${m[1]}-${m[2]}-${m[3]}`) : undefined
      if (!day) throw ApiError.of(400, 'archive.errors.badDate')
      const [before, after] = await Promise.all([side(geojson, day, true), side(geojson, day, false)])
      return { before, after }
    },
  }
}

export type TermScenes = ReturnType<typeof createTermScenes>
