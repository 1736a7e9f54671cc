import { describe, expect, it } from 'vitest'
import { crossesAntimeridian, unwrapPolygons, unwrapRing } from './antimeridian'

describe('unwrapRing', () => {
  it('takes each edge the short way round, past 180° where needed', () => {
    expect(
      unwrapRing([
        [170, 60],
        [-170, 60],
        [-170, 70],
        [170, 70],
        [170, 60],
      ]),
    ).toEqual({
      ring: [
        [170, 60],
        [190, 60],
        [190, 70],
        [170, 70],
        [170, 60],
      ],
      turns: 0,
    })
  })

  it('counts a ring round a pole as one turn', () => {
    expect(
      unwrapRing([
        [-180, -80],
        [0, -70],
        [179, -80],
        [-180, -80],
      ]).turns,
    ).toBe(1)
  })
})

describe('unwrapPolygons', () => {
  it('leaves polygons without long edges as they are', () => {
    const square = [
      [
        [179, -17],
        [180, -17],
        [180, -16],
        [179, -16],
        [179, -17],
      ],
    ]
    const geometry = { type: 'Polygon' as const, coordinates: square }
    expect(crossesAntimeridian(geometry)).toBe(false)
    expect(unwrapPolygons(geometry)).toEqual([square])
  })

  it('unwraps an island across the antimeridian (Fiji: an edge from -180 to 180)', () => {
    const geometry = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [179.9, -16.5],
            [-180, -16.49],
            [-179.9, -16.5],
            [-180, -16.54],
            [180, -16.54],
            [179.9, -16.5],
          ],
        ],
      ],
    }
    expect(crossesAntimeridian(geometry)).toBe(true)
    expect(unwrapPolygons(geometry)).toEqual([
      [
        [
          [179.9, -16.5],
          [180, -16.49],
          [180.1, -16.5],
          [180, -16.54],
          [180, -16.54],
          [179.9, -16.5],
        ],
      ],
    ])
  })

  it('closes a ring round the south pole along -90°', () => {
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-180, -80],
          [0, -70],
          [179, -80],
          [-180, -80],
        ],
      ],
    }
    expect(unwrapPolygons(geometry)).toEqual([
      [
        [
          [-180, -80],
          [0, -70],
          [179, -80],
          [180, -80],
          [180, -90],
          [-180, -90],
          [-180, -80],
        ],
      ],
    ])
  })

  it('moves a hole next to its unwrapped exterior', () => {
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [170, 60],
          [-170, 60],
          [-170, 70],
          [170, 70],
          [170, 60],
        ],
        [
          [-178, 64],
          [-176, 64],
          [-176, 66],
          [-178, 64],
        ],
      ],
    }
    expect(unwrapPolygons(geometry)[0]?.[1]).toEqual([
      [182, 64],
      [184, 64],
      [184, 66],
      [182, 64],
    ])
  })
})
