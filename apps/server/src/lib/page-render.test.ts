import { describe, expect, it } from 'vitest'
import { renderedLocaleOf } from './page-render'

describe('renderedLocaleOf', () => {
  it('renders an address without a query in Chinese and one with only its language in that language', () => {
    expect(renderedLocaleOf(undefined)).toBe('zh-CN')
    expect(renderedLocaleOf('')).toBe('zh-CN')
    expect(renderedLocaleOf('lang=en')).toBe('en-US')
    expect(renderedLocaleOf('lang=EN-us')).toBe('en-US')
    expect(renderedLocaleOf('lang=zh')).toBe('zh-CN')
  })

  it('leaves any other query, or an unknown language, to the browser', () => {
    expect(renderedLocaleOf('lang=en&mode=region')).toBeUndefined()
    expect(renderedLocaleOf('mode=region')).toBeUndefined()
    expect(renderedLocaleOf('lang=fr')).toBeUndefined()
    expect(renderedLocaleOf('lang=en&lang=zh')).toBeUndefined()
  })
})
