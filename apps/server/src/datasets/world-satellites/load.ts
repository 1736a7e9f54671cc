import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { type Insertable, type Kysely, sql } from 'kysely'
import { readReferenceNames } from '../../db/reference-data'
import { bestResolution, resolutionClass, type SatelliteFacts } from '../../db/satellite-data'
import type { Database, PlannedMissionTable, WorldSatelliteTable } from '../../db/schema'
import { nameReference, type ReferenceNames } from '../../db/source-references'
import {
  classifyPurpose,
  isImaging,
  operatorCountry,
  orbitClass,
  parseLaunchDate,
  plannedCategory,
  plannedPeriod,
  plannedSatellites,
  userGroup,
} from './classify'

/** The UCS Earth-observation rows and the planned missions (see data/satellites-world/README.md). */
export const WORLD_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../data/satellites-world')
const FACTS_DIR = path.resolve(import.meta.dirname, '../../../../../data/satellites')
const DATA_NAME = 'world-satellites'
const UCS_FILE = 'ucs-earth-observation.csv'
const PLAN_FILE = 'planned-missions.csv'

const UCS_COLUMNS = [
  'name',
  'country_of_operator_owner',
  'operator_owner',
  'users',
  'purpose',
  'detailed_purpose',
  'class_of_orbit',
  'perigee_km',
  'apogee_km',
  'inclination_deg',
  'period_min',
  'launch_mass_kg',
  'date_of_launch',
  'expected_lifetime_yrs',
  'cospar_number',
  'norad_number',
] as const
/** `curation_note` is the maintainers' note of a row: checked to be there, never read. */
const PLAN_COLUMNS = ['name', 'country', 'planned_year', 'category', 'source', 'source_date', 'curation_note'] as const
/** Chinese name and planned period of each row (written for the portal), keyed by the file's English texts. */
const PLAN_ZH_FILE = 'planned-missions.zh.json'

/** The Chinese texts of planned-missions.zh.json. */
export interface PlannedMissionTexts {
  names: Readonly<Record<string, string>>
  plannedYears: Readonly<Record<string, string>>
}

/**
 * Parses RFC 4180 CSV with csv-parse: fields quoted with " where they hold a comma, quote or line
 * break, "" for a quote inside, LF or CRLF line ends, an optional BOM. Throws on a quote inside an
 * unquoted field, text after a closing quote or an unclosed quote. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][]
}

/** CSV rows as records of the expected header; throws when the header or a row's width differs. */
export function csvRecords<K extends string>(text: string, columns: readonly K[], file: string): Array<Record<K, string>> {
  const [header, ...rows] = parseCsv(text)
  if (header?.join(',') !== columns.join(',')) throw new Error(`${file}: unexpected header ${header?.join(',')}`)
  return rows.map((cells, n) => {
    if (cells.length !== columns.length) throw new Error(`${file} row ${n + 2}: ${cells.length} fields, expected ${columns.length}`)
    return Object.fromEntries(columns.map((c, k) => [c, cells[k]?.trim() ?? ''])) as Record<K, string>
  })
}

function numberOrNull(value: string, column: string, name: string): number | null {
  if (value === '') return null
  const n = Number(value)
  if (!Number.isFinite(n)) throw new Error(`${name}: ${column} "${value}" is not a number`)
  return n
}

/** One row as the loader writes it: the table's columns (db/schema.ts). */
export type WorldSatelliteRecord = Insertable<WorldSatelliteTable>

export type PlannedMissionRecord = Insertable<PlannedMissionTable>

/** Best ground resolution (m) of each series member by NORAD number: the finest figure of any sensor of its series. */
export function resolutionByNorad(facts: SatelliteFacts[]): Map<number, { slug: string; metres: number | null }> {
  const byNorad = new Map<number, { slug: string; metres: number | null }>()
  for (const f of facts) {
    const figures = f.sensors.map(bestResolution).filter((n): n is number => n !== null)
    const metres = figures.length > 0 ? Math.min(...figures) : null
    for (const m of f.members as Array<{ noradId?: number | string | null }>) {
      const norad = Number(m.noradId)
      if (m.noradId != null && Number.isInteger(norad)) byNorad.set(norad, { slug: f.slug, metres })
    }
  }
  return byNorad
}

/** The UCS rows as typed records with the derived fields (rules in classify.ts). */
export function deriveWorldSatellites(csvText: string, facts: SatelliteFacts[]): WorldSatelliteRecord[] {
  const resolution = resolutionByNorad(facts)
  const seen = new Set<number>()
  return csvRecords(csvText, UCS_COLUMNS, UCS_FILE).map((r, i) => {
    const norad = Number(r.norad_number)
    if (!Number.isInteger(norad) || norad <= 0) throw new Error(`${r.name}: NORAD number "${r.norad_number}"`)
    if (seen.has(norad)) throw new Error(`${UCS_FILE}: NORAD number ${norad} twice`)
    seen.add(norad)
    const launch = parseLaunchDate(r.date_of_launch, r.cospar_number)
    const category = classifyPurpose(r.detailed_purpose, r.purpose)
    const matched = resolution.get(norad)
    const num = (column: (typeof UCS_COLUMNS)[number]) => numberOrNull(r[column], column, r.name)
    return {
      norad_number: norad,
      position: i + 1,
      name: r.name,
      country_of_operator_owner: r.country_of_operator_owner,
      operator_owner: r.operator_owner,
      users: r.users,
      purpose: r.purpose,
      detailed_purpose: r.detailed_purpose === '' ? null : r.detailed_purpose,
      class_of_orbit: r.class_of_orbit,
      perigee_km: num('perigee_km'),
      apogee_km: num('apogee_km'),
      inclination_deg: num('inclination_deg'),
      period_min: num('period_min'),
      launch_mass_kg: num('launch_mass_kg'),
      date_of_launch: launch.date,
      expected_lifetime_yrs: num('expected_lifetime_yrs'),
      cospar_number: r.cospar_number,
      operator_country: operatorCountry(r.country_of_operator_owner),
      orbit_class: orbitClass(r.class_of_orbit),
      launch_year: launch.year,
      launch_date_note: launch.note === null ? null : `${launch.note}: "${r.date_of_launch}"`,
      user_group: userGroup(r.users),
      category,
      remote_sensing: isImaging(category),
      series_slug: matched?.slug ?? null,
      resolution_m: matched?.metres ?? null,
      resolution_class: matched ? resolutionClass(matched.metres) : null,
    }
  })
}

/**
 * The planned missions as typed records with their portal category, period and satellite count,
 * their Chinese name and period (`texts`) and their source named in Chinese (`references`) and in
 * English (`referencesEn`; the name and period in English are the file's own). Throws when a row
 * has no Chinese text or its source no name: a revised file needs them first.
 */
export function derivePlannedMissions(
  csvText: string,
  texts: PlannedMissionTexts,
  references: ReferenceNames,
  referencesEn: ReferenceNames,
): PlannedMissionRecord[] {
  return csvRecords(csvText, PLAN_COLUMNS, PLAN_FILE).map((r, i) => {
    const nameZh = texts.names[r.name]
    const plannedYearZh = texts.plannedYears[r.planned_year]
    const source = nameReference(r.source, references)
    const sourceEn = nameReference(r.source, referencesEn)
    if (nameZh === undefined) throw new Error(`${PLAN_ZH_FILE}: no Chinese name for "${r.name}"`)
    if (plannedYearZh === undefined) throw new Error(`${PLAN_ZH_FILE}: no Chinese text for the period "${r.planned_year}"`)
    if (source === undefined) throw new Error(`references.zh.json: no name for the source ${r.source} of "${r.name}"`)
    if (sourceEn === undefined) throw new Error(`references.en.json: no name for the source ${r.source} of "${r.name}"`)
    return {
      position: i + 1,
      name: r.name,
      name_zh: nameZh,
      country: r.country,
      planned_year: r.planned_year,
      planned_year_zh: plannedYearZh,
      category: r.category,
      source: r.source,
      source_publisher: source.publisher,
      source_title: source.title,
      source_publisher_en: sourceEn.publisher,
      source_title_en: sourceEn.title,
      source_date: /^\d{4}-\d{2}-\d{2}$/.test(r.source_date) ? r.source_date : null,
      portal_category: plannedCategory(r.category),
      period_key: plannedPeriod(r.planned_year),
      satellites: plannedSatellites(r.name),
    }
  })
}

/** The Chinese texts of the planned missions (data/satellites-world/planned-missions.zh.json). */
export function readPlannedMissionTexts(dir = WORLD_DATA_DIR): PlannedMissionTexts {
  const { names, plannedYears } = JSON.parse(readFileSync(path.join(dir, PLAN_ZH_FILE), 'utf8')) as PlannedMissionTexts
  return { names, plannedYears }
}

export interface WorldSatelliteDataOptions {
  dir?: string
  factsDir?: string
}

export interface WorldSatelliteDataResult {
  version: string
  loaded: boolean
  satellites: number
  planned: number
  milliseconds: number
}

/**
 * Loads data/satellites-world into world_satellite and planned_mission when reference_data does not
 * hold this version yet: sha256 of the two CSV files, the satellite facts (resolution comes from
 * them) and the derived rows (with the planned missions' Chinese texts and named sources), so a
 * change of a file or of a rule reloads. One transaction; a new
 * version replaces every row; idempotent like the regions and satellites.
 */
export async function loadWorldSatelliteData(
  db: Kysely<Database>,
  options: WorldSatelliteDataOptions = {},
): Promise<WorldSatelliteDataResult> {
  const started = performance.now()
  const dir = options.dir ?? WORLD_DATA_DIR
  const ucsText = readFileSync(path.join(dir, UCS_FILE), 'utf8')
  const planText = readFileSync(path.join(dir, PLAN_FILE), 'utf8')
  const factsDir = options.factsDir ?? FACTS_DIR
  const factsText = readFileSync(path.join(factsDir, 'satellites.json'), 'utf8')
  const satellites = deriveWorldSatellites(ucsText, JSON.parse(factsText) as SatelliteFacts[])
  const planned = derivePlannedMissions(
    planText,
    readPlannedMissionTexts(dir),
    readReferenceNames(factsDir),
    readReferenceNames(factsDir, 'en-US'),
  )
  const hash = createHash('sha256')
  for (const part of [ucsText, planText, factsText, JSON.stringify(satellites), JSON.stringify(planned)]) hash.update(part).update('\0')
  const version = hash.digest('hex').slice(0, 16)
  const result = (loaded: boolean) => ({
    version,
    loaded,
    satellites: loaded ? satellites.length : 0,
    planned: loaded ? planned.length : 0,
    milliseconds: performance.now() - started,
  })
  const current = await db.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
  if (current?.version === version) return result(false)

  let loaded = false
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(20261124)`.execute(trx)
    const again = await trx.selectFrom('reference_data').select('version').where('name', '=', DATA_NAME).executeTakeFirst()
    if (again?.version === version) return
    await sql`DELETE FROM world_satellite`.execute(trx)
    await sql`DELETE FROM planned_mission`.execute(trx)
    // 1,292 rows × 27 columns would pass PostgreSQL's 65,535 parameters in one statement
    for (let i = 0; i < satellites.length; i += 500) {
      await trx
        .insertInto('world_satellite')
        .values(satellites.slice(i, i + 500))
        .execute()
    }
    await trx.insertInto('planned_mission').values(planned).execute()
    // PGlite once reported success for statements that had inserted nothing: count what is there
    const counted = await sql<{ satellites: number; planned: number }>`
      SELECT (SELECT count(*) FROM world_satellite)::int AS satellites, (SELECT count(*) FROM planned_mission)::int AS planned`.execute(trx)
    const got = counted.rows[0]
    if (got?.satellites !== satellites.length || got?.planned !== planned.length) {
      throw new Error(`world satellite data incomplete: ${JSON.stringify(got)} of ${satellites.length} and ${planned.length}`)
    }
    await sql`
      INSERT INTO reference_data (name, version) VALUES (${DATA_NAME}, ${version})
      ON CONFLICT (name) DO UPDATE SET version = excluded.version, loaded_at = now()`.execute(trx)
    loaded = true
  })
  return result(loaded)
}
