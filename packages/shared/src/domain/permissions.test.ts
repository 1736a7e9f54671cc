import { describe, expect, it } from 'vitest'
import { canEditContent } from './permissions'

describe('canEditContent', () => {
  it('is true only with MOD_002', () => {
    expect(canEditContent(['MOD_002'])).toBe(true)
    expect(canEditContent(['MOD_001', 'MOD_061', 'MOD_002_DISPLAY'])).toBe(false)
    expect(canEditContent([])).toBe(false)
    expect(canEditContent(undefined)).toBe(false)
  })
})
