import { describe, expect, it } from 'vitest'
import { formatTime } from './format-time'

describe('formatTime', () => {
  it('shows Beijing time', () => {
    expect(formatTime('2026-11-24T16:05:09.000Z')).toBe('2026-11-25 00:05:09')
  })

  it('leaves a value that is not a time as it is', () => {
    expect(formatTime('soon')).toBe('soon')
  })
})
