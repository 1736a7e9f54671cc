import { readFileSync } from 'node:fs'
import path from 'node:path'
import { SATELLITE_ANALYSIS_PAGES } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv, WORLD_DATA_DIR } from '../../datasets/world-satellites/load'
import { SATELLITE_DATA_DIR } from '../../db/reference-data'
import { createTestContext, getData, type TestContext } from '../../test/test-context'

/*
 * The data files keep notes for their maintainers (data/satellites/README.md, data/satellites-world/
 * README.md): `provenance` (the mirrors facts were read from), the members' `note` and `tleSource`,
 * the sensors' `note`, the English `membersNote` and `unconfirmed` (shown only in our Chinese
 * wording) and the planned missions' `curation_note`. None of them may reach a visitor.
 */

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

type Entry = Record<string, unknown> & { slug: string }
const entries = JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as Entry[]
const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : [])
const objects = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : []

/** The maintainers' texts of the data files. Short ones ('H-IIA', 'As above.') are left out: they also occur as plain facts. */
function internalTexts(): string[] {
  const texts = entries.flatMap((e) => [
    ...strings(e.provenance),
    ...strings(e.membersNote),
    ...strings(e.unconfirmed),
    ...objects(e.members).flatMap((m) => strings([m.note, m.tleSource])),
    ...objects(e.sensors).flatMap((s) => strings(s.note)),
  ])
  const [header, ...rows] = parseCsv(readFileSync(path.join(WORLD_DATA_DIR, 'planned-missions.csv'), 'utf8'))
  const column = header?.indexOf('curation_note') ?? -1
  expect(column, 'planned-missions.csv has its curation_note column').toBeGreaterThanOrEqual(0)
  texts.push(...rows.map((r) => r[column] ?? ''))
  return [...new Set(texts)].filter((t) => t.length >= 16)
}

/** Keys that name a maintainers' note, anywhere in an answer. */
const INTERNAL_KEYS = ['provenance', 'curation_note', 'curationNote', 'tleSource', 'noradIds', 'launchDates']

function keysOf(value: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) keysOf(v, `${path}[${i}]`, out)
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(`${path}.${k}`)
      keysOf(v, `${path}.${k}`, out)
    }
  return out
}

describe('GET /api/satellite/* and /api/satellite/analysis: no internal notes', () => {
  it('no satellite or analysis answer carries provenance, curation notes or the maintainers’ notes', async () => {
    const internal = internalTexts()
    // the data hold such notes (the check can fail): every series' provenance, the plans' notes
    expect(internal.length).toBeGreaterThan(200)

    const answers: Array<[string, unknown]> = []
    for (const url of [
      '/api/satellite/list',
      '/api/satellite/catalogue',
      '/api/satellite/sensors',
      '/api/satellite/tle',
      '/api/satellite/events?limit=100',
    ])
      answers.push([url, await getData(ctx, url)])
    for (const e of entries) answers.push([e.slug, await getData(ctx, `/api/satellite/detail?slug=${e.slug}`)])
    for (const page of SATELLITE_ANALYSIS_PAGES) answers.push([page, await getData(ctx, `/api/satellite/analysis?page=${page}`)])
    expect(answers).toHaveLength(5 + 43 + 6)

    const found: string[] = []
    for (const [name, answer] of answers) {
      const text = JSON.stringify(answer)
      for (const key of keysOf(answer)) {
        const last = key.slice(key.lastIndexOf('.') + 1)
        // a figure's `note` is the page's own Chinese sentence; a note of a member, sensor or row is the maintainers'
        const isNote = last === 'note' && /(members|sensors|rows)\[\d+\]\.note$/.test(key)
        if (INTERNAL_KEYS.includes(last) || isNote) found.push(`${name}: key ${key}`)
      }
      for (const t of internal) if (text.includes(t)) found.push(`${name}: "${t.slice(0, 60)}"`)
      for (const marker of ['GCAT', 'UCS 5-1-2023', 'not checked', 'mirror']) if (text.includes(marker)) found.push(`${name}: ${marker}`)
    }
    expect(found).toEqual([])
  })

  it('names every source of a satellite page: publisher and title in Chinese, and a web address', async () => {
    for (const e of entries) {
      const facts = await getData(ctx, `/api/satellite/detail?slug=${e.slug}`)
      expect(facts.sources.length, e.slug).toBeGreaterThanOrEqual(2)
      for (const s of facts.sources as Array<{ publisher: string; title: string; url: string }>) {
        expect(s.url, e.slug).toMatch(/^https?:\/\/\S+$/)
        expect(s.publisher.length, s.url).toBeGreaterThan(1)
        expect(s.title, s.url).toMatch(/\p{Script=Han}/u)
        expect(strings(e.provenance), s.url).not.toContain(s.url)
      }
    }
  })
})
