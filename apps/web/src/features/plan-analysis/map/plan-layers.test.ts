import { describe, expect, it } from 'vitest'
import { createPlanItemLayer, createPlanOverlapLayer, unitColor } from './plan-layers'

const square = (w: number, s: number, size: number, properties: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [w + size, s],
        [w + size, s + size],
        [w, s + size],
        [w, s],
      ],
    ],
  },
  properties,
})

describe('the plan layers', () => {
  it('keep each unit’s colour the same wherever it appears', () => {
    expect(unitColor('150000')).toBe(unitColor('150000'))
    expect(unitColor('150000')).toMatch(/^#[0-9a-f]{6}$/)
    const colours = new Set(['110000', '120000', '130000', '140000', '150000', '150100'].map(unitColor))
    expect(colours.size).toBeGreaterThan(3)
  })

  it('find an overlap by its items’ ids and an item by its id, and forget them when replaced', () => {
    const overlaps = createPlanOverlapLayer()
    overlaps.setFeatures([
      square(111.7, 40.8, 0.1, { kind: 'overlap', idA: 1, idB: 2, areaKm2: 30 }),
      square(100, 30, 1, { kind: 'overlap', idA: 3, idB: 4, areaKm2: 9000 }),
    ])
    const extent = overlaps.extentOf((p) => p.idA === 1 && p.idB === 2) as number[]
    // Web Mercator metres of 111.7–111.8° E
    expect(extent[0]).toBeCloseTo(12434387, -2)
    expect((extent[2] as number) - (extent[0] as number)).toBeCloseTo(11132, -1)
    expect(overlaps.extentOf((p) => p.idA === 9)).toBeUndefined()
    overlaps.setFeatures(undefined)
    expect(overlaps.extentOf(() => true)).toBeUndefined()

    const items = createPlanItemLayer()
    items.setFeatures([square(111.7, 40.8, 0.1, { kind: 'item', id: 7, unitRegion: '150000' })])
    expect(items.extentOf((p) => p.id === 7)).toBeDefined()
    expect(items.layer.getZIndex()).toBeLessThan(overlaps.layer.getZIndex() as number)
  })
})
