/**
 * Table helpers every analysis page uses: columns with units, counts and shares, ranked tops,
 * rows per launch year, and the labels of categories, user groups, countries and periods in the
 * current language (lib/locale.ts: the service builds the pages once per language).
 */
import type { AnalysisFigure } from '@rs/shared'
import { type Category, isImaging } from '../../datasets/world-satellites/classify'
import { t as translate } from '../../lib/locale'
import type { AnalysisSatelliteRow } from './analysis.repository'

export type Row = AnalysisFigure['rows'][number]
type Column = AnalysisFigure['columns'][number]
type Unit = 'satellites' | 'percent' | 'entries'

/** A message of the analysis section in the current language. */
export const t = (key: string, params?: Record<string, string | number>) => translate(`analysis.${key}`, params)

/** Share in percent with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10
}

export function tally<T, K>(items: readonly T[], key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>()
  for (const item of items) {
    const k = key(item)
    counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return counts
}

const yearsBetween = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Entries sorted by count (then name) with competition ranks; the first n, and any tied with the n-th. */
export function rankedTop<T extends { count: number }>(sorted: T[], n: number): Array<T & { rank: number }> {
  const ranked = sorted.map((item, i) => ({ ...item, rank: i + 1 }))
  for (let i = 1; i < ranked.length; i++) {
    const prev = ranked[i - 1] as T & { rank: number }
    const cur = ranked[i] as T & { rank: number }
    if (cur.count === prev.count) cur.rank = prev.rank
  }
  const cut = ranked[n - 1]?.count
  return cut === undefined ? ranked : ranked.filter((r, i) => i < n || r.count === cut)
}

export function column(key: string, unit?: Unit): Column {
  return { key, title: t(`columns.${key}`), ...(unit ? { unit: t(`units.${unit}`) } : {}) }
}

export function labelledColumn(key: string, title: string, unit: Unit): Column {
  return { key, title, unit: t(`units.${unit}`) }
}

export const categoryLabel = (c: string) => t(`categories.${c}`)
export const userLabel = (u: string) => t(`users.${u}`)
export const groupOf = (c: Category) => (isImaging(c) ? 'imaging' : c === 'unspecified' ? 'unspecified' : 'nonImaging')

/** Name of a UCS country value in the current language; a joint value ("China/Brazil") names each part; unknown names stay as UCS writes them (in English). */
export function countryLabel(country: string): string {
  if (country.includes('/')) return country.split('/').map(countryLabel).join('/')
  const key = `analysis.countries.${country}`
  const label = translate(key)
  return label === key ? country : label
}

export function periodLabel(key: string): string {
  const by = /^by-(\d{4})$/.exec(key)
  if (by) return t('periods.by', { year: by[1] as string })
  const range = /^(\d{4})-(\d{4})$/.exec(key)
  if (range) return t('periods.range', { from: range[1] as string, to: range[2] as string })
  return t('periods.year', { year: key })
}

export const satellitesUnit = () => t('units.satellites')

/** Rows of one count per launch year in [from, to], with one column per key of `series`. */
export function yearRows(
  sats: AnalysisSatelliteRow[],
  from: number,
  to: number,
  series: readonly string[],
  keyOf: (s: AnalysisSatelliteRow) => string,
): Row[] {
  const rows = new Map<number, Row>(
    yearsBetween(from, to).map((y) => [y, { year: String(y), ...Object.fromEntries(series.map((k) => [k, 0])) }]),
  )
  for (const s of sats) {
    const row = s.launch_year === null ? undefined : rows.get(s.launch_year)
    const k = keyOf(s)
    if (row && k in row) row[k] = (row[k] as number) + 1
  }
  return [...rows.values()]
}
