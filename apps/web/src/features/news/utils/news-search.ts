/** What the news list shows, as kept in the URL (?page=2&keyword=高分&satellite=gf1) so a search can be shared. */
export interface NewsSearch {
  page: number
  keyword: string
  satellite: string
}

export const NEWS_PAGE_SIZE = 10
const KEYWORD_MAX = 50
const SLUG_PATTERN = /^[a-z0-9-]{1,40}$/

/** Reads the list's state from the URL's query; anything invalid falls back to the default. */
export function parseNewsSearch(params: URLSearchParams): NewsSearch {
  const page = Number(params.get('page'))
  const satellite = params.get('satellite')?.trim() ?? ''
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    satellite: SLUG_PATTERN.test(satellite) ? satellite : '',
  }
}

/** The URL query of a list state; defaults are left out. */
export function encodeNewsSearch(search: NewsSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.keyword) params.set('keyword', search.keyword)
  if (search.satellite) params.set('satellite', search.satellite)
  if (search.page > 1) params.set('page', String(search.page))
  return params
}
