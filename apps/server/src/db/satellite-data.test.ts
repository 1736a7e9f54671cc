import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseSatelliteFacts } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { readReferenceNames } from './reference-data'
import {
  type ChineseTexts,
  chineseFacts as chineseEntry,
  type EnglishTexts,
  englishFacts,
  launchCaveat,
  missingChineseTexts,
  type SatelliteFacts,
  sourceUrls,
} from './satellite-data'
import { missingReferences, nameReference } from './source-references'

const DIR = path.resolve(import.meta.dirname, '../../../../data/satellites')
const facts = JSON.parse(readFileSync(path.join(DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]
const zh = (JSON.parse(readFileSync(path.join(DIR, 'satellites.zh.json'), 'utf8')) as { texts: ChineseTexts }).texts
const references = readReferenceNames(DIR)
/** An entry as the loader stores it and the detail API gives it. */
const chineseFacts = (f: Record<string, unknown>, texts: ChineseTexts = zh) => parseSatelliteFacts(chineseEntry(f, texts, references))

/**
 * The texts a satellite page shows as they are (codes such as category and status are named by the
 * page's messages; the English name is labelled as such; the named sources are checked on their own).
 */
const NOT_SHOWN_AS_IS = new Set(['sources', 'nameEn', 'slug', 'category', 'status', 'country', 'launchCaveat'])
function shownTexts(f: Record<string, unknown>): string[] {
  const out: string[] = []
  const walk = (v: unknown, key: string) => {
    if (NOT_SHOWN_AS_IS.has(key)) return
    if (typeof v === 'string') out.push(v)
    else if (Array.isArray(v)) for (const x of v) walk(x, key)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k)
  }
  walk(f, '')
  return out
}

/** An English word: a run of lower-case Latin letters that is no unit (names are capitalised: 'Landsat', 'Hyperion'). */
const ENGLISH = /(?<!\p{L})(?!(?:nm|km|min|mm|cm)(?!\p{L}))[a-z]{3,}(?!\p{L})/u

describe('satellite facts in Chinese', () => {
  it('has a Chinese wording for every descriptive text of satellites.json', () => {
    expect(missingChineseTexts(facts, zh)).toEqual([])
  })

  it('leaves no English prose in any text a page shows, for all 43 series', () => {
    expect(facts).toHaveLength(43)
    for (const f of facts) {
      const shown = chineseFacts(f)
      for (const text of shownTexts(shown)) expect(ENGLISH.test(text), `${f.slug}: ${text}`).toBe(false)
    }
    // the file as given has English prose, so the check can fail
    expect(shownTexts(facts.find((f) => f.slug === 'zy102c') as SatelliteFacts).some((t) => ENGLISH.test(t))).toBe(true)
  })

  it('keeps the numbers and designations, drops the sensors notes and names the sources', () => {
    const jl1 = chineseFacts(facts.find((f) => f.slug === 'jl1') as SatelliteFacts)
    expect(jl1.sources.every((s) => /^https?:\/\/\S+$/.test(s.url))).toBe(true)
    expect(jl1.sources).toContainEqual({
      publisher: '乔纳森·麦克道尔航天器编目',
      title: '吉林一号星座卫星列表',
      url: 'https://planet4589.org/space/con/jil/table.ppf',
    })
    expect(jl1.sources).toContainEqual({
      publisher: 'CelesTrak',
      title: 'JILIN-1 SHIPIN 1 卫星编目记录（NORAD 40959）',
      url: 'https://celestrak.org/satcat/records.php?CATNR=40959',
    })
    expect(jl1.sensors.every((s) => !('note' in s))).toBe(true)
    expect(jl1.membersNote).toMatch(/^本表只列出部分成员/)
    const gf1 = chineseFacts(facts.find((f) => f.slug === 'gf1') as SatelliteFacts)
    const original = facts.find((f) => f.slug === 'gf1') as SatelliteFacts
    expect(gf1.members.map((m) => [m.name, m.noradId, m.launchDate])).toEqual(
      original.members.map((m) => [m.name, m.noradId, m.launchDate]),
    )
    expect(gf1.sensors.map((s) => s.gsdM)).toEqual(original.sensors.map((s) => s.gsdM))
    expect(gf1.operator).toBe('国家航天局 / 高分专项（对地观测系统与数据中心）')
  })

  it('shows 待核实 for a value without a Chinese wording and leaves out an optional text', () => {
    const entry = {
      ...(facts[0] as SatelliteFacts),
      operator: 'Some agency nobody translated',
      unconfirmed: ['a new unconfirmed figure', 'operator'],
      membersNote: 'an untranslated note',
    }
    const shown = chineseFacts(entry)
    expect(shown.operator).toBe('待核实')
    expect(shown.unconfirmed).toEqual(['运营单位'])
    expect('membersNote' in shown).toBe(false)
    expect(missingChineseTexts([entry], zh)).toEqual(['Some agency nobody translated', 'an untranslated note', 'a new unconfirmed figure'])
  })
})

describe('what a page never carries', () => {
  it('names every cited page: a publisher and a Chinese title for each of the 43 series', () => {
    expect(missingReferences(facts.flatMap(sourceUrls), references)).toEqual([])
    for (const f of facts) {
      const shown = chineseFacts(f)
      expect(shown.sources.length, f.slug).toBe(sourceUrls(f).length)
      expect(shown.sources.length, f.slug).toBeGreaterThanOrEqual(2)
      for (const s of shown.sources) expect(s.title, s.url).toMatch(/\p{Script=Han}/u)
    }
  })

  it('carries no provenance, member notes, TLE origins or sensor notes, and none of their texts', () => {
    for (const f of facts) {
      const raw = f as SatelliteFacts & { provenance?: string[] }
      const internal = [
        ...(raw.provenance ?? []),
        ...f.members.flatMap((m) => [(m as { note?: string }).note, (m as { tleSource?: string }).tleSource]),
        ...f.sensors.map((s) => (s as { note?: string }).note),
        // short notes ('H-IIA', 'Vega') are also facts the summaries state; the longer ones are the maintainers' sentences
      ].filter((t): t is string => typeof t === 'string' && t.length >= 20)
      const stored = JSON.stringify(chineseEntry(f, zh, references))
      for (const key of ['provenance', 'tleSource', 'noradIds', 'launchDates', '"note"']) expect(stored, f.slug).not.toContain(key)
      for (const text of internal) expect(stored, `${f.slug}: ${text}`).not.toContain(text)
    }
    // the file as given has them, so the check can fail
    expect((facts.find((f) => f.slug === 'zy102d') as { provenance?: string[] }).provenance?.length).toBeGreaterThan(0)
  })

  it('leaves out a source that has no name rather than showing its address', () => {
    const first = facts[0] as SatelliteFacts
    const entry = { ...first, sources: ['https://unknown.example/page', ...(first.sources as string[])] }
    expect(chineseFacts(entry).sources.map((s) => s.url)).not.toContain('https://unknown.example/page')
    expect(missingReferences(['https://unknown.example/page'], references)).toEqual(['https://unknown.example/page'])
    expect(nameReference('ftp://celestrak.org/x', references)).toBeUndefined()
  })
})

describe('launchCaveat', () => {
  it('reads the Beijing-time notes of the facts', () => {
    expect(launchCaveat('2015-12-29', 'launched 00:04 BJT (2015-12-28 16:04 UTC), Xichang')).toEqual({
      kind: 'beijingEarly',
      utcDate: '2015-12-28',
    })
    expect(launchCaveat('2022-01-01', 'launched 07:44 BJT = 2022-02-26 23:44 UTC')).toEqual({ kind: 'beijingEarly', utcDate: '2021-12-31' })
    expect(launchCaveat('2019-11-03', 'launched 11:22 BJT Taiyuan CZ-4B')).toEqual({ kind: 'beijing' })
    expect(launchCaveat('2022-01-26', 'launch date as reported in Beijing time; UTC date may be 2022-01-25')).toEqual({
      kind: 'beijingMaybe',
      utcDate: '2022-01-25',
    })
    expect(launchCaveat('2008-09-06', '18:50:57 UTC, Delta II')).toBeUndefined()
    expect(launchCaveat('2008-09-06', undefined)).toBeUndefined()
  })

  it('gives the members their caveat in place of their note', () => {
    const gf4 = chineseFacts(facts.find((f) => f.slug === 'gf4') as SatelliteFacts)
    expect(gf4.members[0]?.launchCaveat).toEqual({ kind: 'beijingEarly', utcDate: '2015-12-28' })
  })
})

describe('englishFacts', () => {
  const en = JSON.parse(readFileSync(path.join(DIR, 'satellites.en.json'), 'utf8')) as EnglishTexts
  const referencesEn = readReferenceNames(DIR, 'en-US')

  it('gives every series in English: its summary, its own English texts, no maintainers’ notes, every source named', () => {
    for (const f of facts) {
      const shown = parseSatelliteFacts(englishFacts(f, en, referencesEn))
      const text = JSON.stringify({ ...shown, nameZh: undefined })
      expect(text, f.slug).not.toMatch(/[\u3400-\u9fff]/)
      expect(shown.summary, f.slug).toBe(en.summaries[f.slug])
      expect(shown.operator, f.slug).toBe(en.texts[f.operator] ?? f.operator)
      expect(text, f.slug).not.toMatch(/provenance|tleSource|PARTIAL list|brief asked/)
      expect(shown.sources.length, f.slug).toBe(sourceUrls(f).length)
      expect(
        shown.members.map((m) => m.name),
        f.slug,
      ).toEqual(f.members.map((m) => m.name))
    }
  })
})
