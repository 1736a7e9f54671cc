import { describe, expect, it } from 'vitest'
import { GENERAL_STATISTIC_PAGE } from '../test/analysis-fixture'
import { fitsBesideChart, isNumericColumn, tableNaturalWidth } from './table-layout'

describe('figure table layout', () => {
  it('treats columns of numbers and empty cells as numeric, and any text as text', () => {
    const rows = [
      { a: 1, b: '美国', c: null },
      { a: null, b: '中国', c: null },
    ]
    expect(isNumericColumn(rows, 'a')).toBe(true)
    expect(isNumericColumn(rows, 'b')).toBe(false)
    expect(isNumericColumn(rows, 'c')).toBe(false)
  })

  it('keeps a narrow table beside the chart and sends a wide one under it', () => {
    const narrow = GENERAL_STATISTIC_PAGE.figures[0]
    if (!narrow) throw new Error('fixture needs a figure')
    expect(fitsBesideChart(narrow)).toBe(true)
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
    expect(tableNaturalWidth(wide)).toBeGreaterThan(tableNaturalWidth(narrow))
    expect(fitsBesideChart(wide)).toBe(false)
  })
})
