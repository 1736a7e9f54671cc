import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../src/db/schema'
import { hashPassword } from '../src/lib/password'

/** An area range of a built user: a six-digit region code, or the full record to test the status rules. */
export type AreaRangeSpec = string | { regionId: string; status?: number; isDelete?: number }

export interface BuildUserOptions {
  /** Unique by default (`u_` and random hex). */
  username?: string
  /** The plain password the test logs in with; a valid one by default. */
  password?: string
  /** Permission codes (`MOD_002`, …, display keys too); unknown codes are added to the catalogue. */
  permissions?: string[]
  areaRanges?: AreaRangeSpec[]
  realName?: string
  organization?: string
  telephone?: string | null
  email?: string | null
  isService?: boolean
  disabled?: boolean
  mustChangePassword?: boolean
  /** Days since the last password change (the 30-day warning). */
  passwordAgeDays?: number
}

/** A user as built: its id and the credentials to log in with. */
export interface BuiltUser {
  id: number
  username: string
  password: string
}

export const DEFAULT_TEST_PASSWORD = 'Test@2026'

/**
 * Inserts a real user with its permissions and area ranges (rows in app_user, permission,
 * user_permission, area_range), so a test states only what it is about: e.g.
 * `buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'] })`.
 */
export async function buildUser(db: Kysely<Database>, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const username = options.username ?? `u_${randomBytes(5).toString('hex')}`
  const password = options.password ?? DEFAULT_TEST_PASSWORD
  const permissions = [...new Set(options.permissions ?? [])]
  const passwordHash = await hashPassword(password)
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('app_user')
      .values({
        username,
        password_hash: passwordHash,
        telephone: options.telephone ?? null,
        email: options.email ?? null,
        real_name: options.realName ?? username,
        organization: options.organization ?? '',
        is_service: options.isService ?? false,
        disabled: options.disabled ?? false,
        must_change_password: options.mustChangePassword ?? false,
        password_changed_at: new Date(Date.now() - (options.passwordAgeDays ?? 0) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (permissions.length > 0) {
      await trx
        .insertInto('permission')
        .values(permissions.map((code) => ({ code, name: code })))
        .onConflict((oc) => oc.column('code').doNothing())
        .execute()
      await trx
        .insertInto('user_permission')
        .values(permissions.map((code) => ({ user_id: id, code })))
        .execute()
    }
    const ranges = (options.areaRanges ?? []).map((a) => (typeof a === 'string' ? { regionId: a } : a))
    if (ranges.length > 0) {
      await trx
        .insertInto('area_range')
        .values(
          ranges.map((a) => ({ user_id: id, type: 'regionId', region_id: a.regionId, status: a.status ?? 0, is_delete: a.isDelete ?? 0 })),
        )
        .execute()
    }
    return id
  })
  return { id, username, password }
}

/** What a built scene may state; everything else gets a plausible default. */
export interface BuildSceneOptions {
  id?: string
  satellite?: string
  sensor?: string
  slug?: string | null
  /** ISO time or Date; 2026-06-01T03:00:00Z by default. */
  acquiredAt?: string | Date
  cloudPercent?: number
  resolutionM?: number
  productLevel?: string
  orbit?: number | null
  path?: number | null
  row?: number | null
  direction?: 'ascending' | 'descending' | null
  fileName?: string
  dataStatus?: string
  /** [west, south, east, north]; a 0.5° square at 116–116.5 E, 39.5–40 N by default. */
  bbox?: [number, number, number, number]
  /** A GeoJSON Polygon or MultiPolygon instead of the bbox. */
  footprint?: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }
  illustrative?: boolean
}

/**
 * Inserts one real scene row (footprint stored as a MultiPolygon, its geodesic area computed by
 * PostGIS), so a test states only what it is about: `buildScene(db, { satellite: 'GF2', cloudPercent: 5 })`.
 */
export async function buildScene(db: Kysely<Database>, options: BuildSceneOptions = {}): Promise<{ id: string; fileName: string }> {
  const satellite = options.satellite ?? 'GF1'
  const sensor = options.sensor ?? 'PMS1'
  const acquiredAt = new Date(options.acquiredAt ?? '2026-06-01T03:00:00Z')
  const id = options.id ?? `T_${satellite}_${sensor}_${randomBytes(5).toString('hex').toUpperCase()}`
  const fileName = options.fileName ?? `${satellite}_${sensor}_${id}.tar.gz`
  const [w, s, e, n] = options.bbox ?? [116, 39.5, 116.5, 40]
  const footprint = options.footprint ?? {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
  const geometry = sql`ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(footprint)}), 4326))`
  await sql`
    INSERT INTO scene (id, satellite, sensor, slug, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row",
      direction, off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, source)
    SELECT ${id}, ${satellite}, ${sensor}, ${options.slug === undefined ? null : options.slug}, ${acquiredAt.toISOString()}::timestamptz,
      ${options.cloudPercent ?? 10}, ${options.resolutionM ?? 2}, ${options.productLevel ?? 'L1A'}, ${options.orbit === undefined ? 1000 : options.orbit},
      ${options.path === undefined ? 100 : options.path}, ${options.row === undefined ? 50 : options.row}, ${options.direction === undefined ? 'descending' : options.direction}, 0, 45,
      ${fileName}, ${options.dataStatus ?? '2'}, g, ST_Area(g::geography) / 1e6, ${options.illustrative ?? true}, 'test'
    FROM (SELECT ${geometry} AS g) AS x`.execute(db)
  return { id, fileName }
}

/** What a built monitoring spot may state; everything else gets a plausible default. */
export interface BuildSpotOptions {
  module?: string
  /** YYYYMMDD; its batch row is made when missing (file name `<module>_<batch>.zip`). */
  batch?: string
  /** County code; the spot is a small square around the county's centre, its city and province from the region table. */
  county?: string
  spotType?: string
  stage?: 'new' | 'persist'
  siteId?: string
  attributes?: Record<string, string | number>
  /** Moves the square from the county's centre by [Δlon, Δlat] degrees (the county codes stay). */
  offset?: [number, number]
}

/**
 * Inserts one real monitoring spot (and its batch when missing), with its region codes from the
 * region table, so a test states only what it is about: `buildSpot(db, { module: 'pvland', county: '150102' })`.
 */
export async function buildSpot(db: Kysely<Database>, options: BuildSpotOptions = {}): Promise<{ id: number; siteId: string }> {
  const module = options.module ?? 'pvland'
  const batch = options.batch ?? '20250630'
  const county = options.county ?? '150102'
  const siteId = options.siteId ?? `test-${randomBytes(5).toString('hex')}`
  await db
    .insertInto('monitor_batch')
    .values({ module, batch, filename: `${module}_${batch}.zip`, source: 'imported' })
    .onConflict((oc) => oc.columns(['module', 'batch']).doNothing())
    .execute()
  const { rows } = await sql<{ id: number }>`
    INSERT INTO monitor_spot (module, batch, site_id, province_code, city_code, county_code, spot_type, stage, area_m2, length_m, attributes, illustrative, geom)
    SELECT ${module}, ${batch}, ${siteId}, substr(r.code, 1, 2) || '0000',
      CASE WHEN r.parent_code ~ '^[0-9]{4}00$' AND r.parent_code !~ '0000$' THEN r.parent_code ELSE r.code END,
      r.code, ${options.spotType ?? 'built'}, ${options.stage ?? 'new'}, ST_Area(g::geography), NULL,
      ${JSON.stringify(options.attributes ?? {})}::jsonb, false, g
    FROM region r CROSS JOIN LATERAL (SELECT ST_Expand(ST_Translate(r.center, ${options.offset?.[0] ?? 0}::float8, ${options.offset?.[1] ?? 0}::float8), 0.002) AS g) AS x
    WHERE r.code = ${county}
    RETURNING id`.execute(db)
  const id = rows[0]?.id
  if (id === undefined) throw new Error(`buildSpot: no region ${county} with a centre`)
  return { id, siteId }
}
