import { WHOLE_COUNTRY_CODE } from './constants'

/** Level of a six-digit administrative region code (SPEC.md §3). */
export type RegionLevel = 'country' | 'province' | 'city' | 'county'

export const REGION_CODE_PATTERN = /^\d{6}$/

export function isRegionCode(code: string): boolean {
  return REGION_CODE_PATTERN.test(code)
}

/** 100000 is the whole country; xx0000 a province; xxxx00 a city; anything else a county. */
export function regionLevel(code: string): RegionLevel {
  if (!isRegionCode(code)) throw new RangeError(`not a region code: ${code}`)
  if (code === WHOLE_COUNTRY_CODE) return 'country'
  if (code.endsWith('0000')) return 'province'
  if (code.endsWith('00')) return 'city'
  return 'county'
}

/** Province code of a region (itself for a province); undefined for the whole country. */
export function provinceOf(code: string): string | undefined {
  return regionLevel(code) === 'country' ? undefined : `${code.slice(0, 2)}0000`
}

/** City code implied by a county code (some counties hang directly under a province; the database decides). */
export function cityOf(code: string): string | undefined {
  const level = regionLevel(code)
  if (level === 'county' || level === 'city') return `${code.slice(0, 4)}00`
  return undefined
}

/**
 * Whether `ancestor` contains `code` by the code rules: the whole country contains every region,
 * a province its cities and counties, a city its counties. A region contains itself.
 */
export function regionContains(ancestor: string, code: string): boolean {
  if (ancestor === code) return true
  const level = regionLevel(ancestor)
  if (level === 'country') return true
  if (level === 'province') return code.slice(0, 2) === ancestor.slice(0, 2)
  if (level === 'city') return regionLevel(code) === 'county' && code.slice(0, 4) === ancestor.slice(0, 4)
  return false
}
