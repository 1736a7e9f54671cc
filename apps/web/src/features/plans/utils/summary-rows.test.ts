import type { PlanSummarySheet } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { summaryLines } from './summary-rows'

const months = (v: number) => Array.from({ length: 12 }, () => v)
const row = (unitRegion: string, resolution: 'm2' | 'sub1', areaKm2: number) => ({
  unitRegion,
  unitName: unitRegion === '150000' ? '内蒙古自治区' : '呼和浩特市',
  resolution,
  months: months(areaKm2),
  items: 1,
  areaKm2,
  budget: 10,
  overlapKm2: 0,
})

describe('summaryLines', () => {
  it('lists units × resolution types, then the sums by resolution type, then the total, as the Excel file does', () => {
    const sheet: PlanSummarySheet = {
      year: 2040,
      state: 'published',
      rows: [row('150000', 'm2', 100), row('150000', 'sub1', 20), row('150100', 'm2', 5)],
      byResolution: [
        { resolution: 'm2', months: months(105), items: 2, areaKm2: 105, budget: 20, overlapKm2: 0 },
        { resolution: 'sub1', months: months(20), items: 1, areaKm2: 20, budget: 10, overlapKm2: 0 },
      ],
      total: { months: months(125), items: 3, areaKm2: 125, budget: 30, overlapKm2: 0 },
    }
    const lines = summaryLines(sheet, { byResolution: '按分辨率类型', total: '合计' })
    expect(lines.map((l) => [l.kind, l.unitName, l.resolution])).toEqual([
      ['unit', '内蒙古自治区', 'm2'],
      ['unit', '内蒙古自治区', 'sub1'],
      ['unit', '呼和浩特市', 'm2'],
      ['byResolution', '按分辨率类型', 'm2'],
      ['byResolution', '按分辨率类型', 'sub1'],
      ['total', '合计', null],
    ])
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length)
    expect(lines.at(-1)?.areaKm2).toBe(125)
  })

  it('has no total line for an empty sheet', () => {
    const empty: PlanSummarySheet = {
      year: 2040,
      state: 'all',
      rows: [],
      byResolution: [],
      total: { months: months(0), items: 0, areaKm2: 0, budget: 0, overlapKm2: 0 },
    }
    expect(summaryLines(empty, { byResolution: 'x', total: 'y' })).toEqual([])
  })
})
