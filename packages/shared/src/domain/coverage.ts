import { formatBeijingTime } from './time'

/**
 * The coverage engine's declarations (issue 23): resolution classes, cloud limits, sources and
 * periods. Both apps read them: the server keys its per county × month rollup by them, the web's
 * coverage statistics screen offers them. A new class is a line here (and its message key).
 */

/**
 * Resolution classes, finest first: a scene belongs to the first class it is finer than (`upTo`,
 * or equal to it when `inclusive`): 优于1米 is below 1 m, a 1 m or 2 m scene is 1–2 米, 16 m is 5–16 米.
 */
export const COVERAGE_CLASSES = [
  { key: 'sub1', id: 1, upTo: 1, inclusive: false },
  { key: 'm2', id: 2, upTo: 2, inclusive: true },
  { key: 'm5', id: 3, upTo: 5, inclusive: true },
  { key: 'm16', id: 4, upTo: 16, inclusive: true },
  { key: 'coarse', id: 5, upTo: Number.POSITIVE_INFINITY, inclusive: true },
] as const

export type CoverageClass = (typeof COVERAGE_CLASSES)[number]
export type CoverageClassKey = CoverageClass['key']
export const COVERAGE_CLASS_KEYS = COVERAGE_CLASSES.map((c) => c.key) as [CoverageClassKey, ...CoverageClassKey[]]
/** The class a statistics screen opens with: 2 米级 (1–2 m, with the finer class counted in). */
export const DEFAULT_COVERAGE_CLASS: CoverageClassKey = 'm2'

/** The class of a resolution in metres (null: not a positive number). */
export function coverageClassOf(resolutionM: number): CoverageClass | null {
  if (!(resolutionM > 0)) return null
  return COVERAGE_CLASSES.find((c) => resolutionM < c.upTo || (c.inclusive && resolutionM === c.upTo)) ?? null
}

/** The classes a question counts: the class alone, or it and every finer one ('2 米级' = 2 m or better). */
export function classesCounted(key: CoverageClassKey, finer: boolean): CoverageClass[] {
  const index = COVERAGE_CLASSES.findIndex((c) => c.key === key)
  return finer ? COVERAGE_CLASSES.slice(0, index + 1) : [COVERAGE_CLASSES[index] as CoverageClass]
}

/**
 * Cloud limits the rollup keeps, percent: a scene counts under every limit its cloud is within, so
 * a question reads one limit. 100 = 不限.
 */
export const COVERAGE_CLOUD_LIMITS = [100, 30, 20, 10] as const
export type CoverageCloudLimit = (typeof COVERAGE_CLOUD_LIMITS)[number]

/** The limits a scene of this cloud counts under. */
export function cloudLimitsOf(cloudPercent: number): CoverageCloudLimit[] {
  return COVERAGE_CLOUD_LIMITS.filter((limit) => cloudPercent <= limit)
}

/** Where footprints come from: the archive, and imagery the provinces registered themselves (本地数据). */
export const COVERAGE_SOURCES = ['archive', 'local'] as const
export type CoverageSource = (typeof COVERAGE_SOURCES)[number]

/** Most scenes a question with chosen satellites may rasterize on request (the rollup holds all satellites together). */
export const COVERAGE_SATELLITE_SCENE_CAP = 20_000
/** Most months one question spans (a year). */
export const COVERAGE_MAX_MONTHS = 12

/** A period of the statistics: a Beijing-time year ('2026'), quarter ('2026Q2') or month ('2026-05'). */
export type CoveragePeriodKind = 'year' | 'quarter' | 'month'

export interface CoveragePeriod {
  key: string
  kind: CoveragePeriodKind
  /** first and last month, yyyymm */
  fromMonth: number
  toMonth: number
}

const PERIOD = /^(\d{4})(?:Q([1-4])|-(0[1-9]|1[0-2]))?$/

/** Parses a period key; null when it is not one (or before 1970 / after 2100). */
export function parseCoveragePeriod(key: string): CoveragePeriod | null {
  const m = PERIOD.exec(key)
  if (!m) return null
  const year = Number(m[1])
  if (year < 1970 || year > 2100) return null
  if (m[2]) {
    const q = Number(m[2])
    return { key, kind: 'quarter', fromMonth: year * 100 + q * 3 - 2, toMonth: year * 100 + q * 3 }
  }
  if (m[3]) {
    const month = year * 100 + Number(m[3])
    return { key, kind: 'month', fromMonth: month, toMonth: month }
  }
  return { key, kind: 'year', fromMonth: year * 100 + 1, toMonth: year * 100 + 12 }
}

/**
 * The code the coverage rollup keys a period by: a month yyyymm (mm 01–12), a quarter yyyy·100 + 20 + q
 * (202622 = 2026Q2), a year yyyy·100 (202600). Each scene counts in its month, quarter and year.
 */
export function periodCode(period: CoveragePeriod): number {
  const year = Math.floor(period.fromMonth / 100)
  if (period.kind === 'month') return period.fromMonth
  if (period.kind === 'quarter') return year * 100 + 20 + Math.ceil((period.fromMonth % 100) / 3)
  return year * 100
}

/** The codes a month counts in: itself, its quarter, its year. */
export function periodCodesOfMonth(month: number): [number, number, number] {
  const year = Math.floor(month / 100)
  return [month, year * 100 + 20 + Math.ceil((month % 100) / 3), year * 100]
}

/** Whether a rollup code is a month's (not a quarter's or a year's). */
export const isMonthCode = (code: number) => code % 100 >= 1 && code % 100 <= 12

/** The months (yyyymm) of a period, in order. */
export function monthsOf(period: CoveragePeriod): number[] {
  const months: number[] = []
  for (let m = period.fromMonth; m <= period.toMonth; m = m % 100 === 12 ? (Math.floor(m / 100) + 1) * 100 + 1 : m + 1) months.push(m)
  return months
}

/** The Beijing-time month (yyyymm) of an instant. */
export function beijingMonth(at: Date | number | string): number {
  return Number(formatBeijingTime(at, 'YYYYMM'))
}

/** The quarter of an instant in Beijing time, as a period key ('2026Q4'). */
export function quarterKeyOf(at: Date | number | string): string {
  const month = beijingMonth(at)
  return `${Math.floor(month / 100)}Q${Math.ceil((month % 100) / 3)}`
}

/** The period of the same length just before (the default comparison). */
export function previousPeriod(period: CoveragePeriod): string {
  const year = Math.floor(period.fromMonth / 100)
  const month = period.fromMonth % 100
  if (period.kind === 'year') return String(year - 1)
  if (period.kind === 'quarter') {
    const q = Math.ceil(month / 3)
    return q === 1 ? `${year - 1}Q4` : `${year}Q${q - 1}`
  }
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`
}

/** Covered share in percent, two decimals, never above 100. */
export function coveragePercent(coveredKm2: number, areaKm2: number): number {
  return areaKm2 > 0 ? Math.round(Math.min(100, (100 * coveredKm2) / areaKm2) * 100) / 100 : 0
}
