import type { RegionScope, VerificationProgressRow, VerificationState, VerificationStep } from '@rs/shared'
import { type Kysely, sql, type Transaction } from 'kysely'
import { scopeSql } from '../../db/fragments'
import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

/** The facts of a spot the verification rules need. */
export interface VerificationSpot {
  id: number
  module: string
  stage: 'new' | 'persist'
  batch: string
  countyCode: string
}

/** SQL of spot verification: the state, the steps with their photos, the position rule and the progress. */
export const verificationRepository = {
  async spot(db: Db, module: string, id: number, options: { forUpdate?: boolean } = {}): Promise<VerificationSpot | undefined> {
    let query = db
      .selectFrom('monitor_spot')
      .select(['id', 'module', 'stage', 'batch', 'county_code'])
      .where('module', '=', module)
      .where('id', '=', id)
    if (options.forUpdate) query = query.forUpdate()
    const row = await query.executeTakeFirst()
    return row && { id: row.id, module: row.module, stage: row.stage, batch: row.batch, countyCode: row.county_code }
  },

  async state(db: Db, spotId: number): Promise<VerificationState> {
    const row = await db.selectFrom('monitor_verification').select('state').where('spot_id', '=', spotId).executeTakeFirst()
    return row?.state ?? 'unchecked'
  },

  /** Every step of a spot's check with its photos (no bytes) and the actor's real name, oldest first. */
  async history(db: Db, spotId: number): Promise<VerificationStep[]> {
    const steps = await db
      .selectFrom('monitor_verification_step as s')
      .leftJoin('app_user as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.event',
        's.state',
        's.username',
        'u.real_name',
        's.created_at',
        's.result',
        's.note',
        's.lon',
        's.lat',
        's.reason',
      ])
      .where('s.spot_id', '=', spotId)
      .orderBy('s.id')
      .execute()
    const photos =
      steps.length === 0
        ? []
        : await db
            .selectFrom('monitor_verification_photo')
            .select(['id', 'step_id', 'file_name', 'content_type', 'bytes'])
            .where(
              'step_id',
              'in',
              steps.map((s) => s.id),
            )
            .orderBy('id')
            .execute()
    return steps.map((s) => ({
      id: s.id,
      event: s.event,
      state: s.state,
      actor: s.username,
      actorName: s.real_name ?? s.username,
      at: new Date(s.created_at).toISOString(),
      result: s.result,
      note: s.note,
      position: s.lon === null || s.lat === null ? null : [s.lon, s.lat],
      reason: s.reason,
      photos: photos
        .filter((p) => p.step_id === s.id)
        .map((p) => ({ id: p.id, fileName: p.file_name, contentType: p.content_type, bytes: p.bytes })),
    }))
  },

  /** The account that recorded the check now on the spot (its latest record step), null when none or deleted. */
  async recorder(db: Db, spotId: number): Promise<number | null> {
    const row = await db
      .selectFrom('monitor_verification_step')
      .select('user_id')
      .where('spot_id', '=', spotId)
      .where('event', '=', 'record')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row?.user_id ?? null
  },

  /**
   * The position rule (VERIFICATION_LIMITS.nearMetres): the point lies inside the spot's county
   * (its real boundary) or within the given metres of the spot (geodesic).
   */
  async positionAllowed(db: Db, spotId: number, lon: number, lat: number, metres: number): Promise<boolean> {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT (ST_DWithin(s.geom::geography, ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)::geography, ${metres})
        OR EXISTS (SELECT 1 FROM region r WHERE r.code = s.county_code AND r.geom IS NOT NULL
          AND ST_Intersects(ST_Force2D(r.geom), ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)))) AS ok
      FROM monitor_spot s WHERE s.id = ${spotId}`.execute(db)
    return rows[0]?.ok === true
  },

  async insertStep(
    db: Db,
    step: {
      spotId: number
      event: 'record' | 'accept' | 'return'
      state: 'recorded' | 'accepted' | 'returned'
      userId: number
      username: string
      result?: 'true' | 'false' | 'partial'
      note?: string | null
      position?: [number, number]
      reason?: string
    },
  ): Promise<number> {
    const row = await db
      .insertInto('monitor_verification_step')
      .values({
        spot_id: step.spotId,
        event: step.event,
        state: step.state,
        user_id: step.userId,
        username: step.username,
        result: step.result ?? null,
        note: step.note ?? null,
        lon: step.position?.[0] ?? null,
        lat: step.position?.[1] ?? null,
        reason: step.reason ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  },

  async insertPhotos(
    db: Db,
    stepId: number,
    photos: ReadonlyArray<{ fileName: string; contentType: 'image/jpeg' | 'image/png'; data: Buffer }>,
  ): Promise<void> {
    if (photos.length === 0) return
    await db
      .insertInto('monitor_verification_photo')
      .values(
        photos.map((p) => ({ step_id: stepId, file_name: p.fileName, content_type: p.contentType, bytes: p.data.length, data: p.data })),
      )
      .execute()
  },

  async setState(
    db: Db,
    spot: { id: number; module: string },
    state: 'recorded' | 'accepted' | 'returned',
    result?: 'true' | 'false' | 'partial',
  ): Promise<void> {
    await db
      .insertInto('monitor_verification')
      .values({ spot_id: spot.id, module: spot.module, state, result: result ?? null })
      .onConflict((oc) =>
        oc.column('spot_id').doUpdateSet({
          state,
          ...(result ? { result } : {}),
          updated_at: sql`now()`,
        }),
      )
      .execute()
  },

  /** A photo with the spot it belongs to (module and county, for the access check). */
  async photo(db: Db, module: string, id: number) {
    return db
      .selectFrom('monitor_verification_photo as p')
      .innerJoin('monitor_verification_step as s', 's.id', 'p.step_id')
      .innerJoin('monitor_spot as m', 'm.id', 's.spot_id')
      .select(['p.file_name', 'p.content_type', 'p.data', 'm.county_code'])
      .where('p.id', '=', id)
      .where('m.module', '=', module)
      .executeTakeFirst()
  },

  /**
   * Per province: the spots of stage new in the batch inside the scope (`toCheck`, counted by the
   * caller: the statistics rollup at scale) and how far their checks are, counted from the checks
   * themselves (one row a checked spot, found through the spot's key), so the cost follows the
   * checks made, not the million spots of a module.
   */
  async progress(
    db: Db,
    module: string,
    batch: string,
    scope: RegionScope,
    toCheck: ReadonlyArray<{ code: string; num: number }>,
  ): Promise<VerificationProgressRow[]> {
    const { rows } = await sql<{ code: string; recorded: number; accepted: number; returned: number }>`
      SELECT s.province_code AS code,
        count(*) FILTER (WHERE v.state = 'recorded')::int AS recorded,
        count(*) FILTER (WHERE v.state = 'accepted')::int AS accepted,
        count(*) FILTER (WHERE v.state = 'returned')::int AS returned
      FROM monitor_verification v JOIN monitor_spot s ON s.id = v.spot_id
      WHERE s.module = ${module} AND s.batch = ${batch} AND s.stage = 'new' AND ${scopeSql('s.county_code', scope)}
      GROUP BY s.province_code`.execute(db)
    const checked = new Map(rows.map((r) => [r.code, r]))
    const provinces = toCheck.filter((t) => t.num > 0).sort((a, b) => a.code.localeCompare(b.code))
    const codes = provinces.map((t) => t.code)
    const names = codes.length === 0 ? [] : await db.selectFrom('region').select(['code', 'name']).where('code', 'in', codes).execute()
    const nameOf = new Map(names.map((n) => [n.code, n.name]))
    return provinces.map((t) => {
      const c = checked.get(t.code) ?? { recorded: 0, accepted: 0, returned: 0 }
      return {
        code: t.code,
        name: nameOf.get(t.code) ?? t.code,
        toCheck: t.num,
        unchecked: t.num - c.recorded - c.accepted - c.returned,
        recorded: c.recorded,
        accepted: c.accepted,
        returned: c.returned,
      }
    })
  },

  async latestBatch(db: Db, module: string): Promise<string | null> {
    const row = await db
      .selectFrom('monitor_batch')
      .select('batch')
      .where('module', '=', module)
      .orderBy('batch', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row?.batch ?? null
  },

  async batchExists(db: Db, module: string, batch: string): Promise<boolean> {
    const row = await db
      .selectFrom('monitor_batch')
      .select('batch')
      .where('module', '=', module)
      .where('batch', '=', batch)
      .executeTakeFirst()
    return !!row
  },
}

export type VerificationRepository = typeof verificationRepository
