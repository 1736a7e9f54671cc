import { describe, expect, it } from 'vitest'
import { localeOfSearch, searchInLanguage, searchWithoutLanguage, toInLanguage } from './address'

describe('the language in the address', () => {
  it('reads the languages the server accepts, in any case, and nothing else', () => {
    expect(localeOfSearch('?lang=en')).toBe('en-US')
    expect(localeOfSearch('lang=EN-us&mode=region')).toBe('en-US')
    expect(localeOfSearch('?lang=zh-CN')).toBe('zh-CN')
    expect(localeOfSearch('?lang=zh')).toBe('zh-CN')
    expect(localeOfSearch('?lang=fr')).toBeUndefined()
    expect(localeOfSearch('')).toBeUndefined()
  })

  it('writes lang=en for English and no lang for Chinese, keeping the other parameters in order', () => {
    expect(searchInLanguage('?mode=region&region=110000', 'en-US')).toBe('?mode=region&region=110000&lang=en')
    expect(searchInLanguage('?mode=region&lang=en&region=110000', 'zh-CN')).toBe('?mode=region&region=110000')
    expect(searchInLanguage('?lang=en-US', 'en-US')).toBe('?lang=en')
    expect(searchInLanguage('', 'zh-CN')).toBe('')
    expect(searchInLanguage('', 'en-US')).toBe('?lang=en')
    expect(searchWithoutLanguage('?lang=en')).toBe('')
  })

  it('round-trips: what it writes reads back as the same language and the same other parameters', () => {
    for (const search of ['', '?tab=2', '?mode=draw&draw=abc%2C1&run=1']) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const written = searchInLanguage(search, locale)
        expect(localeOfSearch(written) ?? 'zh-CN').toBe(locale)
        expect(searchWithoutLanguage(written)).toBe(search)
        expect(searchInLanguage(written, locale)).toBe(written)
      }
    }
  })

  it('puts navigation targets in a language: paths, relative queries and partial paths', () => {
    expect(toInLanguage('/normal', 'en-US')).toEqual({ pathname: '/normal', search: '?lang=en' })
    expect(toInLanguage('/normal?tab=2#map', 'en-US')).toEqual({ pathname: '/normal', search: '?tab=2&lang=en', hash: '#map' })
    expect(toInLanguage('?page=2', 'en-US')).toEqual({ search: '?page=2&lang=en' })
    expect(toInLanguage('/normal', 'zh-CN')).toEqual({ pathname: '/normal' })
    expect(toInLanguage({ pathname: '/home', search: '?lang=en' }, 'zh-CN')).toEqual({ pathname: '/home', search: '' })
    expect(toInLanguage('..', 'en-US')).toEqual({ pathname: '..', search: '?lang=en' })
  })
})
