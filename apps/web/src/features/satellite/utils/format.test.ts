import { createTranslator } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { formatFigure } from './format'

const t = createTranslator('zh-CN')

describe('formatFigure', () => {
  it('gives numbers and plain numeric ranges their unit, other texts as given, and 待核实 for no figure', () => {
    expect(formatFigure(t, 645, 'satellitePage.orbit.kmValue')).toBe('645 km')
    expect(formatFigure(t, '80–400', 'satellitePage.orbit.kmValue')).toBe('80–400 km')
    expect(formatFigure(t, '>400', 'satellitePage.orbit.kmValue')).toBe('>400 km')
    expect(formatFigure(t, '单星大于 60', 'satellitePage.orbit.kmValue')).toBe('单星大于 60')
    expect(formatFigure(t, undefined, 'satellitePage.orbit.kmValue')).toBe('待核实')
  })
})
