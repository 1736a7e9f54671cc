import { describe, expect, it } from 'vitest'
import { satellitePath } from './satellite-path'

describe('satellitePath', () => {
  it('finds the Chinese or the global page of a series', () => {
    expect(satellitePath('gf1')).toBe('/satellite/chinese/gf1')
    expect(satellitePath('landsat')).toBe('/satellite/global/landsat')
  })

  it('falls back to the Chinese list for a slug without a page', () => {
    expect(satellitePath('no-such')).toBe('/satellite/chinese')
    expect(satellitePath('')).toBe('/satellite/chinese')
  })
})
