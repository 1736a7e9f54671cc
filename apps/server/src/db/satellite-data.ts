import { createTranslator, type LaunchCaveat, MAX_SATELLITE_CATALOGUE, type SourceReference, tleChecksum, tleEpochMs } from '@rs/shared'
import { nameReference, type RecordedMember, type ReferenceNames } from './source-references'

/** One entry of data/satellites/satellites.json (only the fields the rules read; the rest is kept as facts). */
export interface SatelliteFacts {
  slug: string
  nameZh: string
  nameEn: string
  country: string
  operator: string
  category: string
  status: string
  members: Array<{ name: string; noradId?: number | null; launchDate?: string | null; status?: string }>
  sensors: Array<{ name: string; gsdM?: Record<string, number | string> | null; swathKm?: number | string | null }>
  [key: string]: unknown
}

export interface CatalogueEntry {
  idx: number
  label: string
  value: string
  checked: boolean
  properties: 1 | 2 | 3
  resolution: 1 | 2 | 3 | 4
  type: 1 | 2 | 3
}

export interface SensorRow {
  satellite: string
  sensor_id: string
  slug: string
  sensor_name: string
  resolution_m: number | null
  swath_km: number | null
}

/** SPEC §3 type: 1 optical, 2 hyperspectral, 3 radar. Laser-altimetry and gravity missions take no image: not in the catalogue. */
const TYPE_OF_CATEGORY: Record<string, 1 | 2 | 3> = { optical: 1, hyperspectral: 2, radar: 3 }

function numbersIn(value: number | string | null | undefined): number[] {
  if (typeof value === 'number') return [value]
  if (typeof value !== 'string') return []
  return [...value.matchAll(/(?<![A-Za-z]-?|[\d.])\d+(?:\.\d+)?/g)].map((m) => Number(m[0]))
}

/** Best (smallest) ground sample distance in metres among all figures of a sensor's gsdM; null when none is given. */
export function bestResolution(sensor: SatelliteFacts['sensors'][number]): number | null {
  const all = Object.values(sensor.gsdM ?? {}).flatMap(numbersIn)
  return all.length > 0 ? Math.min(...all) : null
}

/** Widest swath in km among the figures given (a range "10-650" gives 650); null when none is given. */
export function widestSwath(sensor: SatelliteFacts['sensors'][number]): number | null {
  const all = numbersIn(sensor.swathKm)
  return all.length > 0 ? Math.max(...all) : null
}

/** Resolution class of SPEC §3: 1 ≤ 1 m, 2 ≤ 4 m, 3 ≤ 16 m, 4 > 16 m or no figure in the facts. */
export function resolutionClass(metres: number | null): 1 | 2 | 3 | 4 {
  if (metres === null) return 4
  if (metres <= 1) return 1
  if (metres <= 4) return 2
  if (metres <= 16) return 3
  return 4
}

/**
 * Catalogue entries (SPEC §3), one per satellite series with an imaging category, in file order,
 * at most MAX_SATELLITE_CATALOGUE:
 * - label = nameZh, value = slug, idx = 1, 2, … in that order;
 * - type from category (optical 1, hyperspectral 2, radar 3);
 * - resolution = class of the best ground resolution of any sensor (see resolutionClass);
 * - properties = data origin: 1 domestic (country includes CN), 2 foreign, 3 retired (series status
 *   `retired`: archive data only, whatever the country);
 * - checked = domestic and operational (the default selection of the image query).
 */
export function deriveCatalogue(facts: SatelliteFacts[]): CatalogueEntry[] {
  const entries: CatalogueEntry[] = []
  for (const f of facts) {
    const type = TYPE_OF_CATEGORY[f.category]
    if (!type) continue
    const gsd = f.sensors.map(bestResolution).filter((n): n is number => n !== null)
    const domestic = f.country.split('/').includes('CN')
    const properties = f.status === 'retired' ? 3 : domestic ? 1 : 2
    entries.push({
      idx: entries.length + 1,
      label: f.nameZh,
      value: f.slug,
      checked: domestic && f.status === 'operational',
      properties,
      resolution: resolutionClass(gsd.length > 0 ? Math.min(...gsd) : null),
      type,
    })
  }
  return entries.slice(0, MAX_SATELLITE_CATALOGUE)
}

/** Codes the portal has always used for these members (SPEC §3 lists ZY3-2, GF1, GF2, GF3, JL1, LT1A). */
const MEMBER_CODES: Record<string, string> = {
  'ZY-3 01': 'ZY3-1',
  'ZY-3 02': 'ZY3-2',
  'ZY-3 03': 'ZY3-3',
  'ZY-3 04': 'ZY3-4',
  'GF-1 01': 'GF1',
  'GF-1 02 (B)': 'GF1B',
  'GF-1 03 (C)': 'GF1C',
  'GF-1 04 (D)': 'GF1D',
  'GF-2': 'GF2',
  'GF-3 01': 'GF3',
  'GF-4': 'GF4',
  'GF-6': 'GF6',
  'GF-7': 'GF7',
  'LuTan-1 01A': 'LT1A',
  'LuTan-1 01B': 'LT1B',
  'ZY-1 02C': 'ZY1-02C',
  'ZY-1 02D': 'ZY1-02D',
  'ZY-1 02E': 'ZY1-02E',
  'CBERS-04A': 'CB04A',
  'GF-3 02 (1 m C-SAR 01)': 'GF3-02',
  'GF-3 03 (1 m C-SAR 02)': 'GF3-03',
  'GF-5 01': 'GF5',
  'GF-5 02': 'GF5-02',
  'GF-5 01A': 'GF5-01A',
  'TH-1 01': 'TH1-01',
  'TH-1 02': 'TH1-02',
  'TH-1 03': 'TH1-03',
  'TH-1 04': 'TH1-04',
  GFDM: 'GFDM',
}

/** Series whose members are too many (or not enumerated) to list one by one: one code for the series. */
const SERIES_CODES: Record<string, string> = { jl1: 'JL1', planetscope: 'PLANETSCOPE', skysat: 'SKYSAT', rapideye: 'RAPIDEYE' }

/** A member's code: the table above, else its name without parentheses, upper case, spaces as hyphens ("Landsat 8" → LANDSAT-8). */
export function memberCode(name: string): string {
  return (
    MEMBER_CODES[name] ??
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\(.*?\)/g, '')
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
}

/**
 * A sensor's id: the first acronym of its name (a word starting with a capital that has 2+ capitals
 * and no other characters than letters, digits, + and -; parentheses included: "Three-line-array
 * stereo camera (TLA)" → TLA, "AWiFS" → AWiFS), else the initials of its words ("Multispectral
 * camera" → MC; one word: the word in capitals). "(×N)" in the name means N identical instruments:
 * numbered ids ("WFV … (×4)" → WFV1…WFV4).
 */
export function sensorIds(name: string): string[] {
  const tokens = name.split(/[\s/(),]+/).filter((t) => t.length > 0)
  const acronym = tokens.find((t) => /^[A-Z][A-Za-z0-9+-]+$/.test(t) && (t.match(/[A-Z]/g)?.length ?? 0) >= 2)
  const words = tokens.filter((t) => /^[A-Za-z]/.test(t))
  const base =
    acronym ??
    (words.length === 1
      ? (words[0] ?? '').toUpperCase()
      : words
          .map((t) => t[0]?.toUpperCase())
          .join('')
          .slice(0, 6))
  const count = Number(/×\s*(\d+)/.exec(name)?.[1] ?? 1)
  return count > 1 ? Array.from({ length: count }, (_, i) => `${base}${i + 1}`) : [base]
}

/**
 * The satellite-to-sensor mapping: every member of an imaging series (SERIES_CODES: the series as
 * one code) with every sensor of the series (the facts list sensors per series, not per member),
 * resolution = best ground resolution of the sensor, swath = widest figure given. Ids repeated
 * within a satellite get a number (SAR, SAR2).
 */
export function deriveSensors(facts: SatelliteFacts[]): SensorRow[] {
  const rows: SensorRow[] = []
  for (const f of facts) {
    if (!TYPE_OF_CATEGORY[f.category]) continue
    const series = SERIES_CODES[f.slug]
    const codes = series ? [series] : [...new Set(f.members.map((m) => memberCode(m.name)))]
    for (const satellite of codes) {
      const seen = new Set<string>()
      for (const sensor of f.sensors) {
        for (const id of sensorIds(sensor.name)) {
          let sensorId = id
          for (let n = 2; seen.has(sensorId); n++) sensorId = `${id}${n}`
          seen.add(sensorId)
          rows.push({
            satellite,
            sensor_id: sensorId,
            slug: f.slug,
            sensor_name: sensor.name,
            resolution_m: bestResolution(sensor),
            swath_km: widestSwath(sensor),
          })
        }
      }
    }
  }
  return rows
}

/** One member's two-line elements as stored in satellite_tle. */
export interface TleRow {
  norad_id: number
  slug: string
  member: string
  line1: string
  line2: string
  /** ISO time of the elements. */
  epoch: string
  /** Order in the TLE file. */
  position: number
}

/** An element set the loader left out, and why (the loader logs these). */
export interface TleSkip {
  /** 1-based line number of the set's first line in the file. */
  line: number
  name: string
  reason: string
}

/** Whether a line is a well-formed TLE line of the given number (1 or 2) with a correct checksum in column 69. */
export function isValidTleLine(line: string, lineNumber: 1 | 2): boolean {
  return line.length === 69 && line.startsWith(`${lineNumber} `) && /^\d$/.test(line[68] ?? '') && tleChecksum(line) === Number(line[68])
}

/** The epoch of line 1 (columns 19–32: two-digit year, 57–99 = 19xx, and fractional day of the year) as an ISO time. */
export function tleEpoch(line1: string): string | null {
  const ms = tleEpochMs(line1)
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * Reads a three-line (or two-line) element file and keeps the sets that belong to a member of the
 * facts, matched by NORAD catalogue number (members[].noradId). A set is skipped, with its reason,
 * when a line is malformed or its checksum is wrong, the two lines name different objects, the
 * object is no member, or an earlier set already gave that object.
 */
export function parseTle(text: string, facts: SatelliteFacts[]): { rows: TleRow[]; skipped: TleSkip[] } {
  const members = new Map<number, { slug: string; member: string }>()
  for (const f of facts)
    for (const m of f.members) if (typeof m.noradId === 'number') members.set(m.noradId, { slug: f.slug, member: m.name })

  const lines = text.split(/\r?\n/).map((l, i) => ({ text: l.trimEnd(), number: i + 1 }))
  const filled = lines.filter((l) => l.text.length > 0)
  const rows: TleRow[] = []
  const skipped: TleSkip[] = []
  const seen = new Set<number>()
  let i = 0
  while (i < filled.length) {
    const first = filled[i] as { text: string; number: number }
    // a name line is optional: a set starts at a name, or directly at line 1
    const hasName = !/^1 /.test(first.text) || first.text.length !== 69
    const name = hasName ? first.text.trim() : ''
    const line1 = filled[i + (hasName ? 1 : 0)]?.text ?? ''
    const line2 = filled[i + (hasName ? 2 : 1)]?.text ?? ''
    i += hasName ? 3 : 2
    const skip = (reason: string) => skipped.push({ line: first.number, name: name || line1.slice(2, 7), reason })
    if (!isValidTleLine(line1, 1)) {
      skip(line1.startsWith('1 ') && line1.length === 69 ? 'line 1 checksum' : 'line 1 malformed')
      continue
    }
    if (!isValidTleLine(line2, 2)) {
      skip(line2.startsWith('2 ') && line2.length === 69 ? 'line 2 checksum' : 'line 2 malformed')
      continue
    }
    const noradId = Number(line1.slice(2, 7))
    if (!Number.isInteger(noradId) || line2.slice(2, 7) !== line1.slice(2, 7)) {
      skip('catalogue numbers of line 1 and line 2 differ')
      continue
    }
    const member = members.get(noradId)
    if (!member) {
      skip(`NORAD ${noradId} is no member of the facts`)
      continue
    }
    if (seen.has(noradId)) {
      skip(`NORAD ${noradId} given twice`)
      continue
    }
    const epoch = tleEpoch(line1)
    if (!epoch) {
      skip('epoch unreadable')
      continue
    }
    seen.add(noradId)
    rows.push({ norad_id: noradId, slug: member.slug, member: member.member, line1, line2, epoch, position: rows.length + 1 })
  }
  return { rows, skipped }
}

/**
 * Chinese texts of the descriptive values of satellites.json (data/satellites/satellites.zh.json),
 * keyed by the English text: operators, orbit types and stated figures, sensor names, types,
 * figures and bands, the member-list notes and the values the sources did not confirm.
 */
export type ChineseTexts = Readonly<Record<string, string>>

/**
 * English texts written for the portal (data/satellites/satellites.en.json): a summary per slug, and
 * rewordings of the curation notes a page shows, keyed by the English text of satellites.json.
 */
export interface EnglishTexts {
  summaries: Readonly<Record<string, string>>
  texts: Readonly<Record<string, string>>
}

/** What a Chinese page shows for a value that is given as text but has no Chinese wording. */
const UNCONFIRMED_ZH = createTranslator('zh-CN')('satellitePage.unconfirmedValue')

/** Web addresses in a source entry ('GCAT-derived identity list (cites https://…)' gives its address). */
function urlsIn(source: string): string[] {
  return [...source.matchAll(/https?:\/\/[^\s)\]>"']+/gi)].map((m) => m[0].replace(/[.,;:]+$/, ''))
}

function dayBefore(isoDate: string): string | undefined {
  const time = Date.parse(`${isoDate}T00:00:00Z`)
  if (Number.isNaN(time)) return undefined
  return new Date(time - 86_400_000).toISOString().slice(0, 10)
}

/**
 * The Beijing-time caveat of a launch date (data/satellites/README.md): Chinese sources give the
 * Beijing-time date; a launch before 08:00 BJT falls on the previous UTC day. Read from the
 * member's curation note ('07:44 BJT', 'UTC date may be 2022-01-25'), which itself is never shown;
 * undefined when the note says nothing about the time.
 */
export function launchCaveat(launchDate: unknown, note: unknown): LaunchCaveat | undefined {
  const text = typeof note === 'string' ? note : ''
  const maybe = /UTC date may be (\d{4}-\d{2}-\d{2})/i.exec(text)
  if (maybe?.[1]) return { kind: 'beijingMaybe', utcDate: maybe[1] }
  const bjt = /(\d{1,2}):\d{2}\s*BJT/.exec(text)
  if (!bjt?.[1]) return undefined
  const early = typeof launchDate === 'string' ? dayBefore(launchDate) : undefined
  return Number(bjt[1]) < 8 && early ? { kind: 'beijingEarly', utcDate: early } : { kind: 'beijing' }
}

type Figure = number | string | null | undefined
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Visits every descriptive text of an entry that a page shows, with how it is rendered:
 * 'value' texts become 待核实 without a Chinese wording, 'optional' ones are left out, 'name' ones
 * (designations such as 'GF-1 02') stay as they are.
 */
function mapTexts(f: Obj, render: (text: string, kind: 'value' | 'optional' | 'name') => string | undefined): Obj {
  const text = (v: unknown, kind: 'value' | 'optional' | 'name') => (typeof v === 'string' ? render(v, kind) : v)
  const figure = (v: unknown) => (typeof v === 'string' ? render(v, 'value') : (v as Figure))
  const out: Obj = { ...f, operator: text(f.operator, 'value'), membersNote: text(f.membersNote, 'optional') }
  if (Array.isArray(f.members)) out.members = f.members.map((m) => (isObj(m) ? { ...m, name: text(m.name, 'name') } : m))
  if (isObj(f.orbit)) {
    const o = f.orbit
    out.orbit = {
      ...o,
      type: text(o.type, 'value'),
      localTimeOfDescendingNode: text(o.localTimeOfDescendingNode, 'value'),
      altitudeKm: figure(o.altitudeKm),
      inclinationDeg: figure(o.inclinationDeg),
      revisitDays: figure(o.revisitDays),
    }
  }
  if (Array.isArray(f.sensors))
    out.sensors = f.sensors.map((s) => {
      if (!isObj(s)) return s
      const gsd = isObj(s.gsdM) ? Object.fromEntries(Object.entries(s.gsdM).map(([k, v]) => [k, figure(v)])) : s.gsdM
      const bands = Array.isArray(s.bands)
        ? s.bands
            .map((b) =>
              typeof b === 'string' ? render(b, 'optional') : isObj(b) ? { ...b, name: text(b.name, 'name'), count: figure(b.count) } : b,
            )
            .filter((b) => b !== undefined)
        : s.bands
      // the sensor's note is a research note, not page text
      const { note: _note, ...rest } = s
      return { ...rest, name: text(s.name, 'name'), type: text(s.type, 'optional'), gsdM: gsd, swathKm: figure(s.swathKm), bands }
    })
  if (Array.isArray(f.unconfirmed)) out.unconfirmed = f.unconfirmed.map((u) => text(u, 'optional')).filter((u) => typeof u === 'string')
  return out
}

/** A text that needs a Chinese wording: one with a word in Latin letters beyond designations and units. */
function needsChinese(text: string): boolean {
  return /[a-z]{2,}/.test(text.replace(/\b(nm|km|µm|mm|cm|GHz|min)\b/g, ''))
}

/** Fields of an entry that are notes for the data's maintainers or duplicates: never stored, never shown. */
const INTERNAL_FIELDS = ['provenance', 'noradIds', 'launchDates'] as const

/** The web addresses an entry cites as its sources (not its provenance). */
export function sourceUrls(f: Obj): string[] {
  return Array.isArray(f.sources) ? [...new Set(f.sources.flatMap((s) => (typeof s === 'string' ? urlsIn(s) : [])))] : []
}

/**
 * The entry as the portal's Chinese pages show it (stored as the facts of `satellite`): every
 * descriptive text in Chinese from `zh`, the summary (`summaryZh`) as `summary`; a figure or value given as text without a Chinese wording becomes
 * 待核实, an optional text without one is left out, designations stay; the sources become named
 * references (publisher, title, address; `references`), a source without a name is left out.
 * The maintainers' notes are never carried: `provenance` (the mirrors the facts were read from),
 * the members' notes and TLE origin (the launch caveat, Beijing time, is derived from the note
 * first), the sensors' research notes, and the duplicate lists `noradIds` and `launchDates`.
 * Numbers are unchanged.
 */
export function chineseFacts<T extends Obj>(f: T, zh: ChineseTexts, references: ReferenceNames): Obj {
  const out = mapTexts(f, (text, kind) => {
    const chinese = zh[text]
    if (chinese !== undefined) return chinese
    if (kind === 'name' || !needsChinese(text)) return text
    return kind === 'value' ? UNCONFIRMED_ZH : undefined
  })
  return shownFacts(f, out, typeof f.summaryZh === 'string' ? f.summaryZh : undefined, references)
}

/**
 * The entry as an English page shows it (stored as facts_en): the descriptive texts as
 * satellites.json gives them, in English, except the curation notes reworded in `en.texts`; the
 * summary written for the slug (the Chinese one where none is written); the sources named in
 * English (`references`, references.en.json). Otherwise as chineseFacts: no maintainers' notes.
 */
export function englishFacts<T extends Obj>(f: T, en: EnglishTexts, references: ReferenceNames): Obj {
  const out = mapTexts(f, (text) => en.texts[text] ?? text)
  const summary = (typeof f.slug === 'string' ? en.summaries[f.slug] : undefined) ?? f.summaryZh
  return shownFacts(f, out, typeof summary === 'string' ? summary : undefined, references)
}

/** What both languages do after the texts: the summary, no maintainers' notes, launch caveats, named sources. */
function shownFacts(f: Obj, out: Obj, summary: string | undefined, references: ReferenceNames): Obj {
  if (out.membersNote === undefined) delete out.membersNote
  delete out.summaryZh
  if (summary !== undefined) out.summary = summary
  for (const field of INTERNAL_FIELDS) delete out[field]
  const members = Array.isArray(out.members) ? out.members.filter(isObj) : []
  out.members = members.map(({ note, tleSource: _tleSource, ...member }) => {
    const caveat = launchCaveat(member.launchDate, note)
    return caveat ? { ...member, launchCaveat: caveat } : member
  })
  const recorded = members as unknown as RecordedMember[]
  out.sources = sourceUrls(f)
    .map((url) => nameReference(url, references, recorded))
    .filter((r): r is SourceReference => r !== undefined)
  return out
}

/** The descriptive texts of the entries that need a Chinese wording and have none in `zh` (a revised facts file needs them). */
export function missingChineseTexts(facts: readonly Obj[], zh: ChineseTexts): string[] {
  const missing = new Set<string>()
  for (const f of facts)
    mapTexts(f, (text, kind) => {
      if (zh[text] === undefined && kind !== 'name' && needsChinese(text)) missing.add(text)
      return text
    })
  return [...missing]
}
