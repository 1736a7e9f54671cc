import { describe, expect, it } from 'vitest'
import { formatBeijing } from './time'

describe('formatBeijing', () => {
  it('shows a moment in Beijing time, whatever the zone of the machine', () => {
    expect(formatBeijing(new Date('2024-01-01T20:30:05Z'))).toBe('2024-01-02 04:30:05')
    expect(formatBeijing('2024-07-01T00:00:00Z', 'YYYY-MM-DD HH:mm')).toBe('2024-07-01 08:00')
    expect(formatBeijing(Date.UTC(2024, 2, 31, 1, 0))).toBe('2024-03-31 09:00:00')
  })
})
