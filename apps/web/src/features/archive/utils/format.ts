import { groupDigits } from '../../../lib/format-number'

/** Square kilometres for people: grouped digits, at most 2 decimals (Chinese locale). */
export function formatKm2(value: number): string {
  return groupDigits(value, { max: value >= 100 ? 0 : 2 })
}

/** A share of 0–100 as '87.5%'. */
export function formatPercent(value: number): string {
  return `${groupDigits(value, { max: 1 })}%`
}
