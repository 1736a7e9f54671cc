import { readFileSync } from 'node:fs'
import path from 'node:path'
import { currentLocale } from './locale'

/**
 * Region names in the caller's language. The database holds the Chinese names (`region.name`,
 * `full_name`); the English ones are data/regions/names-en.json (built by
 * data/scripts/build-region-names-en.ts), read once per process like the region files the loader
 * reads at start. Answers apply these on the way out, after any cache; records (the audit log,
 * stored rows, mails to Chinese staff) keep the Chinese names.
 */

/** Where build-region-names-en.ts writes the English names. */
export const REGION_NAMES_EN_FILE = path.resolve(import.meta.dirname, '../../../../data/regions/names-en.json')

let englishNames: ReadonlyMap<string, string> | undefined

/** The English name of every region by code (100000 China included), read at the first use. */
export function englishRegionNames(): ReadonlyMap<string, string> {
  englishNames ??= new Map(Object.entries(JSON.parse(readFileSync(REGION_NAMES_EN_FILE, 'utf8')) as Record<string, string>))
  return englishNames
}

/** True when the work running now answers in English. */
export function isEnglish(): boolean {
  return currentLocale() === 'en-US'
}

/** The English name of a code, undefined for an unknown one. */
export function englishRegionName(code: string | null | undefined): string | undefined {
  return code ? englishRegionNames().get(code) : undefined
}

/**
 * The English full name of a code, from the region up, comma-separated ('Chang'an District,
 * Shijiazhuang City, Hebei'); the codes say the chain (county xxxxxx → city xxxx00 → province
 * xx0000), a city missing from the names (the districts of Beijing…) is skipped.
 */
export function englishRegionFullName(code: string | null | undefined): string | undefined {
  const own = englishRegionName(code)
  if (!code || own === undefined) return undefined
  if (code === '100000') return own
  const chain = [code, `${code.slice(0, 4)}00`, `${code.slice(0, 2)}0000`]
  return [...new Set(chain)]
    .map((c) => englishRegionNames().get(c))
    .filter((name): name is string => name !== undefined)
    .join(', ')
}

/** The name of a region in the current language: the Chinese given, or its English when the caller asked for English. */
export function regionName(code: string | null | undefined, chinese: string): string {
  return isEnglish() ? (englishRegionName(code) ?? chinese) : chinese
}

/** The full name ('河北省 石家庄市' / 'Shijiazhuang City, Hebei') in the current language. */
export function regionFullName(code: string | null | undefined, chinese: string): string {
  return isEnglish() ? (englishRegionFullName(code) ?? chinese) : chinese
}

/** A record with a region's code and name (and full name) with both in the current language. */
export function localRegion<T extends { code: string; name: string; fullName?: string }>(region: T): T {
  if (!isEnglish()) return region
  const named = { ...region, name: regionName(region.code, region.name) }
  if (region.fullName !== undefined) named.fullName = regionFullName(region.code, region.fullName)
  return named
}
