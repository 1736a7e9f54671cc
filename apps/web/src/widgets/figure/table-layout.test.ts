import { describe, expect, it } from 'vitest'
import { fitsBesideChart, isNumericColumn, tableNaturalWidth } from './table-layout'

const NARROW = {
  columns: [
    { key: 'country', title: '国家或组织' },
    { key: 'count', title: '卫星数量', unit: '颗' },
  ],
  rows: [
    { country: '美国', count: 511 },
    { country: '中国', count: 348 },
    { country: '其他', count: 315 },
  ],
}

describe('figure table layout', () => {
  it('treats columns of numbers and empty cells as numeric, and any text as text', () => {
    expect(isNumericColumn([1, null])).toBe(true)
    expect(isNumericColumn(['美国', '中国'])).toBe(false)
    expect(isNumericColumn([null, null])).toBe(false)
  })

  it('keeps a narrow table beside the chart and sends a wide one under it', () => {
    expect(fitsBesideChart(NARROW)).toBe(true)
    const wide = {
      columns: ['名称（来源原文）', '国家/地区', '计划时间（来源原文）', '类别', '来源', '备注（原文）'].map((title, i) => ({
        key: `c${i}`,
        title,
      })),
      rows: [
        {
          c0: 'Fengyun-3F (FY-3F)',
          c1: '中国',
          c2: '2023 (scheduled for August)',
          c3: '气象观测',
          c4: 'https://english.news.cn/20230222/c.html',
          c5: 'Not in the UCS 5-1-2023 file.',
        },
      ],
    }
    expect(tableNaturalWidth(wide)).toBeGreaterThan(tableNaturalWidth(NARROW))
    expect(fitsBesideChart(wide)).toBe(false)
  })

  it('measures what a column shows: its accessor and its format', () => {
    const plain = { columns: [{ key: 'n', title: 'n' }], rows: [{ n: 1 }] }
    const long = { columns: [{ key: 'n', title: 'n', value: () => 1, format: () => '一二三四五六七八九十' }], rows: [{ n: 1 }] }
    expect(tableNaturalWidth(long)).toBeGreaterThan(tableNaturalWidth(plain))
  })
})
