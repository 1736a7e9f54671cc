import type { Pass } from '@rs/shared'
import { createTranslator } from '@rs/shared'
import geographiclib from 'geographiclib-geodesic'
import { describe, expect, it } from 'vitest'
import { passCalendar } from './calendar'
import { foldIcsLine, passesCsv, passesIcs, passTable } from './pass-export'
import { destination, splitAtAntimeridian, swathRing } from './pass-geometry'

const t = createTranslator('zh-CN')
const pass = (over: Partial<Pass>): Pass => ({
  noradId: 39150,
  satellite: 'GF-1 01',
  slug: 'gf1',
  kind: 'optical',
  sensor: 'WFV1/WFV2/WFV3/WFV4',
  swathKm: 800,
  maxRollDeg: 30,
  start: '2026-06-14T02:30:00.000Z',
  end: '2026-06-14T02:32:10.000Z',
  reachKm: 770,
  closestKm: 12.345,
  closestTime: '2026-06-14T02:31:00.000Z',
  rollDeg: 0,
  sunElevationDeg: 65.43,
  direction: 'descending',
  altitudeKm: 645,
  subPoint: [116.3, 39.9],
  ...over,
})

describe('pass exports', () => {
  it('writes Beijing times and Chinese headers', async () => {
    const table = passTable([pass({})], t)
    expect(table[0]).toEqual([
      '卫星',
      '传感器',
      '开始时间',
      '结束时间',
      '时长（秒）',
      '最近距离（千米）',
      '最近时刻',
      '所需侧摆角（°）',
      '太阳高度角（°）',
      '升降轨',
    ])
    expect(table[1]).toEqual([
      'GF-1 01',
      'WFV1/WFV2/WFV3/WFV4',
      '2026-06-14 10:30:00',
      '2026-06-14 10:32:10',
      130,
      12.3,
      '2026-06-14 10:31:00',
      0,
      65.4,
      '降轨',
    ])
    const csv = await passesCsv([pass({})], t)
    expect(csv.startsWith('\uFEFF卫星,传感器')).toBe(true)
  })

  it('writes an iCalendar event per pass with UTC times and folded lines', () => {
    const ics = passesIcs(
      [pass({}), pass({ start: '2026-06-15T02:00:00.000Z', end: '2026-06-15T02:01:00.000Z' })],
      t,
      new Date('2026-06-01T00:00:00Z'),
    )
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(ics).toContain('DTSTART:20260614T023000Z\r\n')
    expect(ics).toContain('DTEND:20260614T023210Z\r\n')
    expect(ics).toContain('SUMMARY:GF-1 01 WFV1/WFV2/WFV3/WFV4 过境')
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    // unfolding gives the description back, its separators escaped
    const unfolded = ics.replace(/\r\n /g, '')
    expect(unfolded).toContain('DESCRIPTION:卫星：GF-1 01\\n传感器：WFV1/WFV2/WFV3/WFV4\\n开始时间：2026-06-14 10:30:00')
  })

  it('folds at 75 octets without cutting a character', () => {
    const folded = foldIcsLine(`SUMMARY:${'过境'.repeat(40)}`)
    const parts = folded.split('\r\n')
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(`SUMMARY:${'过境'.repeat(40)}`)
  })
})

describe('acquisition calendar', () => {
  it('counts passes per Beijing day and satellite over the window', () => {
    const passes = [
      pass({ start: '2026-06-14T17:00:00.000Z' }), // 15 June 01:00 in Beijing
      pass({ start: '2026-06-14T02:00:00.000Z' }),
      pass({ satellite: 'LANDSAT 9', noradId: 49260, start: '2026-06-14T03:00:00.000Z' }),
    ]
    const cal = passCalendar(passes, '2026-06-14T00:00:00+08:00', '2026-06-17T00:00:00+08:00')
    expect(cal.days).toEqual(['2026-06-14', '2026-06-15', '2026-06-16'])
    expect(cal.satellites).toEqual(['GF-1 01', 'LANDSAT 9'])
    expect(cal.cells['2026-06-14']?.['GF-1 01']).toHaveLength(1)
    expect(cal.cells['2026-06-15']?.['GF-1 01']).toHaveLength(1)
    expect(cal.cells['2026-06-16']).toEqual({})
  })
})

describe('pass geometry', () => {
  it('offsets a point by a distance on a bearing', () => {
    const p = destination([116, 40], 90, 100)
    const d = (geographiclib.Geodesic.WGS84.Inverse(40, 116, p[1], p[0]).s12 as number) / 1000
    expect(Math.abs(d - 100)).toBeLessThan(0.5)
  })

  it('builds a closed swath strip of the given half width around a track', () => {
    const ring = swathRing(
      [
        [116, 38],
        [116, 39],
        [116, 40],
      ],
      50,
    )
    expect(ring).toHaveLength(7)
    expect(ring[0]).toEqual(ring[6])
    // left of a northbound track is west
    expect((ring[0] as [number, number])[0]).toBeLessThan(116)
    expect((ring[3] as [number, number])[0]).toBeGreaterThan(116)
  })

  it('splits a track where it crosses ±180°', () => {
    expect(
      splitAtAntimeridian([
        [178, 0],
        [179.5, 1],
        [-179, 2],
        [-178, 3],
      ]),
    ).toHaveLength(2)
  })
})
