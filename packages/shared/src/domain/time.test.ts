import { describe, expect, it } from 'vitest'
import { BEIJING_DATE, formatBeijingTime } from './time'

describe('formatBeijingTime', () => {
  it('shows a moment in Beijing time, across midnight UTC, whatever the zone of the machine', () => {
    expect(formatBeijingTime('2026-06-01T03:04:05.000Z')).toBe('2026-06-01 11:04:05')
    expect(formatBeijingTime('2026-06-01T15:59:59Z')).toBe('2026-06-01 23:59:59')
    expect(formatBeijingTime('2026-06-01T16:00:00Z')).toBe('2026-06-02 00:00:00')
    expect(formatBeijingTime(new Date('2026-12-31T20:00:00Z'), BEIJING_DATE)).toBe('2027-01-01')
    expect(formatBeijingTime(Date.UTC(2024, 2, 31, 1, 0))).toBe('2024-03-31 09:00:00')
  })

  it('writes the tokens of a pattern and keeps the other characters', () => {
    expect(formatBeijingTime('2026-11-26T18:30:00Z', 'YYYYMMDD')).toBe('20261127')
    expect(formatBeijingTime('2026-11-26T18:30:07Z', 'MM-DD HH:mm')).toBe('11-27 02:30')
    expect(formatBeijingTime('2026-11-26T18:30:07Z', 'YYYYMMDD-HHmm')).toBe('20261127-0230')
  })

  it('gives an empty text for a value that is not a time', () => {
    expect(formatBeijingTime('soon')).toBe('')
    expect(formatBeijingTime(Number.NaN)).toBe('')
  })
})
