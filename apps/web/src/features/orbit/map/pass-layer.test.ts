import { getCenter } from 'ol/extent'
import type Feature from 'ol/Feature'
import { get as getProjection, toLonLat } from 'ol/proj'
import type { Stroke, Style } from 'ol/style'
import { describe, expect, it } from 'vitest'
import type { LonLat } from '../utils/pass-geometry'
import { createPassLayer, createPassMarkerLayer, groupRadius, MARKER_GROUP_PX, type PassMarker, passIndexesOf } from './pass-layer'

const WORLD = [-20037508.34, -20037508.34, 20037508.34, 20037508.34]
const projection = getProjection('EPSG:3857')

/** 121 passes on an 11 × 11 grid 0.01° (about 1 km) apart around 新城区, and 4 far off (about 600 km east). */
function crowd(): PassMarker[] {
  const near = Array.from({ length: 121 }, (_v, i): PassMarker => {
    const at: LonLat = [111.7 + (i % 11) * 0.01, 40.8 + Math.floor(i / 11) * 0.01]
    return { index: i, color: i % 2 ? '#1677ff' : '#d4380d', at, label: `JILIN-1 ${i}` }
  })
  const far = Array.from(
    { length: 4 },
    (_v, i): PassMarker => ({ index: 121 + i, color: '#389e0d', at: [118.8, 40 + i], label: `GF-1 ${i}` }),
  )
  return [...near, ...far]
}

/** The groups at a scale (metres per pixel), as the map asks the cluster source for them. */
function groupsAt(layer: ReturnType<typeof createPassMarkerLayer>, resolution: number) {
  layer.groups.loadFeatures(WORLD, resolution, projection as NonNullable<typeof projection>)
  return layer.groups.getFeatures()
}

describe('pass markers', () => {
  it('merge into a few counted groups at a regional scale and part when zoomed in to the county', () => {
    const layer = createPassMarkerLayer()
    layer.setMarkers(crowd(), null)
    // about 2 km a pixel: the whole region in view, the county a few pixels wide
    const regional = groupsAt(layer, 2000)
    expect(regional.length).toBeLessThanOrEqual(6)
    expect(regional.flatMap((g) => passIndexesOf(g)).sort((a, b) => a - b)).toEqual(Array.from({ length: 125 }, (_v, i) => i))
    const biggest = Math.max(...regional.map((g) => passIndexesOf(g).length))
    expect(biggest).toBe(121)
    // 5 m a pixel: 1 km is 200 px, beyond MARKER_GROUP_PX, so every pass stands alone
    expect(200).toBeGreaterThan(MARKER_GROUP_PX)
    expect(groupsAt(layer, 5)).toHaveLength(125)
  })

  it('draws a group as a circle with its count, ringed when it holds the chosen pass, and a lone pass with its label', () => {
    const layer = createPassMarkerLayer()
    layer.setMarkers(crowd(), 7)
    const style = layer.layer.getStyleFunction() as (f: Feature, r: number) => Style
    const [group] = groupsAt(layer, 2000).filter((g) => passIndexesOf(g).length === 121)
    if (!group) throw new Error('no group of the county')
    const groupStyle = style(group as Feature, 2000)
    expect(groupStyle.getText()?.getText()).toBe('121')
    expect((groupStyle.getImage() as unknown as { getStroke: () => Stroke }).getStroke().getColor()).toBe('#ad2102')
    const [lonC, latC] = toLonLat(getCenter((group.getGeometry() as { getExtent: () => number[] }).getExtent()))
    expect(lonC).toBeCloseTo(111.75, 1)
    expect(latC).toBeCloseTo(40.85, 1)
    layer.setSelected(null)
    expect((style(group as Feature, 2000).getImage() as unknown as { getStroke: () => Stroke }).getStroke().getColor()).toBe('#ffffff')
    const lone = groupsAt(layer, 5).find((g) => passIndexesOf(g)[0] === 3)
    expect(
      style(lone as Feature, 5)
        .getText()
        ?.getText(),
    ).toBe('JILIN-1 3')
  })

  it('grows a group with the logarithm of its count, within bounds', () => {
    expect(groupRadius(2)).toBe(12)
    expect(groupRadius(16)).toBeGreaterThan(groupRadius(4))
    expect(groupRadius(10_000)).toBe(22)
  })

  it('answers the extent of every marker, or none', () => {
    const layer = createPassMarkerLayer()
    expect(layer.extent()).toBeNull()
    layer.setMarkers(crowd(), null)
    const extent = layer.extent() as number[]
    expect(toLonLat([extent[0] as number, extent[1] as number])[0]).toBeCloseTo(111.7, 6)
    expect(toLonLat([extent[2] as number, extent[3] as number])[1]).toBeCloseTo(43, 6)
  })
})

describe('pass tracks', () => {
  it('draws the passes not chosen faint and thin when the map is crowded', () => {
    const layer = createPassLayer()
    const track: LonLat[][] = [
      [
        [111, 40],
        [112, 42],
      ],
    ]
    layer.setShapes([
      { id: '0', color: '#1677ff', track, swath: null, highlighted: false, quiet: true },
      { id: '1', color: '#1677ff', track, swath: null, highlighted: true },
    ])
    const stroke = (id: string) => {
      const style = layer.layer.getSource()?.getFeatureById(id)?.getStyle() as Style | undefined
      return style?.getStroke()?.getColor()
    }
    expect(stroke('0:track')).toBe('rgba(22, 119, 255, 0.35)')
    expect(stroke('1:track')).toBe('#1677ff')
  })
})
