import { describe, expect, it } from 'vitest'
import { encodeNewsSearch, parseNewsSearch } from './news-search'

describe('news list URL state', () => {
  it('round-trips page, keyword and satellite', () => {
    const search = { page: 3, keyword: '高分 卫星', satellite: 'gf1' }
    expect(parseNewsSearch(encodeNewsSearch(search))).toEqual(search)
    expect(encodeNewsSearch(search).toString()).toBe('keyword=%E9%AB%98%E5%88%86+%E5%8D%AB%E6%98%9F&satellite=gf1&page=3')
  })

  it('leaves defaults out of the URL', () => {
    expect(encodeNewsSearch({ page: 1, keyword: '', satellite: '' }).toString()).toBe('')
  })

  it('falls back to defaults for invalid values', () => {
    expect(parseNewsSearch(new URLSearchParams('page=-2&satellite=<script>&keyword=%20%20'))).toEqual({
      page: 1,
      keyword: '',
      satellite: '',
    })
    expect(parseNewsSearch(new URLSearchParams('page=1.5'))).toEqual({ page: 1, keyword: '', satellite: '' })
    expect(parseNewsSearch(new URLSearchParams(`keyword=${'长'.repeat(80)}`)).keyword).toHaveLength(50)
  })
})
