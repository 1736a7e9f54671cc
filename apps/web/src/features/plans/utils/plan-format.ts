import { PLAN_ALL_MONTHS, parsePlanMonths } from '@rs/shared'
import { groupDigits } from '../../../lib/format-number'
import type { Translate } from '../../../lib/i18n'

/** Square kilometres and 万元 as the plan screens show them: grouped digits, at most two decimals. */
export const km2 = (value: number) => groupDigits(value, { max: 2 })
export const money = (value: number) => groupDigits(value, { max: 2 })

/** An item's months in words: 全部, or runs of months as 3–5月、9月. */
export function monthsLabel(months: string, t: Translate): string {
  if (months === PLAN_ALL_MONTHS) return t('plan.allMonths')
  const runs: Array<[number, number]> = []
  for (const month of parsePlanMonths(months) ?? []) {
    const last = runs[runs.length - 1]
    if (last && last[1] === month - 1) last[1] = month
    else runs.push([month, month])
  }
  return runs
    .map(([from, to]) => (from === to ? t('plan.monthName', { month: from }) : t('plan.fill.monthRange', { from, to })))
    .join(t('plan.fill.listSeparator'))
}

/** The count, area and budget of some items, for the totals line. */
export function itemTotals(items: ReadonlyArray<{ areaKm2: number; budget: number }>): { items: number; areaKm2: number; budget: number } {
  return {
    items: items.length,
    areaKm2: items.reduce((sum, i) => sum + i.areaKm2, 0),
    budget: items.reduce((sum, i) => sum + i.budget, 0),
  }
}

/** Words joined as a list in the UI language (、 or , ). */
export const listOf = (parts: readonly string[], t: Translate) => parts.join(t('plan.fill.listSeparator'))

/** Clauses joined in the UI language (； or ; ). */
export const clausesOf = (parts: readonly string[], t: Translate) => parts.join(t('plan.fill.clauseSeparator'))
