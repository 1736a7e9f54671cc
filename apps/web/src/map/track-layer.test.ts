// @vitest-environment jsdom
// the icon style makes an Image, which plain Node lacks
import type MultiLineString from 'ol/geom/MultiLineString'
import type Point from 'ol/geom/Point'
import { toLonLat } from 'ol/proj'
import { describe, expect, it } from 'vitest'
import { createTrackLayers, satelliteIconSrc } from './track-layer'

describe('track layers', () => {
  it('draws the travelled and the coming part of each track', () => {
    const layers = createTrackLayers()
    layers.setTracks([
      {
        id: '39150',
        color: '#1668dc',
        past: [
          [
            [170, 0],
            [180, 5],
          ],
          [
            [-180, 5],
            [-170, 10],
          ],
        ],
        future: [
          [
            [-170, 10],
            [-160, 20],
          ],
        ],
      },
    ])
    const source = layers.tracks.getSource()
    expect(source?.getFeatures()).toHaveLength(2)
    const past = source?.getFeatureById('39150:past')?.getGeometry() as MultiLineString
    expect(past.getLineStrings()).toHaveLength(2)
    const [lon, lat] = toLonLat(past.getLineStrings()[1]?.getFirstCoordinate() ?? [])
    expect(lon).toBeCloseTo(-180, 6)
    expect(lat).toBeCloseTo(5, 6)
    layers.setTracks([])
    expect(source?.getFeatures()).toHaveLength(0)
  })

  it('moves the icons of known ids, adds new ones and removes the missing', () => {
    const layers = createTrackLayers()
    const source = layers.positions.getSource()
    layers.setPositions([
      { id: 'a', color: '#111111', label: 'A', lon: 10, lat: 20 },
      { id: 'b', color: '#222222', label: 'B', lon: 30, lat: 40 },
    ])
    const a = source?.getFeatureById('a')
    layers.setPositions([{ id: 'a', color: '#111111', label: 'A', lon: 11, lat: 21 }])
    expect(source?.getFeatures()).toHaveLength(1)
    expect(source?.getFeatureById('a')).toBe(a)
    const point = a?.getGeometry() as Point | undefined
    const [lon, lat] = toLonLat(point?.getCoordinates() ?? [])
    expect(lon).toBeCloseTo(11, 6)
    expect(lat).toBeCloseTo(21, 6)
  })

  it('colours the satellite icon', () => {
    expect(decodeURIComponent(satelliteIconSrc('#e8590c'))).toContain('fill="#e8590c"')
  })
})
