import type { MonitorTrend } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { createGridLayer } from '../map/grid-layer'
import { cellCenter, cellRows, cellSizeMetres, topRows, trendTable } from './modes'
import { regionColors } from './statistics'

const TREND: MonitorTrend = {
  region: { code: '150000', name: '内蒙古自治区', level: 'province' },
  batches: ['20250630', '20250930'],
  total: [
    { num: 3, areaKm2: 0.6, lengthKm: null },
    { num: 1, areaKm2: 0.2, lengthKm: null },
  ],
  rows: [
    {
      code: '150100',
      name: '呼和浩特市',
      values: [
        { num: 2, areaKm2: 0.4, lengthKm: null },
        { num: 1, areaKm2: 0.2, lengthKm: null },
      ],
    },
    {
      code: '150200',
      name: '包头市',
      values: [
        { num: 1, areaKm2: 0.2, lengthKm: null },
        { num: 0, areaKm2: null, lengthKm: null },
      ],
    },
    {
      code: '150300',
      name: '乌海市',
      values: [
        { num: 0, areaKm2: null, lengthKm: null },
        { num: 0, areaKm2: null, lengthKm: null },
      ],
    },
  ],
  illustrative: true,
}

describe('monitor mode helpers', () => {
  it('makes the trend a table: the region and each batch, every child (0 for no spots), the region total', () => {
    const table = trendTable(TREND, 'area', 'area', { region: '行政区', total: '合计' })
    expect(table.columns.map((c) => c.title)).toEqual(['行政区', '20250630', '20250930'])
    expect(table.rows.map((r) => table.columns.map((c) => c.value?.(r)))).toEqual([
      ['呼和浩特市', 0.4, 0.2],
      ['包头市', 0.2, 0],
      ['乌海市', 0, 0],
    ])
    expect(table.total).toEqual(['合计', 0.6, 0.2])
    const counts = trendTable(TREND, 'num', 'area', { region: 'r', total: 't' })
    expect(counts.columns.map((c) => c.value?.(TREND.rows[0] as never))).toEqual(['呼和浩特市', 2, 1])
    expect(counts.columns[1]?.format?.(1234.5)).toBe('1,234.50')
  })

  it('picks the children with data, largest sum first, for the chart', () => {
    expect(topRows(TREND, 'num', 'area', 5).map((r) => r.code)).toEqual(['150100', '150200'])
    expect(topRows(TREND, 'num', 'area', 1).map((r) => r.code)).toEqual(['150100'])
  })

  it('colours grid cells by the statistics legend and draws them on the grid layer', () => {
    const cells = [
      {
        z: 13,
        x: 6637,
        y: 3079,
        key: '13/6637/3079',
        bbox: [111.6, 40.78, 111.64, 40.81] as [number, number, number, number],
        num: 4,
        areaKm2: 1,
        lengthKm: null,
      },
      {
        z: 13,
        x: 6638,
        y: 3079,
        key: '13/6638/3079',
        bbox: [111.64, 40.78, 111.69, 40.81] as [number, number, number, number],
        num: 1,
        areaKm2: 0.2,
        lengthKm: null,
      },
    ]
    const colors = regionColors(cellRows(cells), 'num', 'area', 'yellowRed', [])
    expect(colors.get('13/6637/3079')).not.toBe(colors.get('13/6638/3079'))
    const layer = createGridLayer()
    layer.setCells(cells)
    expect(layer.layer.getSource()?.getFeatures()).toHaveLength(2)
    expect(layer.extentOf('13/6638/3079')).toBeDefined()
    const [lon, lat] = cellCenter({ z: 13, x: 6744, y: 3104 })
    expect(lon).toBeCloseTo(116.41, 1)
    expect(lat).toBeCloseTo(39.91, 1)
    expect(cellSizeMetres(13)).toBeGreaterThan(3000)
    expect(cellSizeMetres(14)).toBeLessThan(cellSizeMetres(13))
  })
})
