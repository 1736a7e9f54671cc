import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { decodeEchartsGeoJson, decodeRing, type EncodedFeatureCollection, encodeRing } from './echarts-geo'

describe('decodeRing', () => {
  it('reads zigzag deltas of 1/1024 degree from the offset', () => {
    // 'B' = 2 → +1, 'A' = 1 → -1, '@' = 0 → 0, 'D' = 4 → +2, 'C' = 3 → -2
    expect(decodeRing('BA@@DC', [1024 * 116, 1024 * 40])).toEqual([
      [116 + 1 / 1024, 40 - 1 / 1024],
      [116 + 1 / 1024, 40 - 1 / 1024],
      [116 + 3 / 1024, 40 - 3 / 1024],
    ])
  })

  it('honours another scale', () => {
    expect(decodeRing('B@', [10, 20], 10)).toEqual([[1.1, 2]])
  })

  it('round-trips with the encoder, including large jumps', () => {
    const ring: [number, number][] = [
      [116.3974609375, 39.9091796875],
      [116.5, 39.75],
      [117.9990234375, 41.0],
      [110.0, 35.0],
      [116.3974609375, 39.9091796875],
    ]
    const { encoded, offset } = encodeRing(ring)
    expect(decodeRing(encoded, offset)).toEqual(ring)
  })

  it('rejects a string of odd length', () => {
    expect(() => decodeRing('BAB', [0, 0])).toThrow()
  })
})

describe('decodeEchartsGeoJson', () => {
  it('decodes Polygon and MultiPolygon features and drops empty ones', () => {
    const a = encodeRing([
      [100, 30],
      [101, 30],
      [101, 31],
      [100, 30],
    ])
    const json: EncodedFeatureCollection = {
      type: 'FeatureCollection',
      UTF8Encoding: true,
      features: [
        {
          type: 'Feature',
          id: '1',
          properties: { name: 'a' },
          geometry: { type: 'Polygon', coordinates: [a.encoded], encodeOffsets: [a.offset] },
        },
        {
          type: 'Feature',
          properties: { name: 'b' },
          geometry: { type: 'MultiPolygon', coordinates: [[a.encoded], [a.encoded]], encodeOffsets: [[a.offset], [a.offset]] },
        },
        { type: 'Feature', properties: { name: 'c' }, geometry: { type: 'Polygon', coordinates: [] } },
        { type: 'Feature', properties: { name: 'd' }, geometry: { type: 'Polygon', coordinates: [''], encodeOffsets: [[0, 0]] } },
      ],
    }
    const [first, second, ...rest] = decodeEchartsGeoJson(json)
    expect(rest).toEqual([])
    expect(first?.id).toBe('1')
    expect(first?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [100, 30],
          [101, 30],
          [101, 31],
          [100, 30],
        ],
      ],
    })
    expect(second?.geometry.type).toBe('MultiPolygon')
    expect(second?.geometry.coordinates).toHaveLength(2)
  })

  it('drops repeated positions, closes open rings and drops degenerate rings and features left empty', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]
    const json = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'empty', properties: {}, geometry: { type: 'Polygon', coordinates: [[]] } },
        {
          type: 'Feature',
          id: 'sliver',
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: [[square, [[0, 0]]], [[[5, 5]]]] },
        },
      ],
    } as EncodedFeatureCollection
    const decoded = decodeEchartsGeoJson(json)
    expect(decoded.map((f) => f.id)).toEqual(['sliver'])
    expect(decoded[0]?.geometry).toEqual({ type: 'MultiPolygon', coordinates: [[square]] })
  })

  it("decodes ECharts 4's own China map: Beijing lies where Beijing is", () => {
    // the Beijing feature of echarts@4.9.0 map/json/china.json, as shipped (fixtures/echarts4-beijing.json)
    const require = createRequire(import.meta.url)
    const china = require('./fixtures/echarts4-beijing.json') as EncodedFeatureCollection
    const beijing = decodeEchartsGeoJson(china).find((f) => f.id === '110000')
    expect(beijing).toBeDefined()
    const points = (beijing?.geometry.type === 'Polygon' ? [beijing.geometry.coordinates] : (beijing?.geometry.coordinates ?? [])).flat(2)
    const xs = points.map((p) => p[0])
    const ys = points.map((p) => p[1])
    expect(Math.min(...xs)).toBeGreaterThan(115.3)
    expect(Math.max(...xs)).toBeLessThan(117.6)
    expect(Math.min(...ys)).toBeGreaterThan(39.3)
    expect(Math.max(...ys)).toBeLessThan(41.2)
    // first and last point of each ring coincide once decoded
    for (const ring of beijing?.geometry.type === 'Polygon' ? beijing.geometry.coordinates : []) expect(ring[0]).toEqual(ring.at(-1))
  })
})
