import type { SensorKind } from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import { memberCode } from '../../db/satellite-data'
import type { Database } from '../../db/schema'

/** One member with elements and its imaging sensors, as the prediction uses it. */
export interface OrbitTarget {
  noradId: number
  slug: string
  satellite: string
  kind: SensorKind
  line1: string
  line2: string
  epochMs: number
  /** Sensors grouped by instrument name (WFV1…WFV4 together), with the group's swath. */
  sensors: Array<{ label: string; swathKm: number }>
  /** The satellite code of its scenes in the image archive (satellite_sensor.satellite: GF1, LANDSAT-9, JL1), or null. */
  archiveCode: string | null
}

const KIND: Record<number, OrbitTarget['kind']> = { 1: 'optical', 2: 'hyperspectral', 3: 'radar' }

/** A stored prediction row. */
export interface PredictionRow {
  id: number
  name: string
  created_at: Date | string
  window_start: Date | string
  window_end: Date | string
  satellite_count: number
  pass_count: number
}

/**
 * SQL of orbit prediction: the members with elements and their sensors (satellite_tle,
 * satellite_sensor, satellite_catalogue), the kept predictions, and the replacement of element
 * sets. Areas by region code or upload id are the area capability's (deps.areas).
 */
export function createOrbitRepository(db: Kysely<Database>) {
  return {
    /** Every member with elements in file order, its sensors by the archive's rule (its own code, or the series' only code). */
    async targets(): Promise<OrbitTarget[]> {
      const [tles, sensors, catalogue] = await Promise.all([
        db.selectFrom('satellite_tle').select(['norad_id', 'slug', 'member', 'line1', 'line2', 'epoch']).orderBy('position').execute(),
        db
          .selectFrom('satellite_sensor')
          .select(['satellite', 'sensor_id', 'slug', 'sensor_name', 'swath_km'])
          .orderBy('position')
          .execute(),
        db.selectFrom('satellite_catalogue').select(['value', 'type']).execute(),
      ])
      const kindOf = new Map(catalogue.map((c) => [c.value, KIND[c.type]]))
      return tles.map((t) => {
        const ofSlug = sensors.filter((s) => s.slug === t.slug)
        const own = ofSlug.filter((s) => s.satellite === memberCode(t.member))
        const codes = new Set(ofSlug.map((s) => s.satellite))
        const mine = own.length > 0 ? own : codes.size === 1 ? ofSlug : []
        const rows = mine.filter((s) => s.swath_km !== null && s.swath_km > 0)
        const groups = new Map<string, { ids: string[]; swathKm: number }>()
        for (const s of rows) {
          const g = groups.get(s.sensor_name) ?? { ids: [], swathKm: 0 }
          g.ids.push(s.sensor_id)
          g.swathKm = Math.max(g.swathKm, s.swath_km as number)
          groups.set(s.sensor_name, g)
        }
        return {
          noradId: t.norad_id,
          slug: t.slug,
          satellite: t.member,
          kind: kindOf.get(t.slug) ?? 'optical',
          line1: t.line1,
          line2: t.line2,
          epochMs: new Date(t.epoch).getTime(),
          sensors: [...groups.values()].map((g) => ({ label: g.ids.join('/'), swathKm: g.swathKm })),
          archiveCode: mine[0]?.satellite ?? null,
        }
      })
    },

    /** Every member of the facts with a NORAD number: its series and name. */
    async members(): Promise<Map<number, { slug: string; member: string }>> {
      const { rows } = await sql<{ slug: string; member: string; norad_id: number }>`
        SELECT s.slug, m->>'name' AS member, (m->>'noradId')::int AS norad_id
        FROM satellite s CROSS JOIN LATERAL jsonb_array_elements(s.facts->'members') m
        WHERE jsonb_typeof(m->'noradId') = 'number'`.execute(db)
      return new Map(rows.map((r) => [r.norad_id, { slug: r.slug, member: r.member }]))
    },

    /** Keeps a prediction and drops the user's oldest beyond `keep`; its id. */
    async insertPrediction(
      row: {
        userId: number
        name: string
        start: string
        end: string
        satelliteCount: number
        passCount: number
        query: string
        result: string
      },
      keep: number,
    ): Promise<{ id: number; created_at: Date | string }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('orbit_prediction')
          .values({
            user_id: row.userId,
            name: row.name,
            window_start: row.start,
            window_end: row.end,
            satellite_count: row.satelliteCount,
            pass_count: row.passCount,
            query: row.query,
            result: row.result,
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow()
        await sql`
          DELETE FROM orbit_prediction WHERE user_id = ${row.userId} AND id NOT IN (
            SELECT id FROM orbit_prediction WHERE user_id = ${row.userId} ORDER BY id DESC LIMIT ${keep})`.execute(trx)
        return inserted
      })
    },

    listPredictions(userId: number): Promise<PredictionRow[]> {
      return db
        .selectFrom('orbit_prediction')
        .select(['id', 'name', 'created_at', 'window_start', 'window_end', 'satellite_count', 'pass_count'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute()
    },

    /** One of the user's predictions (undefined for another user's or none). */
    getPrediction(userId: number, id: number) {
      return db
        .selectFrom('orbit_prediction')
        .select(['id', 'name', 'created_at', 'query', 'result'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** Replaces the element sets of the given objects in one transaction (new objects go last in file order). */
    async replaceTle(rows: Array<{ noradId: number; slug: string; member: string; line1: string; line2: string; epoch: string }>) {
      await db.transaction().execute(async (trx: Transaction<Database>) => {
        await sql`LOCK TABLE satellite_tle IN EXCLUSIVE MODE`.execute(trx)
        const last = await trx.selectFrom('satellite_tle').select(sql<number>`coalesce(max(position), 0)`.as('p')).executeTakeFirst()
        let position = Number(last?.p ?? 0)
        for (const r of rows) {
          const updated = await trx
            .updateTable('satellite_tle')
            .set({ line1: r.line1, line2: r.line2, epoch: r.epoch, slug: r.slug, member: r.member })
            .where('norad_id', '=', r.noradId)
            .executeTakeFirst()
          if (Number(updated.numUpdatedRows) === 0)
            await trx
              .insertInto('satellite_tle')
              .values({
                norad_id: r.noradId,
                slug: r.slug,
                member: r.member,
                line1: r.line1,
                line2: r.line2,
                epoch: r.epoch,
                position: ++position,
              })
              .execute()
        }
      })
    },
  }
}
export type OrbitRepository = ReturnType<typeof createOrbitRepository>
