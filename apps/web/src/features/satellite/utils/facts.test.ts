import { SatelliteFacts } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { GF1_FACTS, LANDSAT_FACTS } from '../test/fixtures'
import { bestResolutionM, daysSince, numbersIn, statusOf, webReferences } from './facts'
import { matchTle } from './tle-match'

describe('the fixtures as the contract types them', () => {
  it('reads a real entry with every field the page shows', () => {
    const facts = SatelliteFacts.parse(GF1_FACTS)
    expect(facts.nameZh).toBe('高分一号卫星')
    expect(facts.members[0]?.orbitFromTle?.ltdnApprox).toBe('10:19')
    expect(facts.sensors[0]?.bands).toHaveLength(5)
    expect(facts.orbit?.revisitDays).toBe('4 (PMS with ±35° roll); 2 (WFV)')
  })

  it('links only named sources with a web address', () => {
    const ref = (url: string, title = '某页') => ({ publisher: '某机构', title, url })
    expect(
      webReferences([ref('ftp://x'), ref('https://ok.example'), ref('javascript:alert(1)'), ref('http://a.b/c'), ref('https://c.d', '')]),
    ).toEqual([ref('https://ok.example'), ref('http://a.b/c')])
  })
})

describe('figures', () => {
  it('finds the best ground resolution in numbers and texts', () => {
    expect(bestResolutionM(SatelliteFacts.parse(GF1_FACTS))).toBe(2)
    expect(bestResolutionM(SatelliteFacts.parse(LANDSAT_FACTS))).toBe(15)
    expect(numbersIn('better than 0.8 (backward best ~0.65 m)')).toEqual([0.8, 0.65])
    expect(numbersIn('SWIR 3.7 m; CAVIS 30 m for WV-3')).toEqual([3.7, 30])
    expect(bestResolutionM({ sensors: [] })).toBeUndefined()
  })

  it('knows three statuses and counts days from an ISO time', () => {
    expect([statusOf('operational'), statusOf('retired'), statusOf('decayed'), statusOf(undefined)]).toEqual([
      'operational',
      'retired',
      'unknown',
      'unknown',
    ])
    expect(daysSince('2026-06-13T21:04:14Z', new Date('2026-06-20T21:04:13Z'))).toBe(6)
    expect(daysSince('soon', new Date())).toBeUndefined()
  })
})

describe('matchTle', () => {
  const tle = (noradId: number, member: string) => ({
    slug: 's',
    member,
    noradId,
    line1: `1 ${noradId}`,
    line2: '2',
    epoch: '2026-06-13T00:00:00Z',
  })

  it('pairs members by NORAD number, then by name, keeps the facts order and colours each', () => {
    const members = [{ name: 'A', noradId: 1 }, { name: 'B' }, { name: 'C', noradId: 3 }, { name: 'D', noradId: 4 }]
    const match = matchTle(members, [tle(4, 'D'), tle(2, 'B'), tle(1, 'A'), tle(99, 'Z')])
    expect(match.tracked.map((m) => [m.name, m.id])).toEqual([
      ['A', '1'],
      ['B', '2'],
      ['D', '4'],
    ])
    expect(new Set(match.tracked.map((m) => m.color)).size).toBe(3)
    expect(match.untracked).toEqual(['C'])
  })
})
