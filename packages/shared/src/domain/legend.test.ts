import { describe, expect, it } from 'vitest'
import {
  buildLegendItems,
  checkedLegendValues,
  LEGEND_ALL,
  LEGEND_CLASS_COUNT,
  LEGEND_NO_DATA,
  LEGEND_PALETTES,
  legendBounds,
  legendClassOf,
  legendColor,
  legendMax,
  legendValueOf,
  NO_DATA_COLOR,
  normalizeLegend,
  toggleLegendItem,
} from './legend'

const labels = { all: '全部', noData: '无数据', range: (from: string, to: string) => `${from} – ${to}` }

describe('legend rules', () => {
  it('has ten classes in every yellow-to-red palette', () => {
    for (const colors of Object.values(LEGEND_PALETTES)) {
      expect(colors).toHaveLength(LEGEND_CLASS_COUNT)
      for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/)
    }
  })

  it('makes class bounds step × index with two decimals, step = max / 10', () => {
    expect(legendBounds(100)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    expect(legendBounds(1)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
    expect(legendBounds(12.345)[1]).toBe(1.23)
    expect(legendBounds(12.345)[3]).toBe(3.7)
    expect(legendBounds(0)).toEqual(Array(11).fill(0))
  })

  it('puts values in classes and the maximum in the last one', () => {
    expect(legendClassOf(0, 100)).toBe(0)
    expect(legendClassOf(9.99, 100)).toBe(0)
    expect(legendClassOf(10, 100)).toBe(1)
    expect(legendClassOf(100, 100)).toBe(9)
    expect(legendClassOf(250, 100)).toBe(9)
    expect(legendClassOf(5, 0)).toBe(0)
  })

  it('colours missing data grey', () => {
    expect(legendColor(null, 100)).toBe(NO_DATA_COLOR)
    expect(legendColor(undefined, 100)).toBe('#cccccc')
    expect(legendColor(Number.NaN, 100)).toBe('#cccccc')
    expect(legendColor(55, 100, 'orangeRed')).toBe(LEGEND_PALETTES.orangeRed[5])
  })

  it('builds all, ten classes with labels, and no data; all is checked', () => {
    const items = buildLegendItems(50, labels)
    expect(items).toHaveLength(12)
    expect(items[0]).toEqual({ value: LEGEND_ALL, checked: true, color: '', label: '全部' })
    expect(items[1]).toMatchObject({ value: '0', checked: false, label: '0.00 – 5.00', color: LEGEND_PALETTES.yellowRed[0] })
    expect(items[10]?.label).toBe('45.00 – 50.00')
    expect(items[11]).toEqual({ value: LEGEND_NO_DATA, checked: false, color: '#cccccc', label: '无数据' })
  })

  it('checks all again when the last class is unchecked', () => {
    let items = buildLegendItems(10, labels)
    items = toggleLegendItem(items, '3')
    expect(checkedLegendValues(items)).toEqual(['3'])
    expect(items[0]?.checked).toBe(false)
    items = toggleLegendItem(items, '5')
    expect(checkedLegendValues(items)).toEqual(['3', '5'])
    items = toggleLegendItem(items, '3')
    items = toggleLegendItem(items, '5')
    expect(items[0]?.checked).toBe(true)
    expect(checkedLegendValues(items)).toEqual([])
  })

  it('unchecks every class when all is chosen, and normalizes an empty legend', () => {
    let items = toggleLegendItem(toggleLegendItem(buildLegendItems(10, labels), '1'), '2')
    items = toggleLegendItem(items, LEGEND_ALL)
    expect(items.filter((i) => i.checked).map((i) => i.value)).toEqual([LEGEND_ALL])
    const none = items.map((i) => ({ ...i, checked: false }))
    expect(normalizeLegend(none)[0]?.checked).toBe(true)
  })

  it('switches between count and area', () => {
    const records = [
      { num: 3, area: 12.5 },
      { num: 7, area: 1.25 },
      { num: null, area: null },
    ]
    expect(legendMax(records, 'num')).toBe(7)
    expect(legendMax(records, 'area')).toBe(12.5)
    expect(legendValueOf(records[2] as { num: null }, 'num')).toBeNull()
    expect(legendMax([], 'num')).toBe(0)
  })
})
