import type { Scene } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'
import { SCENE_COLUMNS, type SceneRow, toScene } from './scene-sql'

/** Beijing time, as the archive's days (scene-sql.ts). */
const ZONE = 'Asia/Shanghai'
/** The archive's published scenes (SPEC §9 data status '2', the image query's default). */
const PUBLISHED = '2'

/**
 * The scenes of the archive around a date over a geometry (the 'term data' of a monitoring spot,
 * modules/monitor/term-data.ts asks through modules/index.ts): among the published scenes whose
 * footprint covers the whole geometry, the latest acquired before the day `date` (YYYYMMDD,
 * Beijing) and the earliest on or after it. The footprint index finds the candidates; each side is
 * one ordered, limited query.
 */
export function createTermScenes(db: Kysely<Database>) {
  async function side(geojson: string, date: string, before: boolean): Promise<Scene | null> {
    const day = sql`(to_date(${date}, 'YYYYMMDD')::timestamp AT TIME ZONE ${ZONE})`
    const { rows } = await sql<SceneRow>`
      SELECT ${SCENE_COLUMNS} FROM scene s, (SELECT ST_SetSRID(ST_GeomFromGeoJSON(${geojson}), 4326) AS g) q
      WHERE s.footprint && q.g AND ST_Covers(s.footprint, q.g) AND s.data_status = ${PUBLISHED}
        AND ${before ? sql`s.acquired_at < ${day}` : sql`s.acquired_at >= ${day}`}
      ORDER BY s.acquired_at ${sql.raw(before ? 'DESC' : 'ASC')}, s.id LIMIT 1`.execute(db)
    return rows[0] ? toScene(rows[0]) : null
  }
  return {
    async around(geojson: string, date: string): Promise<{ before: Scene | null; after: Scene | null }> {
      const [before, after] = await Promise.all([side(geojson, date, true), side(geojson, date, false)])
      return { before, after }
    },
  }
}

export type TermScenes = ReturnType<typeof createTermScenes>
