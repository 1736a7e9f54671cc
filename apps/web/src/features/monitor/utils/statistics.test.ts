import { buildLegendItems, NO_DATA_COLOR, toggleLegendItem } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { formatValue, largestRow, maxValue, regionColors, rowValue } from './statistics'

const rows = [
  { code: '150000', name: '内蒙古自治区', num: 10, areaKm2: 5, lengthKm: null },
  { code: '620000', name: '甘肃省', num: 4, areaKm2: 50, lengthKm: null },
  { code: '110000', name: '北京市', num: null, areaKm2: null, lengthKm: null },
]
const labels = { all: 'all', noData: 'none', range: (a: string, b: string) => `${a}-${b}` }

describe('monitor statistics helpers', () => {
  it('reads the count, the area or the length by the switch and the module’s measure', () => {
    expect(rowValue(rows[0] as never, 'num', 'area')).toBe(10)
    expect(rowValue(rows[0] as never, 'area', 'area')).toBe(5)
    expect(rowValue({ num: 2, areaKm2: null, lengthKm: 3.5 }, 'area', 'length')).toBe(3.5)
    expect(rowValue({ num: 2, areaKm2: null, lengthKm: null }, 'area', null)).toBe(2)
  })

  it('marks the largest region under each switch, none without data', () => {
    expect(largestRow(rows, 'num', 'area')?.code).toBe('150000')
    expect(largestRow(rows, 'area', 'area')?.code).toBe('620000')
    expect(largestRow([rows[2] as never], 'num', 'area')).toBeUndefined()
    expect(maxValue(rows, 'area', 'area')).toBe(50)
  })

  it('colours by the ten classes, grey without data, and hides unchecked classes', () => {
    const legend = buildLegendItems(10, labels)
    const colors = regionColors(rows, 'num', 'area', 'yellowRed', legend)
    expect(colors.get('150000')).toBe('#800026')
    expect(colors.get('110000')).toBe(NO_DATA_COLOR)
    const onlyTop = toggleLegendItem(legend, '9')
    const filtered = regionColors(rows, 'num', 'area', 'yellowRed', onlyTop)
    expect(filtered.get('150000')).toBe('#800026')
    expect(filtered.get('620000')).toBeNull()
    expect(filtered.get('110000')).toBeNull()
  })

  it('formats integers plainly and other values with two decimals', () => {
    expect(formatValue(12345)).toBe('12,345')
    expect(formatValue(1.5)).toBe('1.50')
    expect(formatValue(null)).toBe('—')
  })
})
