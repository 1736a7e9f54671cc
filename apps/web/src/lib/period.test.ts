import { describe, expect, it } from 'vitest'
import { periodLabel, periodOfMonth, periodOptions } from './period'

const t = ((key: string, p?: Record<string, unknown>) => `${key}:${JSON.stringify(p)}`) as never

describe('coverage periods', () => {
  it('finds the period of a month by kind', () => {
    expect(periodOfMonth('year', 202605)).toBe('2026')
    expect(periodOfMonth('quarter', 202605)).toBe('2026Q2')
    expect(periodOfMonth('quarter', 202612)).toBe('2026Q4')
    expect(periodOfMonth('month', 202605)).toBe('2026-05')
  })

  it('offers the periods with imagery and the current one, newest first', () => {
    expect(periodOptions('quarter', [202605, 202606, 202501], 202612)).toEqual(['2026Q4', '2026Q2', '2025Q1'])
    expect(periodOptions('month', [], 202612)).toEqual(['2026-12'])
  })

  it('words a period through the message templates', () => {
    expect(periodLabel('2026Q2', t)).toBe('coverage.periodLabel.quarter:{"year":2026,"quarter":2}')
    expect(periodLabel('2026-05', t)).toBe('coverage.periodLabel.month:{"year":2026,"month":5}')
    expect(periodLabel('bad', t)).toBe('bad')
  })
})

describe('recent periods', () => {
  it('offers the last eight quarters and three years, newest first', async () => {
    const { recentPeriods } = await import('./period')
    // 2026-12-02 in Beijing
    const periods = recentPeriods(Date.parse('2026-12-02T04:00:00Z'))
    expect(periods.slice(0, 3)).toEqual(['2026Q4', '2026Q3', '2026Q2'])
    expect(periods[7]).toBe('2025Q1')
    expect(periods.slice(8)).toEqual(['2026', '2025', '2024'])
  })
})
