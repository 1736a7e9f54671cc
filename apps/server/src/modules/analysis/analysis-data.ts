import { JOINT_COUNTRY } from '../../datasets/world-satellites/classify'
import type { AnalysisSatelliteRow, PlannedMissionRow } from './analysis.repository'
import { tally } from './figure-table'

/** The day the UCS edition stands at: every count is of satellites operating on this day. */
export const AS_OF = '2023-05-01'
/** Last launch year in the data (to 1 May only) and the first of the ten-year comparisons. */
export const LAST_YEAR = Number(AS_OF.slice(0, 4))
export const FIRST_RECENT_YEAR = LAST_YEAR - 9
/** "China" in the comparisons: the operator country is exactly China (joint operations count as others). */
export const CHINA = 'China'
export const TOP_COUNTRIES = 15
export const TOP_COUNTRY_CATEGORIES = 10
export const TOP_OPERATORS = 15

/** Everything the pages share, computed once. */
export interface Data {
  sats: AnalysisSatelliteRow[]
  plans: PlannedMissionRow[]
  total: number
  china: AnalysisSatelliteRow[]
  others: AnalysisSatelliteRow[]
  recent: AnalysisSatelliteRow[]
  byCategory: Map<string, number>
  /** operator countries ranked by count, the joint bucket left out */
  countries: Array<{ country: string; count: number }>
  joint: number
}

function isRecent(s: AnalysisSatelliteRow) {
  return s.launch_year !== null && s.launch_year >= FIRST_RECENT_YEAR && s.launch_year <= LAST_YEAR
}

export function prepare(sats: AnalysisSatelliteRow[], plans: PlannedMissionRow[]): Data {
  const byCountry = tally(sats, (s) => s.operator_country)
  const countries = [...byCountry]
    .filter(([c]) => c !== JOINT_COUNTRY)
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country))
  return {
    sats,
    plans,
    total: sats.length,
    china: sats.filter((s) => s.operator_country === CHINA),
    others: sats.filter((s) => s.operator_country !== CHINA),
    recent: sats.filter(isRecent),
    byCategory: tally(sats, (s) => s.category),
    countries,
    joint: byCountry.get(JOINT_COUNTRY) ?? 0,
  }
}
