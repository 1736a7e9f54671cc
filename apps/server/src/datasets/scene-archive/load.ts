import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { memberCode } from '../../db/satellite-data'
import type { Database } from '../../db/schema'
import { ARCHIVE_BOX, type ArchiveSatellite, type GeneratedScene, generateScenes, type LandMask } from './generate'
import { type ArchiveSettings, archiveVersion, DEFAULT_ARCHIVE_SETTINGS } from './settings'

const DATA_NAME = 'scene-archive'
const KIND: Record<number, ArchiveSatellite['kind']> = { 1: 'optical', 2: 'hyperspectral', 3: 'radar' }

/**
 * The imaging satellites with elements: each member of satellite_tle with the sensors of its code in
 * satellite_sensor (a series code such as JL1 when the series has one), sensors with a resolution
 * and a swath only, the series' type from the catalogue; at most `membersPerSeries` members of a
 * series (0: all), in the elements' file order.
 */
export async function archiveSatellites(db: Kysely<Database>, membersPerSeries: number): Promise<ArchiveSatellite[]> {
  const [tles, sensors, catalogue] = await Promise.all([
    db.selectFrom('satellite_tle').select(['norad_id', 'slug', 'member', 'line1', 'line2']).orderBy('position').execute(),
    db
      .selectFrom('satellite_sensor')
      .select(['satellite', 'sensor_id', 'slug', 'sensor_name', 'resolution_m', 'swath_km'])
      .orderBy('position')
      .execute(),
    db.selectFrom('satellite_catalogue').select(['value', 'type']).execute(),
  ])
  const kindOf = new Map(catalogue.map((c) => [c.value, KIND[c.type]]))
  const perSeries = new Map<string, number>()
  const out: ArchiveSatellite[] = []
  for (const t of tles) {
    const kind = kindOf.get(t.slug)
    if (!kind) continue
    const ofSlug = sensors.filter((s) => s.slug === t.slug)
    const own = ofSlug.filter((s) => s.satellite === memberCode(t.member))
    const codes = new Set(ofSlug.map((s) => s.satellite))
    const rows = own.length > 0 ? own : codes.size === 1 ? ofSlug : []
    const usable = rows.filter((s) => s.resolution_m !== null && s.swath_km !== null && s.resolution_m > 0 && s.swath_km > 0)
    if (usable.length === 0) continue
    const count = perSeries.get(t.slug) ?? 0
    if (membersPerSeries > 0 && count >= membersPerSeries) continue
    perSeries.set(t.slug, count + 1)
    out.push({
      code: (usable[0] as (typeof usable)[number]).satellite,
      slug: t.slug,
      kind,
      noradId: t.norad_id,
      line1: t.line1,
      line2: t.line2,
      sensors: usable.map((s) => ({
        id: s.sensor_id,
        name: s.sensor_name,
        resolutionM: s.resolution_m as number,
        swathKm: s.swath_km as number,
      })),
    })
  }
  return out
}

/**
 * A coarse land mask of the archive's area: 0.5° cells whose centre lies in a country of
 * global_region (its simplified outline), grown by one cell so coasts and small islands stay.
 * Everything passes when global_region is empty.
 */
export async function landMask(db: Kysely<Database>): Promise<LandMask> {
  const step = 0.5
  const { west, south, east, north } = ARCHIVE_BOX
  const { rows } = await sql<{ g: string }>`
    SELECT ST_AsGeoJSON(geom_z3, 3) AS g FROM global_region
    WHERE geom_z3 && ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326)`.execute(db)
  if (rows.length === 0) return () => true
  const polygons: Array<{ bbox: [number, number, number, number]; rings: number[][][] }> = []
  for (const r of rows) {
    const g = JSON.parse(r.g) as { type: string; coordinates: number[][][] | number[][][][] }
    const list = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][]
    for (const rings of list) {
      const xs = (rings[0] ?? []).map((p) => p[0] as number)
      const ys = (rings[0] ?? []).map((p) => p[1] as number)
      polygons.push({ bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], rings })
    }
  }
  const inside = (x: number, y: number) =>
    polygons.some(({ bbox, rings }) => {
      if (x < bbox[0] || x > bbox[2] || y < bbox[1] || y > bbox[3]) return false
      let odd = false
      for (const ring of rings)
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i] as [number, number]
          const [xj, yj] = ring[j] as [number, number]
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd
        }
      return odd
    })
  const nx = Math.round((east - west) / step)
  const ny = Math.round((north - south) / step)
  const land = new Uint8Array(nx * ny)
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++) land[i * ny + j] = inside(west + (i + 0.5) * step, south + (j + 0.5) * step) ? 1 : 0
  const grown = new Uint8Array(nx * ny)
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++)
      for (let di = -1; di <= 1 && !grown[i * ny + j]; di++)
        for (let dj = -1; dj <= 1; dj++) {
          const a = i + di
          const b = j + dj
          if (a >= 0 && a < nx && b >= 0 && b < ny && land[a * ny + b]) {
            grown[i * ny + j] = 1
            break
          }
        }
  return (lon, lat) => {
    const i = Math.floor((lon - west) / step)
    const j = Math.floor((lat - south) / step)
    return i >= 0 && i < nx && j >= 0 && j < ny && grown[i * ny + j] === 1
  }
}

const BATCH = 2000

/** Inserts generated scenes in multi-row statements (json_to_recordset, one parameter each); area_km2 from PostGIS geography. */
export async function insertScenes(db: Kysely<Database>, scenes: Iterable<GeneratedScene>, onBatch?: (n: number) => void): Promise<number> {
  let n = 0
  let batch: GeneratedScene[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch.map((s) => ({
      id: s.id,
      satellite: s.satellite,
      sensor: s.sensor,
      slug: s.slug,
      acquired_at: s.acquiredAt.toISOString(),
      cloud_percent: s.cloudPercent,
      resolution_m: s.resolutionM,
      product_level: s.productLevel,
      orbit: s.orbit,
      path: s.path,
      row: s.row,
      direction: s.direction,
      off_nadir_deg: s.offNadirDeg,
      sun_elevation_deg: s.sunElevationDeg,
      file_name: s.fileName,
      data_status: s.dataStatus,
      wkt: s.wkt,
    }))
    await sql`
      INSERT INTO scene (id, satellite, sensor, slug, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
        off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, quicklook_href, source)
      SELECT r.id, r.satellite, r.sensor, r.slug, r.acquired_at, r.cloud_percent, r.resolution_m, r.product_level, r.orbit, r.path, r."row",
        r.direction, r.off_nadir_deg, r.sun_elevation_deg, r.file_name, r.data_status, g.geom, ST_Area(g.geom::geography) / 1e6, true, NULL, 'generated'
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id text, satellite text, sensor text, slug text, acquired_at timestamptz,
        cloud_percent real, resolution_m real, product_level text, orbit integer, path integer, "row" integer, direction text,
        off_nadir_deg real, sun_elevation_deg real, file_name text, data_status text, wkt text)
      CROSS JOIN LATERAL (SELECT ST_GeomFromText(r.wkt, 4326) AS geom) AS g
      ON CONFLICT (id) DO NOTHING`.execute(db)
    n += batch.length
    batch = []
    onBatch?.(n)
  }
  for (const s of scenes) {
    batch.push(s)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return n
}

export interface SceneArchiveResult {
  version: string
  loaded: boolean
  scenes: number
  satellites: number
  milliseconds: number
}

export interface SceneArchiveOptions {
  settings?: Partial<ArchiveSettings>
  /** Replace the generated rows even when the version is loaded already. */
  force?: boolean
  onProgress?: (inserted: number) => void
}

/**
 * Generates the demo archive into scene (source 'generated', illustrative) when reference_data
 * does not hold this version yet: a new version replaces the generated rows, imported ones stay.
 * One transaction under an advisory lock, so two servers starting on one database load it once.
 */
export async function loadSceneArchive(db: Kysely<Database>, options: SceneArchiveOptions = {}): Promise<SceneArchiveResult> {
  const started = performance.now()
  const settings: ArchiveSettings = { ...DEFAULT_ARCHIVE_SETTINGS, ...options.settings }
  const satellites = await archiveSatellites(db, settings.membersPerSeries)
  const elements = createHash('sha256')
    .update(satellites.map((s) => `${s.code}|${s.line1}|${s.line2}|${JSON.stringify(s.sensors)}`).join('\n'))
    .digest('hex')
  const version = archiveVersion(settings, elements)
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  if (current?.version === version && !options.force) {
    return { version, loaded: false, scenes: 0, satellites: satellites.length, milliseconds: performance.now() - started }
  }
  const isLand = await landMask(db)
  let scenes = 0
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261126)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
    if (again?.version === version && !options.force) return
    await sql`DELETE FROM scene WHERE source = 'generated'`.execute(trx)
    scenes = await insertScenes(trx, generateScenes(satellites, settings, isLand), options.onProgress)
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, loaded_at = now()`.execute(trx)
  })
  return { version, loaded: scenes > 0, scenes, satellites: satellites.length, milliseconds: performance.now() - started }
}
