import { LANGUAGE_PARAM, type Locale } from '@rs/shared'
import { type Path, parsePath, type To } from 'react-router'

/**
 * The language in the address (issue "the whole portal in English"): an English page carries
 * `?lang=en`, a Chinese one no parameter, so an address shared or reloaded opens in its language.
 * The same values as the server's `parseLocale` (apps/server/src/lib/locale.ts).
 */

/** The value an English address carries. */
export const ENGLISH_PARAM_VALUE = 'en'

/** The language an address's query asks for (`?lang=en`, `en-US`, `zh`, `zh-CN`, any case), or undefined. */
export function localeOfSearch(search: string): Locale | undefined {
  const value = new URLSearchParams(search).get(LANGUAGE_PARAM)?.trim().toLowerCase()
  if (value === 'en' || value === 'en-us') return 'en-US'
  if (value === 'zh' || value === 'zh-cn') return 'zh-CN'
  return undefined
}

/**
 * A query string (with or without its "?") carrying the language: `lang=en` for English, no
 * `lang` for Chinese; the other parameters keep their order. Returns "" or "?…".
 */
export function searchInLanguage(search: string, locale: Locale): string {
  const params = new URLSearchParams(search)
  if (locale === 'en-US') params.set(LANGUAGE_PARAM, ENGLISH_PARAM_VALUE)
  else params.delete(LANGUAGE_PARAM)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The query without its language parameter ("" when nothing else is asked). */
export function searchWithoutLanguage(search: string): string {
  return searchInLanguage(search, 'zh-CN')
}

/**
 * A navigation target in a language: the router's `to` (a string, relative ones included, or a
 * partial path) with its query carrying the language as {@link searchInLanguage} writes it. A
 * target without a query of its own gets only the language (React Router gives a target its own
 * query, never the current one). Returns a partial path, which Link and navigate take alike.
 */
export function toInLanguage(to: To, locale: Locale): Partial<Path> {
  const path = typeof to === 'string' ? parsePath(to) : { ...to }
  const search = searchInLanguage(path.search ?? '', locale)
  // "" would drop a target's own query; undefined keeps a relative target relative
  if (search) path.search = search
  else if (path.search !== undefined) path.search = ''
  return path
}
