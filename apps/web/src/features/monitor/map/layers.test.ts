import { describe, expect, it } from 'vitest'
import { createRegionLayer } from '../../../map/region-layer'
import { centreDotStyle, createSpotLayer, spotStyle } from './spot-layer'

const square = (x: number, y: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
      [x, y],
    ],
  ],
})

describe('monitor map layers', () => {
  it('keeps one feature per region, by code, with its extent', () => {
    const regions = createRegionLayer()
    expect(regions.extent()).toBeUndefined()
    regions.setRegions([
      { type: 'Feature', geometry: square(110, 40), properties: { code: '150000', name: '内蒙古自治区', level: 'province' } },
      { type: 'Feature', geometry: square(100, 36), properties: { code: '620000', name: '甘肃省', level: 'province' } },
    ])
    const source = regions.layer.getSource()
    expect(source?.getFeatureById('150000')?.get('name')).toBe('内蒙古自治区')
    expect(source?.getFeatures()).toHaveLength(2)
    expect(regions.extent()).toBeDefined()
  })

  it('draws each spot in its type’s colour and marks the opened one', () => {
    const spots = createSpotLayer()
    spots.setSpots(
      [
        { id: 1, geometry: square(116, 39), spotType: 'built' },
        { id: 2, geometry: { type: 'Point', coordinates: [116.5, 39.5] }, spotType: 'construction' },
      ],
      (type) => (type === 'built' ? '#2c7fb8' : '#fdae61'),
    )
    const source = spots.layer.getSource()
    expect(source?.getFeatureById(2)?.get('color')).toBe('#fdae61')
    expect(spotStyle('#2c7fb8', true).getStroke()?.getWidth()).toBe(3)
    expect(spotStyle('#2c7fb8', false).getStroke()?.getColor()).toBe('#2c7fb8')
    expect(spots.extentOf(1)).toBeDefined()
    expect(spots.extentOf(99)).toBeUndefined()
    // a polygon far out is also a dot at its centre
    const polygon = source?.getFeatureById(1)
    const centre = centreDotStyle('#2c7fb8', false).getGeometryFunction()(polygon as never) as unknown as { getCoordinates(): number[] }
    const extent = spots.extentOf(1) as number[]
    expect(centre.getCoordinates()).toEqual([
      ((extent[0] as number) + (extent[2] as number)) / 2,
      ((extent[1] as number) + (extent[3] as number)) / 2,
    ])
  })
})
