import type { Translate } from '../../../lib/i18n'
import { COUNTRY_CODES, countryCodes } from './facts'

/** What the page shows for a missing value. */
export const DASH = '—'

/** Distinct colours of members on the map (cycled when a series has more). */
export const MEMBER_COLORS = ['#1668dc', '#e8590c', '#2f9e44', '#c2255c', '#7048e8', '#0c8599', '#e67700', '#5c940d', '#862e9c', '#1098ad']

/** The colour of the n-th member with orbit elements. */
export function memberColor(index: number): string {
  return MEMBER_COLORS[index % MEMBER_COLORS.length] ?? '#1668dc'
}

/** What the page shows for a value the sources did not confirm (the facts leave it out): 待核实. */
export function unconfirmed(t: Translate): string {
  return t('satellitePage.unconfirmedValue')
}

/** A figure with its unit when it is a number ('645 km'); a text figure as given (in Chinese); 待核实 when the sources gave none. */
export function formatFigure(t: Translate, value: number | string | undefined, unitKey: string): string {
  if (value === undefined) return unconfirmed(t)
  if (typeof value === 'number') return t(unitKey, { value: formatNumber(value) })
  // a range or bound of plain numbers ('80–400', '>400', '10/20/60') takes the unit like a number
  return /^[<>~]?\d[\d.]*(?:\s*[-–/]\s*\d[\d.]*)*$/.test(value) ? t(unitKey, { value }) : value
}

/** A number without trailing zeros, at most 4 decimals (0.31, 645, 98.0506). */
export function formatNumber(value: number, decimals = 4): string {
  return String(Number(value.toFixed(decimals)))
}

/** The country field in Chinese: 'CN/BR' → '中国 / 巴西'; unknown codes as given. */
export function countryName(t: Translate, country: string | undefined): string {
  const codes = countryCodes(country)
  if (codes.length === 0) return DASH
  return codes.map((code) => ((COUNTRY_CODES as readonly string[]).includes(code) ? t(`satellitePage.country.${code}`) : code)).join(' / ')
}

const CATEGORIES = ['optical', 'hyperspectral', 'radar', 'laser-altimetry', 'gravity']

/** The category in Chinese ('laser-altimetry' → '激光测高'); unknown ones as given. */
export function categoryName(t: Translate, category: string | undefined): string {
  if (!category) return DASH
  return CATEGORIES.includes(category) ? t(`satellitePage.category.${category}`) : category
}

/** Tag colour of a category. */
export function categoryColor(category: string | undefined): 'blue' | 'purple' | 'volcano' | 'cyan' | 'geekblue' | 'default' {
  switch (category) {
    case 'optical':
      return 'blue'
    case 'hyperspectral':
      return 'purple'
    case 'radar':
      return 'volcano'
    case 'laser-altimetry':
      return 'cyan'
    case 'gravity':
      return 'geekblue'
    default:
      return 'default'
  }
}

const ORBIT_TYPES = ['sun-synchronous', 'sun-synchronous (dawn-dusk)', 'sun-synchronous (dusk-dawn)', 'geostationary']

/** The orbit type in Chinese when it is one of the plain types; a longer description as the sources gave it. */
export function orbitTypeName(t: Translate, type: string | undefined): string {
  if (!type) return DASH
  return ORBIT_TYPES.includes(type) ? t(`satellitePage.orbitType.${type}`) : type
}

/** An ISO time as 'YYYY-MM-DD HH:mm' in UTC; the text itself when it does not parse. */
export function formatUtc(iso: string | undefined): string {
  if (!iso) return DASH
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return iso
  return new Date(time).toISOString().slice(0, 16).replace('T', ' ')
}

/** React keys for a list from a text per item: repeated texts get a number ('GF-1', 'GF-1#2'). */
export function uniqueKeys(texts: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return texts.map((text) => {
    const n = (seen.get(text) ?? 0) + 1
    seen.set(text, n)
    return n === 1 ? text : `${text}#${n}`
  })
}
