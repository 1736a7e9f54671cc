/**
 * Import of a real archive into scene: read (read.ts), validate every row (validate.ts), then
 * write all rows in one transaction, or none when any row is rejected. Idempotent on the scene id:
 * a row whose id is stored already updates it. Imported rows are source 'imported', not illustrative.
 */
import { tZh } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../../db/schema'
import { type ImportFormat, readRecords } from './read'
import { catalogueOf, type ImportScene, type RowVerdict, validateRecord } from './validate'

export interface ImportResult {
  format: ImportFormat
  total: number
  accepted: number
  added: number
  updated: number
  repaired: number
  rejected: RowVerdict[]
  /** scenes written (0 on a dry run or when a row was rejected) */
  written: number
  dryRun: boolean
}

const BATCH = 1000

export async function importScenes(
  db: Kysely<Database>,
  data: Uint8Array,
  options: { format: ImportFormat; dryRun?: boolean },
): Promise<ImportResult> {
  const records = await readRecords(options.format, data)
  const catalogue = catalogueOf(await db.selectFrom('satellite_sensor').select(['satellite', 'sensor_id', 'slug']).execute())
  const scenes: ImportScene[] = []
  const rejected: RowVerdict[] = []
  const firstRowOf = new Map<string, number>()
  let repaired = 0
  for (const record of records) {
    const verdict = await validateRecord(record, catalogue)
    if (verdict.id !== undefined) {
      const first = firstRowOf.get(verdict.id)
      if (first !== undefined) verdict.reasons.push(tZh('archiveImport.reasons.duplicateId', { id: verdict.id, row: first }))
      else firstRowOf.set(verdict.id, record.row)
    }
    if (verdict.reasons.length > 0 || !verdict.scene) rejected.push(verdict)
    else {
      scenes.push(verdict.scene)
      if (verdict.repaired) repaired++
    }
  }
  const existing = await existingIds(
    db,
    scenes.map((s) => s.id),
  )
  const result: ImportResult = {
    format: options.format,
    total: records.length,
    accepted: scenes.length,
    added: scenes.length - existing,
    updated: existing,
    repaired,
    rejected,
    written: 0,
    dryRun: options.dryRun === true,
  }
  if (rejected.length > 0 || options.dryRun) return result
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < scenes.length; i += BATCH) await upsert(trx, scenes.slice(i, i + BATCH))
  })
  result.written = scenes.length
  return result
}

async function existingIds(db: Kysely<Database>, ids: string[]): Promise<number> {
  let n = 0
  for (let i = 0; i < ids.length; i += 10_000) {
    const { rows } = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM scene WHERE id = ANY(${ids.slice(i, i + 10_000)}::text[])`.execute(db)
    n += rows[0]?.n ?? 0
  }
  return n
}

/** One multi-row upsert (json_to_recordset, one parameter); area_km2 geodesic from PostGIS geography. */
async function upsert(db: Kysely<Database>, scenes: ImportScene[]): Promise<void> {
  const rows = scenes.map((s) => ({
    id: s.id,
    satellite: s.satellite,
    sensor: s.sensor,
    slug: s.slug,
    acquired_at: s.acquiredAt,
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
    quicklook_href: s.quicklookHref,
    geojson: JSON.stringify(s.footprint),
  }))
  await sql`
    INSERT INTO scene (id, satellite, sensor, slug, acquired_at, cloud_percent, resolution_m, product_level, orbit, path, "row", direction,
      off_nadir_deg, sun_elevation_deg, file_name, data_status, footprint, area_km2, illustrative, quicklook_href, source, imported_at)
    SELECT r.id, r.satellite, r.sensor, r.slug, r.acquired_at, r.cloud_percent, r.resolution_m, r.product_level, r.orbit, r.path, r."row",
      r.direction, r.off_nadir_deg, r.sun_elevation_deg, r.file_name, r.data_status, g.geom, ST_Area(g.geom::geography) / 1e6, false,
      r.quicklook_href, 'imported', now()
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id text, satellite text, sensor text, slug text, acquired_at timestamptz,
      cloud_percent real, resolution_m real, product_level text, orbit integer, path integer, "row" integer, direction text,
      off_nadir_deg real, sun_elevation_deg real, file_name text, data_status text, quicklook_href text, geojson text)
    CROSS JOIN LATERAL (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(r.geojson), 4326)) AS geom) AS g
    ON CONFLICT (id) DO UPDATE SET satellite = EXCLUDED.satellite, sensor = EXCLUDED.sensor, slug = EXCLUDED.slug,
      acquired_at = EXCLUDED.acquired_at, cloud_percent = EXCLUDED.cloud_percent, resolution_m = EXCLUDED.resolution_m,
      product_level = EXCLUDED.product_level, orbit = EXCLUDED.orbit, path = EXCLUDED.path, "row" = EXCLUDED."row",
      direction = EXCLUDED.direction, off_nadir_deg = EXCLUDED.off_nadir_deg, sun_elevation_deg = EXCLUDED.sun_elevation_deg,
      file_name = EXCLUDED.file_name, data_status = EXCLUDED.data_status, footprint = EXCLUDED.footprint, area_km2 = EXCLUDED.area_km2,
      illustrative = false, quicklook_href = EXCLUDED.quicklook_href, source = 'imported', imported_at = now()`.execute(db)
}

/** The report as the command prints it and writes it beside the input: a summary, then each rejected row and why. */
export function importReport(result: ImportResult, file: string): string {
  const t = (key: string, params?: Record<string, string | number>) =>
    tZh(`archiveImport.report.${key}` as Parameters<typeof tZh>[0], params)
  const lines = [
    t('title'),
    t('file', { file, format: tZh(`archiveImport.formats.${result.format}`) }),
    t('summary', {
      total: result.total,
      accepted: result.accepted,
      added: result.added,
      updated: result.updated,
      rejected: result.rejected.length,
    }),
  ]
  if (result.repaired > 0) lines.push(t('repaired', { count: result.repaired }))
  if (result.rejected.length > 0) {
    lines.push(t('nothingWritten'), '', t('rejectedHeader'))
    for (const v of result.rejected)
      lines.push(t('row', { row: v.row, id: v.id ? t('rowId', { id: v.id }) : '', reasons: v.reasons.join('；') }))
  } else if (result.dryRun) lines.push(t('dryRun'))
  else lines.push(t('written', { count: result.written }))
  return `${lines.join('\n')}\n`
}
