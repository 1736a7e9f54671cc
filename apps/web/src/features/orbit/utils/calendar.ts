import type { Pass } from '@rs/shared'
import { formatBeijing } from '../../../lib/time'

/** The acquisition calendar: Beijing days of the window (rows) × satellites (columns), passes per cell. */
export interface PassCalendar {
  days: string[]
  satellites: string[]
  /** cells[day][satellite] = passes starting that Beijing day. */
  cells: Record<string, Record<string, Pass[]>>
}

export function passCalendar(passes: readonly Pass[], windowStart: string, windowEnd: string): PassCalendar {
  const days: string[] = []
  const first = formatBeijing(windowStart, 'YYYY-MM-DD')
  const last = formatBeijing(Date.parse(windowEnd) - 1, 'YYYY-MM-DD')
  // Beijing has no daylight saving: a day is 86,400 s
  for (let t = Date.parse(`${first}T00:00:00+08:00`); ; t += 86_400_000) {
    const day = formatBeijing(t, 'YYYY-MM-DD')
    days.push(day)
    if (day >= last || days.length > 400) break
  }
  const satellites = [...new Set(passes.map((p) => p.satellite))]
  const cells: PassCalendar['cells'] = {}
  for (const day of days) cells[day] = {}
  for (const p of passes) {
    const day = formatBeijing(p.start, 'YYYY-MM-DD')
    const row = cells[day]
    if (!row) continue
    row[p.satellite] = [...(row[p.satellite] ?? []), p]
  }
  return { days, satellites, cells }
}
