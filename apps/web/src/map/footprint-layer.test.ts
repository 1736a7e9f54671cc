import type VectorSource from 'ol/source/Vector'
import { describe, expect, it } from 'vitest'
import { createFootprintLayer, createGapLayer, FOOTPRINT_STYLES, footprintStyle } from './footprint-layer'
import { lonLatToExtent } from './geometry'
import { createQuicklookLayer, geometryBBox, showQuicklook } from './quicklook-layer'

const square = (w: number, s: number, size: number) => ({
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
})

describe('footprint layer', () => {
  it('holds one feature per scene, with the scene id, and the extent of all', () => {
    const fp = createFootprintLayer()
    fp.setScenes([
      { id: 'a', footprint: square(116, 39, 1) },
      { id: 'b', footprint: square(118, 41, 1) },
    ])
    const source = fp.layer.getSource() as VectorSource
    expect(
      source
        .getFeatures()
        .map((f) => f.getId())
        .sort(),
    ).toEqual(['a', 'b'])
    const extent = fp.extent() ?? []
    const expected = lonLatToExtent([116, 39, 119, 42])
    for (let i = 0; i < 4; i++) expect(extent[i]).toBeCloseTo(expected[i] ?? 0, 3)
    fp.setScenes([])
    expect(fp.extent()).toBeUndefined()
  })

  it('styles hovered over opened over checked over plain', () => {
    const checkedIds = new Set(['a', 'b'])
    expect(footprintStyle('a', { hoveredId: 'a', activeId: 'a', checkedIds })).toBe(FOOTPRINT_STYLES.hovered)
    expect(footprintStyle('a', { hoveredId: null, activeId: 'a', checkedIds })).toBe(FOOTPRINT_STYLES.active)
    expect(footprintStyle('b', { hoveredId: 'a', activeId: null, checkedIds })).toBe(FOOTPRINT_STYLES.checked)
    expect(footprintStyle('c', { hoveredId: 'a', activeId: 'b', checkedIds })).toBe(FOOTPRINT_STYLES.plain)
  })

  it('restyles the features when the highlight changes', () => {
    const fp = createFootprintLayer()
    fp.setScenes([{ id: 'a', footprint: square(116, 39, 1) }])
    const feature = (fp.layer.getSource() as VectorSource).getFeatureById('a')
    const styleOf = () => {
      const fn = fp.layer.getStyleFunction()
      return feature && fn ? fn(feature, 1) : undefined
    }
    expect(styleOf()).toBe(FOOTPRINT_STYLES.plain)
    fp.setHighlight({ hoveredId: 'a', activeId: null, checkedIds: new Set() })
    expect(styleOf()).toBe(FOOTPRINT_STYLES.hovered)
  })

  it('shows and clears the gaps', () => {
    const gaps = createGapLayer()
    gaps.show({ type: 'MultiPolygon', coordinates: [square(100, 30, 1).coordinates as number[][][]] })
    expect(gaps.layer.getSource()?.getFeatures()).toHaveLength(1)
    gaps.show(null)
    expect(gaps.layer.getSource()?.getFeatures()).toHaveLength(0)
  })
})

describe('quicklook layer', () => {
  it('finds the lon/lat bbox of a polygon and a multipolygon', () => {
    expect(geometryBBox(square(116, 39, 0.5))).toEqual([116, 39, 116.5, 39.5])
    expect(geometryBBox({ coordinates: [square(10, 10, 1).coordinates, square(12, 8, 1).coordinates] })).toEqual([10, 8, 13, 11])
    expect(geometryBBox({ coordinates: [] })).toBeNull()
  })

  it('lays the picture in the footprint bbox in WGS84, and clears it', () => {
    const layer = createQuicklookLayer()
    showQuicklook(layer, { url: '/api/normalmeta/quicklook?id=a', bbox: [116, 39, 116.5, 39.5] })
    const source = layer.getSource()
    expect(source?.getUrl()).toBe('/api/normalmeta/quicklook?id=a')
    expect(source?.getProjection()?.getCode()).toBe('EPSG:4326')
    expect(source?.getImageExtent()).toEqual([116, 39, 116.5, 39.5])
    showQuicklook(layer, null)
    expect(layer.getSource()).toBeNull()
  })
})
