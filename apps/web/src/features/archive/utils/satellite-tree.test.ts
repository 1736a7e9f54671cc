import type { SatelliteCatalogueEntry } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { buildSatelliteTree, checkedToFilter, filterToChecked, type SatelliteSensorsEntry } from './satellite-tree'

const entry = (value: string, label: string, type: number, resolution: number, properties: number, index = 0): SatelliteCatalogueEntry => ({
  index,
  label,
  value,
  checked: false,
  type,
  resolution,
  properties,
})

const catalogue = [
  entry('gf1', '高分一号', 1, 1, 1),
  entry('gf3', '高分三号', 3, 1, 1),
  entry('landsat', 'Landsat', 1, 3, 2),
  entry('gf5', '高分五号', 2, 3, 1),
  entry('eo1', 'EO-1', 2, 3, 3),
]
const mapping: SatelliteSensorsEntry[] = [
  { satellite: 'GF1', slug: 'gf1', sensors: ['PMS1', 'PMS2', 'WFV1'] },
  { satellite: 'GF3', slug: 'gf3', sensors: ['SAR'] },
  { satellite: 'LANDSAT-8', slug: 'landsat', sensors: ['OLI'] },
  { satellite: 'LANDSAT-9', slug: 'landsat', sensors: ['OLI-2'] },
  { satellite: 'GF5', slug: 'gf5', sensors: ['AHSI'] },
]
const title = (type: number) => `T${type}`
const all = { resolutionClasses: [], properties: [], text: '' }

describe('satellite tree', () => {
  it('groups the catalogue by type, with satellites and sensors, leaving out entries without archive satellites', () => {
    const tree = buildSatelliteTree(catalogue, mapping, all, title)
    expect(tree.map((g) => g.title)).toEqual(['T1', 'T2', 'T3'])
    expect(tree[0]?.children?.map((e) => e.title)).toEqual(['高分一号', 'Landsat'])
    expect(tree[0]?.children?.[1]?.children?.map((s) => s.key)).toEqual(['sat:LANDSAT-8', 'sat:LANDSAT-9'])
    expect(tree[1]?.children?.map((e) => e.title)).toEqual(['高分五号'])
    expect(tree[0]?.children?.[0]?.children?.[0]?.children?.map((s) => s.key)).toEqual(['sen:GF1:PMS1', 'sen:GF1:PMS2', 'sen:GF1:WFV1'])
  })

  it('narrows by resolution class, property and name', () => {
    expect(
      buildSatelliteTree(catalogue, mapping, { ...all, resolutionClasses: [3] }, title).flatMap((g) => g.children?.map((e) => e.title)),
    ).toEqual(['Landsat', '高分五号'])
    expect(
      buildSatelliteTree(catalogue, mapping, { ...all, properties: [2] }, title).flatMap((g) => g.children?.map((e) => e.title)),
    ).toEqual(['Landsat'])
    expect(
      buildSatelliteTree(catalogue, mapping, { ...all, text: 'landsat-9' }, title).flatMap((g) => g.children?.map((e) => e.title)),
    ).toEqual(['Landsat'])
  })

  it('turns checked keys into the shortest filter and back', () => {
    const checked = ['sen:GF1:PMS1', 'sen:GF1:PMS2', 'sen:GF1:WFV1', 'sat:GF1', 'sen:GF3:SAR', 'sen:LANDSAT-8:OLI']
    const filter = checkedToFilter(checked, mapping)
    expect(filter).toEqual({ satellites: ['GF1', 'GF3', 'LANDSAT-8'], sensors: [] })
    const partial = checkedToFilter(['sen:GF1:PMS1', 'sen:GF1:WFV1'], mapping)
    expect(partial).toEqual({ satellites: [], sensors: ['GF1:PMS1', 'GF1:WFV1'] })
    expect(filterToChecked(partial, mapping)).toEqual(['sen:GF1:PMS1', 'sen:GF1:WFV1'])
    expect(checkedToFilter(filterToChecked(filter, mapping), mapping)).toEqual(filter)
  })
})
