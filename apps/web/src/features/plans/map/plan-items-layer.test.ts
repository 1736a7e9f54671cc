import type VectorSource from 'ol/source/Vector'
import { describe, expect, it } from 'vitest'
import { createPlanItemsLayer, ITEM_STATE_COLORS, isItemShown, OVERLAP_COLOR, planItemStyles } from './plan-items-layer'

const square = (w: number, s: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [w + 1, s],
      [w + 1, s + 1],
      [w, s + 1],
      [w, s],
    ],
  ],
})

describe('plan items layer', () => {
  it('colours an item by its state and outlines it in orange when other units overlap it', () => {
    const [accepted, ...rest] = planItemStyles({ state: 'accepted', overlapKm2: 0 }, false)
    expect(accepted?.getStroke()?.getColor()).toBe(ITEM_STATE_COLORS.accepted)
    expect(rest).toEqual([])
    const overlapping = planItemStyles({ state: 'returned', overlapKm2: 12.5 }, true)
    expect(overlapping.map((s) => s.getStroke()?.getColor())).toEqual([ITEM_STATE_COLORS.returned, OVERLAP_COLOR, '#000000'])
  })

  it('lets through what the legend checks: all, states, or the overlapping items', () => {
    const pending = { state: 'pending' as const, overlapKm2: 0 }
    const overlapping = { state: 'accepted' as const, overlapKm2: 3 }
    expect(isItemShown(pending, [])).toBe(true)
    expect(isItemShown(pending, ['accepted'])).toBe(false)
    expect(isItemShown(overlapping, ['overlap'])).toBe(true)
    expect(isItemShown(pending, ['overlap', 'pending'])).toBe(true)
  })

  it('draws the shown items with their ids and answers their extent', () => {
    const items = createPlanItemsLayer()
    items.setItems(
      [
        { id: 1, state: 'pending', overlapKm2: 0, geometry: square(111, 40) },
        { id: 2, state: 'accepted', overlapKm2: 0, geometry: square(113, 41) },
        { id: 3, state: 'returned', overlapKm2: 0, geometry: null },
      ],
      ['pending'],
    )
    const source = items.layer.getSource() as VectorSource
    expect(source.getFeatures().map((f) => f.getId())).toEqual([1])
    expect(items.extent()).toHaveLength(4)
    items.setItems([], [])
    expect(items.extent()).toBeUndefined()
  })

  it('draws where other units’ plans overlap an item, filled in orange over it', () => {
    const items = createPlanItemsLayer()
    items.setItems(
      [{ id: 4, state: 'pending', overlapKm2: 9, geometry: square(111, 40), overlaps: [{ geometry: square(111.5, 40.5) }, {}] }],
      [],
    )
    const source = items.layer.getSource() as VectorSource
    expect(source.getFeatures().map((f) => f.getId())).toEqual([4, 'overlap-4-0'])
    const style = items.layer.getStyleFunction()?.(source.getFeatureById('overlap-4-0') as never, 1)
    const [area] = Array.isArray(style) ? style : [style]
    expect(area?.getFill()?.getColor()).toContain('rgba(250, 140, 22')
  })
})
