import { createTranslator } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { itemTotals, km2, monthsLabel } from './plan-format'

const t = createTranslator('zh-CN')

describe('plan formats', () => {
  it('names the months wanted: 全部 or each month', () => {
    expect(monthsLabel('qb', t)).toBe('全部')
    expect(monthsLabel('5,3,4', t)).toBe('3–5月')
    expect(monthsLabel('1,2,5,9,10,11', t)).toBe('1–2月、5月、9–11月')
    expect(monthsLabel('3', createTranslator('en-US'))).toBe('Month 3')
    expect(monthsLabel('3,4', createTranslator('en-US'))).toBe('Months 3–4')
  })

  it('sums the items of a plan', () => {
    expect(
      itemTotals([
        { areaKm2: 1200.255, budget: 80 },
        { areaKm2: 10, budget: 0.5 },
      ]),
    ).toEqual({ items: 2, areaKm2: 1210.255, budget: 80.5 })
    expect(km2(1210.255)).toBe('1,210.26')
  })
})
