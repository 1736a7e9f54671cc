import { readFileSync } from 'node:fs'
import path from 'node:path'
import { TYPICAL_IMAGE_KEYS } from '@rs/shared'
import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { SATELLITE_DATA_DIR } from '../../db/reference-data'
import type { SatelliteFacts } from '../../db/satellite-data'
import { withLocale } from '../../lib/locale'
import { escapeXml } from '../../lib/xml'
import { TYPICAL_IMAGE_CONTENT, typicalImageContent } from './typical-images.content'
import { illustration } from './typical-images.illustration'

const facts = new Map(
  (JSON.parse(readFileSync(path.join(SATELLITE_DATA_DIR, 'satellites.json'), 'utf8')) as SatelliteFacts[]).map((f) => [f.slug, f]),
)
const numbersIn = (text: string) => text.match(/\d+(?:\.\d+)?/g) ?? []

describe('typical-image content', () => {
  it('describes the 12 samples of SPEC §2 with figures taken only from the facts', () => {
    expect(Object.keys(TYPICAL_IMAGE_CONTENT).sort()).toEqual([...TYPICAL_IMAGE_KEYS].sort())
    for (const key of TYPICAL_IMAGE_KEYS) {
      const c = TYPICAL_IMAGE_CONTENT[key]
      const known = JSON.stringify(facts.get(c.slug))
      expect(facts.has(c.slug), key).toBe(true)
      const written = [c.title, c.shows, c.howTaken, ...c.figures.map(([, v]) => v), JSON.stringify(c.scene)].join(' ')
      for (const n of numbersIn(written)) expect(known, `${key}: ${n}`).toContain(n)
    }
  })

  it('says the same in English, with figures taken only from the facts and no Chinese', () => {
    for (const key of TYPICAL_IMAGE_KEYS) {
      const zh = TYPICAL_IMAGE_CONTENT[key]
      const en = typicalImageContent(key, 'en-US')
      expect(
        en.figures.map(([label]) => label),
        key,
      ).toEqual(zh.figures.map(([label]) => label))
      expect(en.scene.kind, key).toBe(zh.scene.kind)
      const written = [
        en.satellite,
        en.sensor,
        en.title,
        en.shows,
        en.howTaken,
        ...en.figures.map(([, v]) => v),
        JSON.stringify(en.scene),
      ].join(' ')
      expect(written, key).not.toMatch(/[\u3400-\u9fff\uff00-\uffef]/)
      const known = JSON.stringify(facts.get(en.slug))
      for (const n of numbersIn(written)) expect(known, `${key}: ${n}`).toContain(n)
    }
  })
})

describe('illustrations', () => {
  it.each(TYPICAL_IMAGE_KEYS)('draws %s as well-formed SVG titled as an illustration, without scripts or links', (key) => {
    const { svg, version } = illustration(key)
    const errors: string[] = []
    const doc = new DOMParser({ onError: (level, message) => level !== 'warning' && errors.push(message) }).parseFromString(
      svg,
      'image/svg+xml',
    )
    expect(errors).toEqual([])
    const root = doc.documentElement
    expect(root?.getAttribute('viewBox')).toBe('0 0 960 600')
    expect(svg).toContain('示意图（非真实影像）')
    expect(svg).toContain(escapeXml(TYPICAL_IMAGE_CONTENT[key].title))
    expect(svg).not.toMatch(/<script|href=|javascript:|<foreignObject|@import|url\(http/i)
    expect(svg.length).toBeLessThan(150_000)
    expect(version).toMatch(/^i[0-9a-f]{12}$/)
    expect(illustration(key).svg).toBe(svg)
  })

  it.each(TYPICAL_IMAGE_KEYS)('draws %s in English for an English caller, with no Chinese', (key) => {
    const { svg, version } = withLocale('en-US', () => illustration(key))
    expect(svg).toContain('Illustration (not a real image)')
    expect(svg).toContain(escapeXml(typicalImageContent(key, 'en-US').title))
    // the font stack names the CJK fonts; the drawing's texts are English
    expect(svg.replace(/font-family="[^"]*"/, '')).not.toMatch(/[\u3400-\u9fff\uff00-\uffef]/)
    expect(version).not.toBe(illustration(key).version)
  })

  it('draws the chosen view of a stereo camera in its own colour', () => {
    expect(illustration('zy3-fwd').svg).not.toBe(illustration('zy3-bwd').svg)
    expect(illustration('gf7-fwd').svg).toContain('激光测高')
    expect(illustration('lsar-2').svg).toContain('跟飞')
  })
})
