import { describe, expect, it } from 'vitest'
import { buildAreaChartOption, cellsInNote, heldPercent, MAX_CHART_CATEGORIES } from './analysis-chart'

const words = { planned: '规划', held: '已有', newNeed: '新增', unit: 'km²' }

describe('the analysis charts', () => {
  it('draws planned, held and new need per category, largest planned first and at most fifteen', () => {
    const bars = Array.from({ length: 20 }, (_, i) => ({ label: `R${i}`, plannedKm2: i, heldKm2: i / 2, newNeedKm2: i / 2 }))
    const option = buildAreaChartOption(bars, words) as { xAxis: { data: string[] }; series: Array<{ name: string; data: number[] }> }
    expect(option.xAxis.data).toHaveLength(MAX_CHART_CATEGORIES)
    expect(option.xAxis.data[0]).toBe('R19')
    expect(option.series.map((s) => s.name)).toEqual(['规划', '已有', '新增'])
    expect(option.series[1]?.data[0]).toBe(9.5)
  })

  it('adds the compare year’s planned area as a fourth series', () => {
    const option = buildAreaChartOption([{ label: 'A', plannedKm2: 3, heldKm2: 1, newNeedKm2: 2, comparePlannedKm2: 5.555 }], {
      ...words,
      comparePlanned: '2040年',
    }) as { series: Array<{ name: string; data: number[] }> }
    expect(option.series.map((s) => s.name)).toEqual(['规划', '已有', '新增', '2040年'])
    expect(option.series[3]?.data).toEqual([5.56])
  })

  it('gives the held share in percent and reads the cells of the server’s note', () => {
    expect(heldPercent({ plannedKm2: 912.5, heldKm2: 200.25 })).toBe(21.95)
    expect(heldPercent({ plannedKm2: 0, heldKm2: 0 })).toBe(0)
    expect(cellsInNote('已有覆盖按县级格网取样（每县约 16384 个格元）')).toBe(16384)
    expect(cellsInNote('about 16,384 cells')).toBe(16384)
    expect(cellsInNote('没有数字')).toBeNull()
  })
})
