import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseSatelliteFacts as factsOf } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { readReferenceNames, SATELLITE_DATA_DIR } from '../../db/reference-data'
import { type ChineseTexts, chineseFacts } from '../../db/satellite-data'

const entries = JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as Array<Record<string, unknown>>
const zh = (JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.zh.json'), 'utf8')) as { texts: ChineseTexts }).texts
const references = readReferenceNames()

describe('parseSatelliteFacts: the data as the detail answer of the contract', () => {
  it.each(entries.map((e) => [e.slug, e]))('reads the stored facts of %s as the contract types them', (_slug, entry) => {
    const facts = factsOf(chineseFacts(entry, zh, references))
    expect(facts.slug).toBe(entry.slug)
    expect(facts.members.length).toBe((entry.members as unknown[]).length)
  })

  it('leaves out nulls and the fields the contract does not name', () => {
    const facts = factsOf({
      ...entries[0],
      sources: [],
      provenance: ['https://mirror.example/page'],
      noradIds: [1],
      members: [{ name: 'X-1', launchDate: null, tleSource: null }],
      sensors: [{ name: 'PMS', type: 'optical' }],
    })
    expect(facts.members).toEqual([{ name: 'X-1' }])
    expect(facts.sensors).toEqual([{ name: 'PMS', type: 'optical', bands: [], gsdM: {} }])
    expect(facts).not.toHaveProperty('noradIds')
    expect(facts).not.toHaveProperty('provenance')
  })

  it('refuses an entry that does not fit the contract', () => {
    expect(() => factsOf({ ...entries[0], members: [{ noradId: 'many' }] })).toThrow()
    // sources as bare web addresses, as the data file gives them, are not the answer's named references
    expect(() => factsOf(entries[0])).toThrow()
    expect(() => factsOf({ slug: 'x' })).toThrow()
  })
})
