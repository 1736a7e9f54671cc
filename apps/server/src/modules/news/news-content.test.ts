import { readFileSync } from 'node:fs'
import path from 'node:path'
import { NEWS_LIMITS } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { INITIAL_NEWS } from '../../db/news-content'
import { SATELLITE_DATA_DIR } from '../../db/reference-data'
import type { SatelliteFacts } from '../../db/satellite-data'

const facts = new Map(
  (JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]).map((f) => [f.slug, f]),
)

/** Every figure written in digits ("2.5", "35786", "03"). */
const numbersIn = (text: string) => text.match(/\d+(?:\.\d+)?/g) ?? []

describe('initial news articles', () => {
  it('are 14 to 18 articles within the editor limits, 3 to 6 paragraphs each', () => {
    expect(INITIAL_NEWS.length).toBeGreaterThanOrEqual(14)
    expect(INITIAL_NEWS.length).toBeLessThanOrEqual(18)
    for (const a of INITIAL_NEWS) {
      expect(a.title.length, a.title).toBeLessThanOrEqual(NEWS_LIMITS.titleMax)
      expect(a.summary.length, a.title).toBeLessThanOrEqual(NEWS_LIMITS.summaryMax)
      expect(a.source.length, a.title).toBeLessThanOrEqual(NEWS_LIMITS.sourceMax)
      expect(a.paragraphs.length, a.title).toBeGreaterThanOrEqual(3)
      expect(a.paragraphs.length, a.title).toBeLessThanOrEqual(6)
      expect(
        a.paragraphs.every((p) => p.trim().length > 0 && !p.includes('\n')),
        a.title,
      ).toBe(true)
    }
    expect(new Set(INITIAL_NEWS.map((a) => a.title)).size).toBe(INITIAL_NEWS.length)
  })

  it('are dated on a launch of their satellite, with a source of that satellite', () => {
    for (const a of INITIAL_NEWS) {
      const f = facts.get(a.satelliteSlug)
      expect(f, a.satelliteSlug).toBeDefined()
      expect(
        f?.members.map((m) => m.launchDate),
        a.title,
      ).toContain(a.date)
      // the page the article's facts were read from: a cited source, or a repost of one kept as provenance
      const cited = f as SatelliteFacts & { provenance?: string[] }
      expect([...(cited.sources as string[]), ...(cited.provenance ?? [])], a.title).toContain(a.sourceUrl)
    }
  })

  it('give no figure that is not in the facts of their satellite', () => {
    for (const a of INITIAL_NEWS) {
      const known = JSON.stringify(facts.get(a.satelliteSlug))
      for (const n of numbersIn([a.title, a.summary, ...a.paragraphs].join(' '))) expect(known, `${a.title}: ${n}`).toContain(n)
    }
  })

  it('quote nobody', () => {
    for (const a of INITIAL_NEWS) expect(a.paragraphs.join(''), a.title).not.toMatch(/(说|表示|介绍|指出)[：:，,]?“/)
  })
})
