import { randomUUID } from 'node:crypto'
import type { UploadReport, UploadType } from '@rs/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { ResolvedArea } from '../../capabilities/area'
import type { Database } from '../../db/schema'
import type { Condition } from '../../lib/filter/ast'
import { type BBox, createSceneQuery, type QueryArea } from './scene-query'
import { SCENE_COLUMNS, type SceneRow } from './scene-sql'

/**
 * The archive's SQL beside the one scene query (scene-query/): the search areas of the portal's
 * select modes as filter conditions (the area itself resolved by capabilities/area; the FILE list
 * here), FILE lists, union areas, scenes by id.
 *
 * Speed: every area condition is `s.footprint && <bbox literal> AND ST_Intersects(s.footprint, G)`.
 * The literal bbox lets the planner weigh the GiST index against the LIMIT-friendly order indexes
 * (migration 20261126010000) with real statistics; G is evaluated once per statement (an InitPlan),
 * so PostGIS prepares it once and tests each candidate footprint against the prepared shape.
 */

export type { BBox }

/** A search area: its condition on the scene aliased `s` (in the filter tree), its geometry and geodesic area. */
export interface AreaSql extends QueryArea {
  mode: ResolvedArea['mode'] | 'file'
  /** The area as one WGS84 geometry expression (null for a FILE list, which has no area). */
  geom: RawBuilder<unknown> | null
}

/** A condition the server built from a stored or resolved area, as a node of the filter tree. */
const resolved = (where: RawBuilder<unknown>): Condition => ({ op: 'sql', sql: where })

const envelope = (b: BBox) => sql`ST_MakeEnvelope(${b[0]}::float8, ${b[1]}::float8, ${b[2]}::float8, ${b[3]}::float8, 4326)`

/** The condition for one area geometry evaluated once per statement. */
function geometryCondition(bbox: BBox, geom: RawBuilder<unknown>): Condition {
  return resolved(sql`s.footprint && ${envelope(bbox)} AND ST_Intersects(s.footprint, ${geom})`)
}

/**
 * The condition for a province or 全国 on the provinces each scene meets (scene.province_codes).
 * The box test adds nothing to the answer (a footprint that meets a province meets its box) but
 * lets the planner combine the provinces' GIN index with the filters' GiST one: without it, 四川 +
 * filters at 1M scenes read 449,000 entries of the time index to intersect with 29,780 of 四川.
 */
function provincesCondition(bbox: BBox, codes: RawBuilder<unknown>): Condition {
  return resolved(sql`s.footprint && ${envelope(bbox)} AND ${codes}`)
}

/**
 * A resolved area (capabilities/area) as the search's condition: a province by the provinces each
 * scene meets (scene.province_codes, kept from the provinces' parts by a trigger), 全国 by scenes
 * that meet any province, an extent as a bbox node, any other area (a city or county outline, a
 * drawn or uploaded area) by its geometry, which PostGIS prepares once per statement.
 */
export function sceneArea(area: ResolvedArea): AreaSql {
  const { bbox, geom } = area
  const condition: Condition =
    area.mode === 'country'
      ? provincesCondition(bbox, sql`s.province_codes <> '{}'::text[]`)
      : area.mode === 'extent'
        ? { op: 'bbox', box: { minx: bbox[0], miny: bbox[1], maxx: bbox[2], maxy: bbox[3] } }
        : area.region?.level === 'province'
          ? provincesCondition(bbox, sql`s.province_codes @> ARRAY[${area.region.code}]::text[]`)
          : geometryCondition(bbox, geom)
  return { mode: area.mode, condition, geom, areaKm2: area.areaKm2, bbox }
}

/** A parsed line of a FILE list (file name, or orbit/path/row numbers). */
export interface ListLine {
  line: number
  /** The line as the file had it (for the report). */
  text: string
  fileName?: string
  orbit?: number
  path?: number
  row?: number
}

export function createScenesRepository(db: Kysely<Database>) {
  return {
    /** The one scene query (pages, keyset pages, totals) the searches go through. */
    query: createSceneQuery(db),

    /**
     * The scenes a FILE list names: by file name (type 1), orbit + path + row (2) or path + row (3,
     * every orbit). Undefined for an unknown list.
     */
    async listArea(listId: string): Promise<AreaSql | undefined> {
      const res = await sql<{ upload_type: number }>`SELECT upload_type FROM scene_list WHERE id = ${listId}::uuid`.execute(db)
      const type = res.rows[0]?.upload_type
      if (type === undefined) return undefined
      const join =
        Number(type) === 1
          ? sql`m.file_name = l.file_name`
          : Number(type) === 2
            ? sql`m.path = l.path AND m."row" = l."row" AND m.orbit = l.orbit`
            : sql`m.path = l.path AND m."row" = l."row"`
      return {
        mode: 'file',
        condition: resolved(sql`s.id IN (SELECT m.id FROM scene_list_line l JOIN scene m ON ${join} WHERE l.list_id = ${listId}::uuid)`),
        geom: null,
        areaKm2: null,
        bbox: null,
      }
    },

    /** Scenes by id (unknown ids left out), in the order of the ids given. */
    async byIds(ids: string[]): Promise<SceneRow[]> {
      if (ids.length === 0) return []
      const res = await sql<SceneRow>`
        SELECT ${SCENE_COLUMNS} FROM unnest(${ids}::text[]) WITH ORDINALITY AS i(id, n) JOIN scene s ON s.id = i.id ORDER BY i.n`.execute(
        db,
      )
      return res.rows
    },

    /** How many of the ids exist and the geodesic area (km², WGS84) of their footprints' union. */
    async unionOfIds(ids: string[]): Promise<{ count: number; unionAreaKm2: number }> {
      const res = await sql<{ n: string; km2: number | null }>`
        SELECT count(*) AS n, ST_Area(ST_Union(s.footprint)::geography) / 1e6 AS km2
        FROM scene s WHERE s.id = ANY(${ids}::text[])`.execute(db)
      return { count: Number(res.rows[0]?.n ?? 0), unionAreaKm2: Number(res.rows[0]?.km2 ?? 0) }
    },

    /** The satellites and `satellite:sensor` pairs the archive has no scene of (one index probe each). */
    async unknownSatellites(satellites: string[], sensors: string[]): Promise<string[]> {
      if (satellites.length === 0 && sensors.length === 0) return []
      const res = await sql<{ code: string }>`
        SELECT c AS code FROM unnest(${satellites}::text[]) AS c
        WHERE NOT EXISTS (SELECT 1 FROM scene WHERE satellite = c)
        UNION ALL
        SELECT c FROM unnest(${sensors}::text[]) AS c
        WHERE NOT EXISTS (SELECT 1 FROM scene WHERE satellite = split_part(c, ':', 1) AND sensor = substr(c, length(split_part(c, ':', 1)) + 2))`.execute(
        db,
      )
      return res.rows.map((r) => r.code)
    },

    /** Stores a FILE list, its parsed lines and its report in one statement; the matched count is computed here. */
    async insertList(input: {
      userId: number | null
      uploadType: UploadType
      fileName: string
      lineCount: number
      lines: ListLine[]
      unmatched: UploadReport['unmatched']
    }): Promise<{ id: string; matchedLines: number[] }> {
      const id = randomUUID()
      return db.transaction().execute(async (trx) => {
        await sql`
          INSERT INTO scene_list (id, user_id, upload_type, file_name, line_count, report)
          VALUES (${id}::uuid, ${input.userId}, ${input.uploadType}, ${input.fileName}, ${input.lineCount}, '{}'::jsonb)`.execute(trx)
        const lines = input.lines
        for (let i = 0; i < lines.length; i += 1000) {
          const chunk = lines.slice(i, i + 1000)
          await sql`
            INSERT INTO scene_list_line (list_id, line, file_name, orbit, path, "row")
            SELECT ${id}::uuid, x.line, x.file_name, x.orbit, x.path, x."row"
            FROM unnest(${chunk.map((l) => l.line)}::int[], ${chunk.map((l) => l.fileName ?? null)}::text[],
                        ${chunk.map((l) => l.orbit ?? null)}::int[], ${chunk.map((l) => l.path ?? null)}::int[],
                        ${chunk.map((l) => l.row ?? null)}::int[]) AS x(line, file_name, orbit, path, "row")`.execute(trx)
        }
        const join =
          input.uploadType === 1
            ? sql`m.file_name = l.file_name`
            : input.uploadType === 2
              ? sql`m.path = l.path AND m."row" = l."row" AND m.orbit = l.orbit`
              : sql`m.path = l.path AND m."row" = l."row"`
        const matched = await sql<{ line: number }>`
          SELECT l.line FROM scene_list_line l WHERE l.list_id = ${id}::uuid
            AND EXISTS (SELECT 1 FROM scene m WHERE ${join}) ORDER BY l.line`.execute(trx)
        const matchedLines = matched.rows.map((r) => Number(r.line))
        const matchedSet = new Set(matchedLines)
        const unmatched = [
          ...input.unmatched,
          ...lines.filter((l) => !matchedSet.has(l.line)).map((l) => ({ line: l.line, text: l.text, reason: 'unknown' as const })),
        ].sort((a, b) => a.line - b.line)
        await sql`UPDATE scene_list SET report = ${JSON.stringify({ matchedCount: matchedLines.length, unmatched })}::jsonb
          WHERE id = ${id}::uuid`.execute(trx)
        return { id, matchedLines }
      })
    },

    /** A stored FILE list's report. */
    async listReport(
      id: string,
    ): Promise<
      { uploadType: number; fileName: string; lineCount: number; matchedCount: number; unmatched: UploadReport['unmatched'] } | undefined
    > {
      const res = await sql<{ upload_type: number; file_name: string; line_count: number; report: unknown }>`
        SELECT upload_type, file_name, line_count, report FROM scene_list WHERE id = ${id}::uuid`.execute(db)
      const row = res.rows[0]
      if (!row) return undefined
      const report = (typeof row.report === 'string' ? JSON.parse(row.report) : row.report) as {
        matchedCount: number
        unmatched: UploadReport['unmatched']
      }
      return {
        uploadType: Number(row.upload_type),
        fileName: row.file_name,
        lineCount: Number(row.line_count),
        matchedCount: report.matchedCount,
        unmatched: report.unmatched,
      }
    },
  }
}

export type ScenesRepository = ReturnType<typeof createScenesRepository>
