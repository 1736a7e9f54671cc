import { tZh } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { type Condition, FilterError, type Queryable } from './ast'
import { parseCql2Json } from './cql2-json'
import { parseCql2Text } from './cql2-text'

const Q: Queryable[] = [
  { name: 'eo:cloud_cover', type: 'number', title: '云量' },
  { name: 'platform', type: 'string', title: '卫星' },
  { name: 'instruments', type: 'string', array: true, title: '传感器' },
  { name: 'datetime', type: 'timestamp', title: '时间' },
]
const ctx = { queryables: Q, geometryNames: ['geometry'] }
const text = (t: string) => parseCql2Text(t, ctx)
const json = (j: unknown) => parseCql2Json(j, ctx)
const cloud = Q[0] as Queryable
const platform = Q[1] as Queryable

/** The message a parse failure carries. */
function failure(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (error instanceof FilterError) return tZh(error.key, error.params)
    throw error
  }
  throw new Error('parsed')
}

describe('CQL2-text', () => {
  it('binds AND tighter than OR and keeps NOT on its operand', () => {
    expect(text("eo:cloud_cover < 10 OR platform = 'GF1' AND NOT eo:cloud_cover >= 50")).toEqual<Condition>({
      op: 'or',
      items: [
        { op: 'compare', cmp: '<', attr: cloud, value: 10, matchCase: true },
        {
          op: 'and',
          items: [
            { op: 'compare', cmp: '=', attr: platform, value: 'GF1', matchCase: true },
            { op: 'not', item: { op: 'compare', cmp: '>=', attr: cloud, value: 50, matchCase: true } },
          ],
        },
      ],
    })
  })

  it('reads negative numbers, quoted strings with doubled quotes, a literal on the left and CASEI', () => {
    expect(text('-5 < eo:cloud_cover')).toMatchObject({ op: 'compare', cmp: '>', value: -5 })
    expect(text("platform = 'O''Brien'")).toMatchObject({ value: "O'Brien" })
    expect(text("CASEI(platform) = CASEI('gf1')")).toMatchObject({ matchCase: false })
    expect(text("platform NOT IN ('A', 'B')")).toMatchObject({ op: 'not', item: { op: 'in', values: ['A', 'B'] } })
  })

  it('turns a DATE into its whole day and WKT into checked GeoJSON', () => {
    expect(text("datetime = DATE('2026-06-01')")).toMatchObject({
      op: 'and',
      items: [
        { cmp: '>=', value: '2026-06-01T00:00:00.000Z' },
        { cmp: '<', value: '2026-06-02T00:00:00.000Z' },
      ],
    })
    const s = text('S_INTERSECTS(geometry, POINT(116.4 39.9))') as { op: string; geojson: string }
    expect(JSON.parse(s.geojson)).toEqual({ type: 'Point', coordinates: [116.4, 39.9] })
  })

  it('says where the text is wrong', () => {
    expect(failure(() => text("platform = 'GF1' AND"))).toContain('不完整')
    expect(failure(() => text('eo:cloud_cover = = 1'))).toContain('第 18 个字符')
    expect(failure(() => text("platform = 'GF1"))).toContain('单引号')
    expect(failure(() => text('S_INTERSECTS(geometry, POINT(200 0))'))).toContain('超出')
    expect(failure(() => text(`${'('.repeat(40)}eo:cloud_cover = 1${')'.repeat(40)}`))).toContain('过于复杂')
  })
})

describe('CQL2-JSON', () => {
  it('parses the same tree as the text form', () => {
    expect(
      json({
        op: 'and',
        args: [
          { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] },
          { op: '=', args: [{ property: 'platform' }, 'GF1'] },
        ],
      }),
    ).toEqual(text("eo:cloud_cover < 10 AND platform = 'GF1'"))
    expect(json({ op: 'a_overlaps', args: [{ property: 'instruments' }, ['PMS1', 'PMS2']] })).toMatchObject({
      op: 'in',
      values: ['PMS1', 'PMS2'],
    })
  })

  it('refuses wrong argument counts, unknown operators and a string for a number', () => {
    expect(failure(() => json({ op: 'between', args: [{ property: 'eo:cloud_cover' }, 1] }))).toContain('3 个参数')
    expect(failure(() => json({ op: 'frobnicate', args: [] }))).toContain('frobnicate')
    expect(failure(() => json({ op: '=', args: [{ property: 'eo:cloud_cover' }, 'many'] }))).toContain('不是数字')
    expect(failure(() => json('{"op":'))).toContain('JSON')
  })
})
