import { describe, expect, it } from 'vitest'
import { groupDigits } from './format-number'

describe('groupDigits', () => {
  it('writes what Intl writes for zh-CN, over integers, decimals and edge values', () => {
    const values = [0, 1, -1, 12, 999, 1000, 1234.5, -1234.5, 1_000_000, 123_456_789.987, 0.5, 2.5, 1.005, 0.0049, 99.995, 1e15, -0.0001]
    let seed = 7
    for (let i = 0; i < 500; i++) {
      seed = (seed * 16807) % 2147483647
      values.push((seed / 2147483647 - 0.3) * 10 ** (i % 9))
    }
    for (const value of values) {
      for (const [min, max] of [
        [0, 0],
        [0, 1],
        [0, 2],
        [2, 2],
        [0, 3],
      ] as const) {
        const expected = value.toLocaleString('zh-CN', { minimumFractionDigits: min, maximumFractionDigits: max })
        expect(groupDigits(value, { min, max }), `${value} ${min}-${max}`).toBe(expected.replace(/^-0(\.0+)?$/, '0$1'))
      }
    }
  })

  it('defaults to at most 3 decimals, as toLocaleString does', () => {
    expect(groupDigits(12345.67891)).toBe('12,345.679')
    expect(groupDigits(11290)).toBe('11,290')
  })
})
