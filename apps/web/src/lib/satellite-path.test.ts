import { describe, expect, it } from 'vitest'
import { satellitePageOf, satellitePath } from './satellite-path'

describe('satellitePageOf', () => {
  it('finds the Chinese or the global page of a series', () => {
    expect(satellitePageOf('gf1')).toBe('/satellite/chinese/gf1')
    expect(satellitePageOf('landsat')).toBe('/satellite/global/landsat')
  })

  it('falls back to the Chinese list for a slug without a page', () => {
    expect(satellitePageOf('no-such')).toBe('/satellite/chinese')
    expect(satellitePageOf('')).toBe('/satellite/chinese')
  })

  it('writes a section page or its index from the one prefix table', () => {
    expect(satellitePath('global', 'landsat')).toBe('/satellite/global/landsat')
    expect(satellitePath('chinese')).toBe('/satellite/chinese')
  })
})
