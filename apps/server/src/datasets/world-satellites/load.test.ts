import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readReferenceNames } from '../../db/reference-data'
import type { SatelliteFacts } from '../../db/satellite-data'
import { csvRecords, derivePlannedMissions, deriveWorldSatellites, parseCsv, readPlannedMissionTexts, WORLD_DATA_DIR } from './load'

const ucsText = readFileSync(path.join(WORLD_DATA_DIR, 'ucs-earth-observation.csv'), 'utf8')
const planText = readFileSync(path.join(WORLD_DATA_DIR, 'planned-missions.csv'), 'utf8')
const facts = JSON.parse(readFileSync(path.resolve(WORLD_DATA_DIR, '../satellites/satellites.json'), 'utf8')) as SatelliteFacts[]
const rows = deriveWorldSatellites(ucsText, facts)
const byName = (prefix: string) => rows.filter((r) => r.name.startsWith(prefix))

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b,c\n"x, y","say ""hi""","two\nlines"\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
    ])
  })

  it('reads CRLF, a BOM, empty fields, a missing last line end and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n,2\r\n\r\n3,""')).toEqual([
      ['a', 'b'],
      ['', '2'],
      ['3', ''],
    ])
  })

  it('refuses broken quoting', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/quote not closed/i)
    expect(() => parseCsv('a,b"c"\n')).toThrow(/invalid opening quote/i)
    expect(() => parseCsv('"a"b,c\n')).toThrow(/invalid closing quote/i)
  })

  it('checks the header and the width of every row', () => {
    expect(() => csvRecords('x,y\n1,2\n', ['x', 'z'], 'f.csv')).toThrow(/header/)
    expect(() => csvRecords('x,y\n1,2,3\n', ['x', 'y'], 'f.csv')).toThrow(/row 2: 3 fields/)
    expect(csvRecords('x,y\n1, 2 \n', ['x', 'y'], 'f.csv')).toEqual([{ x: '1', y: '2' }])
  })
})

describe('deriveWorldSatellites on the UCS file', () => {
  it('reads all 1,292 rows with unique NORAD numbers', () => {
    expect(rows).toHaveLength(1292)
    expect(new Set(rows.map((r) => r.norad_number)).size).toBe(1292)
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1))
  })

  it('keeps the quoted names whole', () => {
    expect(rows.find((r) => r.norad_number === 47237)?.name).toBe('Advanced Orion 10 (Mentor, NRO L-44, USA 311)')
  })

  it('handles the known typos of the source', () => {
    const ner = byName('NeR')[0]
    expect(ner?.country_of_operator_owner).toBe('Sinapore')
    expect(ner?.operator_country).toBe('Singapore')
    const nusat31 = byName('ÑuSat-31')[0]
    expect(nusat31?.class_of_orbit).toBe('LEo')
    expect(nusat31?.orbit_class).toBe('LEO')
    const cicero = byName('Cicero-8')[0]
    expect(cicero).toMatchObject({ date_of_launch: '2018-11-29', launch_year: 2018, launch_date_note: 'repaired: "11/29/018"' })
    const blackSky = byName('BlackSky Global 5')[0]
    expect(blackSky).toMatchObject({ date_of_launch: null, launch_year: 2023, launch_date_note: 'yearFromCospar: ""' })
    expect(rows.filter((r) => r.launch_date_note !== null)).toHaveLength(2)
    expect(rows.every((r) => r.launch_year !== null)).toBe(true)
  })

  it('counts as the data README does: China exactly 348, 2022 launches 183, 12 Taiwan', () => {
    expect(rows.filter((r) => r.country_of_operator_owner === 'China')).toHaveLength(348)
    expect(rows.filter((r) => r.operator_country === 'China')).toHaveLength(348)
    expect(rows.filter((r) => r.country_of_operator_owner.includes('China'))).toHaveLength(352)
    expect(rows.filter((r) => r.launch_year === 2022)).toHaveLength(183)
    expect(rows.filter((r) => r.operator_country === 'Taiwan')).toHaveLength(12)
  })

  it('gives the category counts documented in classify.ts', () => {
    const counts: Record<string, number> = {}
    for (const r of rows) counts[r.category] = (counts[r.category] ?? 0) + 1
    expect(counts).toEqual({
      optical: 569,
      hyperspectral: 23,
      radar: 121,
      meteorology: 54,
      earthScience: 103,
      weatherAis: 134,
      ais: 25,
      sigint: 142,
      other: 9,
      unspecified: 112,
    })
    expect(rows.filter((r) => r.remote_sensing)).toHaveLength(569 + 23 + 121)
    expect(rows.filter((r) => r.operator_owner === 'Spire Global Inc.').every((r) => r.category === 'weatherAis')).toBe(true)
  })

  it('counts combined users as mixed', () => {
    const mixed = rows.filter((r) => r.user_group === 'mixed')
    expect(mixed).toHaveLength(38)
    expect(mixed.every((r) => r.users.includes('/'))).toBe(true)
  })

  it('takes resolution from the satellite facts for the members it can match by NORAD number', () => {
    const matched = rows.filter((r) => r.resolution_class !== null)
    expect(matched).toHaveLength(134)
    expect(matched.every((r) => r.series_slug !== null)).toBe(true)
    expect(rows.find((r) => r.norad_number === 40118)).toMatchObject({
      name: 'Gaofen 2',
      series_slug: 'gf2',
      resolution_m: 1,
      resolution_class: 1,
    })
    // ICESat-2's facts give no ground resolution: class 4, no metres
    expect(rows.find((r) => r.norad_number === 43613)).toMatchObject({ series_slug: 'icesat2', resolution_m: null, resolution_class: 4 })
    expect(rows.filter((r) => r.series_slug === null).every((r) => r.resolution_class === null && r.resolution_m === null)).toBe(true)
  })

  it('refuses a file with a repeated NORAD number or an unreadable number', () => {
    const [header, first] = ucsText.split('\n')
    expect(() => deriveWorldSatellites(`${header}\n${first}\n${first}\n`, facts)).toThrow(/twice/)
    const broken = first?.replace(/,22,2019-12-11,/, ',twenty,2019-12-11,')
    expect(broken).not.toBe(first)
    expect(() => deriveWorldSatellites(`${header}\n${broken}\n`, facts)).toThrow(/launch_mass_kg/)
  })
})

describe('derivePlannedMissions', () => {
  const texts = readPlannedMissionTexts()
  const references = readReferenceNames()
  const referencesEn = readReferenceNames(undefined, 'en-US')

  it('reads the 15 rows with categories, periods and satellite counts', () => {
    const plans = derivePlannedMissions(planText, texts, references, referencesEn)
    expect(plans).toHaveLength(15)
    expect(plans.reduce((n, p) => n + p.satellites, 0)).toBe(25)
    expect(plans[0]).toMatchObject({
      name: 'Fengyun-3F (FY-3F)',
      period_key: '2023',
      portal_category: 'meteorology',
      source_date: '2023-02-22',
    })
    expect(plans.find((p) => p.name.startsWith('Fengyun-3H'))).toMatchObject({ period_key: '2023-2025', source_date: null })
    expect(plans.filter((p) => p.period_key === 'by-2025').map((p) => p.satellites)).toEqual([1, 4, 3, 6])
    expect(plans.every((p) => p.country === 'China')).toBe(true)
  })

  it('gives each row its Chinese name and period and its source named, and keeps no curation note', () => {
    const plans = derivePlannedMissions(planText, texts, references, referencesEn)
    expect(plans[0]).toMatchObject({
      name_zh: '风云三号F星',
      planned_year_zh: '2023 年（原定 8 月）',
      source_publisher: '新华网（英文版）',
      source_title: expect.stringMatching(/风云/),
      source_publisher_en: 'Xinhua (English)',
      source_title_en: expect.stringMatching(/Fengyun/),
    })
    for (const p of plans) {
      expect(p.name_zh, p.name).toMatch(/^[\p{Script=Han}（）\dA-Z\s]+$/u)
      expect(`${p.source_publisher_en} ${p.source_title_en}`, p.name).not.toMatch(/[\u3400-\u9fff]/)
      expect(Object.keys(p)).not.toContain('note')
      expect(JSON.stringify(p)).not.toMatch(/UCS 5-1-2023|not checked|As above/)
    }
  })

  it('refuses a row without a Chinese name or with a source that has no name', () => {
    const [header, first] = planText.split('\n')
    const renamed = (first as string).replace('Fengyun-3F (FY-3F)', 'Fengyun-3X (FY-3X)')
    expect(() => derivePlannedMissions(`${header}\n${renamed}\n`, texts, references, referencesEn)).toThrow(/Fengyun-3X/)
    const elsewhere = (first as string).replace('https://english.news.cn/', 'https://example.org/')
    expect(() => derivePlannedMissions(`${header}\n${elsewhere}\n`, texts, references, referencesEn)).toThrow(/example\.org/)
  })
})
