import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parseSatelliteFacts } from '@rs/shared'
import { type Kysely, sql } from 'kysely'
import { loadInitialNews } from './news-content'
import {
  type ChineseTexts,
  chineseFacts,
  deriveCatalogue,
  deriveSensors,
  type EnglishTexts,
  englishFacts,
  parseTle,
  type SatelliteFacts,
  type TleSkip,
} from './satellite-data'
import type { Database } from './schema'
import type { ReferenceNames } from './source-references'

/** Where data/scripts/build-regions.ts writes the region and country files. */
export const REGION_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data/regions')

const DATA_NAME = 'regions'
type Level = 'country' | 'province' | 'city' | 'county'
const LEVEL_FILES: Array<[Level, string]> = [
  ['country', 'regions-0-country.ndjson.gz'],
  ['province', 'regions-1-province.ndjson.gz'],
  ['city', 'regions-2-city.ndjson.gz'],
  ['county', 'regions-3-county.ndjson.gz'],
]

/** Facts about the satellites (copied from the steering folder's shared data, see data/README.md). */
export const SATELLITE_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data/satellites')
const SATELLITE_DATA_NAME = 'satellites'

export interface ReferenceDataOptions {
  dir?: string
  satelliteDir?: string
}

export interface SatelliteDataResult {
  version: string
  loaded: boolean
  satellites: number
  catalogue: number
  sensors: number
  /** Element sets loaded from tle/resource.tle, and those skipped (bad checksum, no member…). */
  tle: number
  tleSkipped: TleSkip[]
}

export interface ReferenceDataResult {
  version: string
  loaded: boolean
  regions: number
  countries: number
  milliseconds: number
  satellites: SatelliteDataResult
}

interface RegionLine {
  code: string
  name: string
  fullName: string
  level: Level
  parent: string | null
  /** base64 TWKB (WGS84, 5 decimals), null when the region has no boundary. */
  twkb: string | null
  /** geography ST_Area of that shape in km², computed by the build script. */
  areaKm2: number | null
}

interface CountryLine {
  code: string
  name: string
  nameEn: string
  twkb: string
}

function readLines<T>(file: string): T[] {
  const text = gunzipSync(readFileSync(file)).toString('utf8')
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T)
}

/** Rows of at most ~1 MB of JSON per statement: one parameter each, unpacked by json_to_recordset. */
function* bySize<T>(rows: T[], maxChars = 1_000_000): Generator<T[]> {
  let batch: T[] = []
  let size = 0
  for (const row of rows) {
    const n = JSON.stringify(row).length
    if (batch.length > 0 && size + n > maxChars) {
      yield batch
      batch = []
      size = 0
    }
    batch.push(row)
    size += n
  }
  if (batch.length > 0) yield batch
}

/**
 * Loads data/regions into region and global_region when reference_data does not hold the files'
 * version yet (a new version replaces the old rows), in one transaction. Idempotent: a second call
 * with the same files changes nothing. The center (ST_PointOnSurface) is computed here, the area by the build script (geography ST_Area of the same shape: a
 * third of PGlite's load time otherwise); shapes arrive as TWKB (GeoJSON parsing took 4.5 s of 14 s)
 * and are valid already (the build script checks). Then the satellites (loadSatelliteData). The
 * datasets loaded at start on top of these (the world satellites) are datasets/reference.ts's.
 */
export async function loadReferenceData(db: Kysely<Database>, options: ReferenceDataOptions = {}): Promise<ReferenceDataResult> {
  const started = performance.now()
  const dir = options.dir ?? REGION_DATA_DIR
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { version: string }
  const version = manifest.version
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  if (current?.version === version) {
    const satellites = await loadSatelliteData(db, options.satelliteDir)
    return { version, loaded: false, regions: 0, countries: 0, milliseconds: performance.now() - started, satellites }
  }

  const regions = LEVEL_FILES.flatMap(([, file]) => readLines<RegionLine>(path.join(dir, file)))
  const countries = readLines<CountryLine>(path.join(dir, 'countries.ndjson.gz'))

  await db.transaction().execute(async (trx) => {
    // one loader at a time (two servers starting on one database); then check again under the lock
    await sql`SELECT pg_advisory_xact_lock(20261122)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
    if (again?.version === version) return
    await sql`DELETE FROM region`.execute(trx)
    await sql`DELETE FROM global_region`.execute(trx)
    // parents come before children: the files are ordered country, province, city, county
    const rows = regions.map((r) => ({
      code: r.code,
      name: r.name,
      full_name: r.fullName,
      level: r.level,
      parent_code: r.parent,
      twkb: r.twkb,
      area_km2: r.areaKm2,
    }))
    for (const batch of bySize(rows)) {
      await sql`
        INSERT INTO region (code, name, full_name, level, parent_code, geom, center, area_km2)
        SELECT r.code, r.name, r.full_name, r.level, r.parent_code, g.geom, ST_PointOnSurface(g.geom), r.area_km2
        FROM json_to_recordset(${JSON.stringify(batch)}::json)
          AS r(code text, name text, full_name text, level text, parent_code text, twkb text, area_km2 double precision)
        CROSS JOIN LATERAL (
          SELECT ST_Multi(ST_SetSRID(ST_GeomFromTWKB(decode(r.twkb, 'base64')), 4326)) AS geom
        ) AS g`.execute(trx)
    }
    for (const batch of bySize(countries.map((c) => ({ code: c.code, name: c.name, name_en: c.nameEn, twkb: c.twkb })))) {
      await sql`
        INSERT INTO global_region (code, name, name_en, geom)
        SELECT r.code, r.name, r.name_en, ST_Multi(ST_SetSRID(ST_GeomFromTWKB(decode(r.twkb, 'base64')), 4326))
        FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(code text, name text, name_en text, twkb text)`.execute(trx)
    }
    // the provinces cut into small parts for the 全国 scene search (migration 20261126060000_region-parts)
    await sql`
      INSERT INTO region_part (code, level, geom)
      SELECT code, level, ST_Subdivide(geom, 128) FROM region WHERE level = 'province' AND geom IS NOT NULL`.execute(trx)
    // the scenes' provinces follow the new outlines (migration 20261202100000_scene-provinces); on a
    // large archive this takes minutes, which the server's statement limit must not cut short
    await sql`SET LOCAL statement_timeout = 0`.execute(trx)
    await sql`UPDATE scene SET province_codes = scene_province_codes(footprint)`.execute(trx)
    // PGlite once reported success for statements that had inserted nothing: count what is there
    const counted = await sql<{ regions: number; countries: number }>`
      SELECT (SELECT count(*) FROM region)::int AS regions, (SELECT count(*) FROM global_region)::int AS countries`.execute(trx)
    const got = counted.rows[0]
    if (got?.regions !== rows.length || got?.countries !== countries.length) {
      throw new Error(`reference data incomplete: ${got?.regions}/${rows.length} regions, ${got?.countries}/${countries.length} countries`)
    }
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = excluded.version, loaded_at = now()`.execute(trx)
  })
  const satellites = await loadSatelliteData(db, options.satelliteDir)
  return {
    version,
    loaded: true,
    regions: regions.length,
    countries: countries.length,
    milliseconds: performance.now() - started,
    satellites,
  }
}

/** Where a skipped element set is reported: one JSON line on stderr, like the server's log lines. */
export function logSkippedTle(skip: TleSkip): void {
  console.warn(JSON.stringify({ level: 40, time: Date.now(), msg: 'TLE skipped', file: TLE_FILE, ...skip }))
}

const TLE_FILE = 'tle/resource.tle'
/** Chinese wording of the facts' descriptive texts (see chineseFacts in satellite-data.ts). */
const ZH_FILE = 'satellites.zh.json'
/** English summaries and reworded curation notes (see englishFacts in satellite-data.ts). */
const EN_FILE = 'satellites.en.json'
/** The names (publisher, title) of the pages the facts cite, per language (see db/source-references.ts). */
export const REFERENCES_FILES = { 'zh-CN': 'references.zh.json', 'en-US': 'references.en.json' } as const

/** The reference names of data/satellites/references.*.json in a language (also read for the planned missions' sources). */
export function readReferenceNames(dir = SATELLITE_DATA_DIR, locale: 'zh-CN' | 'en-US' = 'zh-CN'): ReferenceNames {
  const { publishers, pages } = JSON.parse(readFileSync(path.join(dir, REFERENCES_FILES[locale]), 'utf8')) as ReferenceNames
  return { publishers, pages, locale }
}

/**
 * Loads data/satellites/satellites.json into satellite (the facts as the detail answer gives them:
 * descriptive texts in Chinese from satellites.zh.json, sources named by references.zh.json, no
 * maintainers' notes; see chineseFacts), the derived
 * satellite_catalogue and satellite_sensor (rules in satellite-data.ts) and the orbit elements of
 * tle/resource.tle into satellite_tle (matched to members by NORAD number, checksums verified, bad
 * sets skipped and logged; tle/stale.tle is never read), when reference_data does not hold the
 * version (sha256 of the four files and of the stored facts, 16 hex digits, so a changed rule
 * reloads too) yet; a new version replaces every row, in
 * one transaction. Idempotent like the regions. Then loads the initial news articles once
 * (db/news-content.ts), which name satellite pages.
 */
export async function loadSatelliteData(
  db: Kysely<Database>,
  dir = SATELLITE_DATA_DIR,
  log: (skip: TleSkip) => void = logSkippedTle,
): Promise<SatelliteDataResult> {
  const result = await loadSatelliteFacts(db, dir, log)
  await loadInitialNews(db)
  return result
}

async function loadSatelliteFacts(db: Kysely<Database>, dir: string, log: (skip: TleSkip) => void): Promise<SatelliteDataResult> {
  const text = readFileSync(path.join(dir, 'satellites.json'), 'utf8')
  const tleText = readFileSync(path.join(dir, TLE_FILE), 'utf8')
  const zhText = readFileSync(path.join(dir, ZH_FILE), 'utf8')
  const enText = readFileSync(path.join(dir, EN_FILE), 'utf8')
  const facts = JSON.parse(text) as SatelliteFacts[]
  // the pages show Chinese only: the stored facts carry the Chinese wording of every descriptive text,
  // named sources and no maintainers' notes, in the contract's shape (checked here, at load)
  const zh = (JSON.parse(zhText) as { texts: ChineseTexts }).texts
  const references = readReferenceNames(dir)
  const shown = facts.map((f) => parseSatelliteFacts(chineseFacts(f, zh, references)))
  // and the English page's facts: the English of satellites.json, summaries and notes of satellites.en.json
  const en = JSON.parse(enText) as EnglishTexts
  const referencesEn = readReferenceNames(dir, 'en-US')
  const shownEn = facts.map((f) => parseSatelliteFacts(englishFacts(f, en, referencesEn)))
  const hash = createHash('sha256')
  for (const part of [text, tleText, zhText, enText, JSON.stringify(shown), JSON.stringify(shownEn)]) hash.update(part).update('\0')
  const version = hash.digest('hex').slice(0, 16)
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', SATELLITE_DATA_NAME).executeTakeFirst()
  if (current?.version === version) return { version, loaded: false, satellites: 0, catalogue: 0, sensors: 0, tle: 0, tleSkipped: [] }

  const catalogue = deriveCatalogue(facts)
  const sensors = deriveSensors(facts)
  const tle = parseTle(tleText, shown as unknown as SatelliteFacts[])
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261123)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', SATELLITE_DATA_NAME).executeTakeFirst()
    if (again?.version === version) return
    await sql`DELETE FROM satellite_tle`.execute(trx)
    await sql`DELETE FROM satellite_sensor`.execute(trx)
    await sql`DELETE FROM satellite_catalogue`.execute(trx)
    await sql`DELETE FROM satellite`.execute(trx)
    await trx
      .insertInto('satellite')
      .values(
        shown.map((f, i) => ({
          slug: f.slug,
          name_zh: f.nameZh,
          name_en: f.nameEn,
          country: f.country,
          operator: f.operator,
          category: f.category,
          status: f.status,
          position: i + 1,
          facts: JSON.stringify(f),
          facts_en: JSON.stringify(shownEn[i]),
        })),
      )
      .execute()
    if (catalogue.length > 0) await trx.insertInto('satellite_catalogue').values(catalogue).execute()
    if (sensors.length > 0)
      await trx
        .insertInto('satellite_sensor')
        .values(sensors.map((s, i) => ({ ...s, position: i + 1 })))
        .execute()
    if (tle.rows.length > 0) await trx.insertInto('satellite_tle').values(tle.rows).execute()
    const counted = await sql<{ satellites: number; catalogue: number; sensors: number; tle: number }>`
      SELECT (SELECT count(*) FROM satellite)::int AS satellites, (SELECT count(*) FROM satellite_catalogue)::int AS catalogue,
        (SELECT count(*) FROM satellite_sensor)::int AS sensors, (SELECT count(*) FROM satellite_tle)::int AS tle`.execute(trx)
    const got = counted.rows[0]
    if (
      got?.satellites !== facts.length ||
      got?.catalogue !== catalogue.length ||
      got?.sensors !== sensors.length ||
      got?.tle !== tle.rows.length
    ) {
      throw new Error(`satellite data incomplete: ${JSON.stringify(got)}`)
    }
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${SATELLITE_DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = excluded.version, loaded_at = now()`.execute(trx)
  })
  for (const skip of tle.skipped) log(skip)
  return {
    version,
    loaded: true,
    satellites: facts.length,
    catalogue: catalogue.length,
    sensors: sensors.length,
    tle: tle.rows.length,
    tleSkipped: tle.skipped,
  }
}
