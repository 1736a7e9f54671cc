import { beijingMonth, type CoveragePeriodKind, parseCoveragePeriod } from '@rs/shared'
import type { Translate } from './i18n'

/** A period's words: '2026年第2季度' (through the message templates). */
export function periodLabel(key: string, t: Translate): string {
  const p = parseCoveragePeriod(key)
  if (!p) return key
  const year = Math.floor(p.fromMonth / 100)
  const month = p.fromMonth % 100
  if (p.kind === 'year') return t('coverage.periodLabel.year', { year })
  if (p.kind === 'quarter') return t('coverage.periodLabel.quarter', { year, quarter: Math.ceil(month / 3) })
  return t('coverage.periodLabel.month', { year, month })
}

/** The period of a kind that holds a month (yyyymm). */
export function periodOfMonth(kind: CoveragePeriodKind, month: number): string {
  const year = Math.floor(month / 100)
  const m = month % 100
  if (kind === 'year') return String(year)
  if (kind === 'quarter') return `${year}Q${Math.ceil(m / 3)}`
  return `${year}-${String(m).padStart(2, '0')}`
}

/**
 * The periods a picker offers: those of the months with imagery and the current one, newest first
 * (a period with no imagery is still offered when it is the current one).
 */
export function periodOptions(kind: CoveragePeriodKind, months: readonly number[], current: number): string[] {
  const keys = new Set([...months, current].map((m) => periodOfMonth(kind, m)))
  return [...keys].sort((a, b) => (parseCoveragePeriod(b)?.fromMonth ?? 0) - (parseCoveragePeriod(a)?.fromMonth ?? 0))
}

/** The periods the page offers: the last eight quarters and the last three years before `now`. */
export function recentPeriods(now: number): string[] {
  const month = beijingMonth(now)
  let year = Math.floor(month / 100)
  let quarter = Math.ceil((month % 100) / 3)
  const quarters: string[] = []
  for (let i = 0; i < 8; i++) {
    quarters.push(`${year}Q${quarter}`)
    quarter -= 1
    if (quarter === 0) {
      quarter = 4
      year -= 1
    }
  }
  const thisYear = Math.floor(month / 100)
  return [...quarters, String(thisYear), String(thisYear - 1), String(thisYear - 2)]
}
