import { describe, expect, it } from 'vitest'
import { formatNumber, textEm } from './format'

describe('table text helpers', () => {
  it('counts CJK as one em and Latin as about half', () => {
    expect(textEm('中国')).toBe(2)
    expect(textEm('ESA')).toBeCloseTo(1.65)
  })

  it('writes numbers with thousands separators and a dash for anything else', () => {
    expect(formatNumber(1292)).toBe('1,292')
    expect(formatNumber(26.94)).toBe('26.94')
    expect(formatNumber(null)).toBe('—')
    expect(formatNumber(Number.NaN)).toBe('—')
  })
})
