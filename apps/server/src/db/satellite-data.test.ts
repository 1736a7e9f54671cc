import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ChineseTexts, chineseFacts, missingChineseTexts, type SatelliteFacts } from './satellite-data'

const DIR = path.resolve(import.meta.dirname, '../../../../data/satellites')
const facts = JSON.parse(readFileSync(path.join(DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]
const zh = (JSON.parse(readFileSync(path.join(DIR, 'satellites.zh.json'), 'utf8')) as { texts: ChineseTexts }).texts

/**
 * The texts a satellite page shows as they are (codes such as category and status are named by the
 * page's messages; the members' notes are read for the launch caveat only; the English name is labelled as such).
 */
const NOT_SHOWN_AS_IS = new Set([
  'note',
  'tleSource',
  'sources',
  'nameEn',
  'launchDates',
  'noradIds',
  'slug',
  'category',
  'status',
  'country',
])
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
      const shown = chineseFacts(f, zh)
      for (const text of shownTexts(shown)) expect(ENGLISH.test(text), `${f.slug}: ${text}`).toBe(false)
    }
    // the file as given has English prose, so the check can fail
    expect(shownTexts(facts.find((f) => f.slug === 'zy102c') as SatelliteFacts).some((t) => ENGLISH.test(t))).toBe(true)
  })

  it('keeps the numbers and designations, drops the sensors notes and lists the sources as web addresses', () => {
    const jl1 = chineseFacts(facts.find((f) => f.slug === 'jl1') as SatelliteFacts, zh)
    expect((jl1.sources as string[]).every((s) => /^https?:\/\/\S+$/.test(s))).toBe(true)
    expect(jl1.sources).toContain('https://planet4589.org/space/con/jil/table.ppf')
    expect(jl1.sensors.every((s) => !('note' in s))).toBe(true)
    expect(jl1.membersNote).toMatch(/^本表不完整/)
    const gf1 = chineseFacts(facts.find((f) => f.slug === 'gf1') as SatelliteFacts, zh)
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
    const shown = chineseFacts(entry, zh)
    expect(shown.operator).toBe('待核实')
    expect(shown.unconfirmed).toEqual(['运营单位'])
    expect('membersNote' in shown).toBe(false)
    expect(missingChineseTexts([entry], zh)).toEqual(['Some agency nobody translated', 'an untranslated note', 'a new unconfirmed figure'])
  })
})
