import type { SceneFilters, SceneSortField } from '@rs/shared'
import { ApiError } from '../../../lib/errors'
import type { Condition, Literal, Queryable } from '../../../lib/filter/ast'
import { SCENE_FIELDS, type SortKey } from './fields'

/** Beijing time: the portal's dates are local days (SPEC: Asia/Shanghai). */
export const ARCHIVE_ZONE = 'Asia/Shanghai'

const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The offset of a zone from UTC at an instant, in ms (local − UTC), as the tz database gives it. */
function zoneOffsetMs(utcMs: number, zone: string): number {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(zone, f)
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]))
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year)
  const local = new Date(0)
  local.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day))
  local.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0)
  return local.getTime() - (utcMs - (((utcMs % 1000) + 1000) % 1000))
}

/**
 * The instant a local day (YYYY-MM-DD) begins in a zone, as ISO text; undefined for a day the
 * calendar does not have (2026-02-30). The same instant as PostgreSQL's `day::timestamp AT TIME ZONE zone`.
 */
export function zonedDayStart(day: string, zone = ARCHIVE_ZONE, plusDays = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return undefined
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const naive = new Date(0)
  naive.setUTCFullYear(y, mo - 1, d)
  if (naive.getUTCFullYear() !== y || naive.getUTCMonth() !== mo - 1 || naive.getUTCDate() !== d) return undefined
  const wall = naive.getTime() + plusDays * DAY_MS
  // the offset at the guessed instant, then once more at the corrected one (a change of offset that day)
  let t = wall - zoneOffsetMs(wall, zone)
  t = wall - zoneOffsetMs(t, zone)
  return new Date(t).toISOString()
}

const compare = (attr: Queryable, cmp: '=' | '<' | '<=' | '>=', value: Literal): Condition => ({
  op: 'compare',
  cmp,
  attr,
  value,
  matchCase: true,
})
const anyOf = (attr: Queryable, values: string[]): Condition => ({ op: 'in', attr, values, matchCase: true })

/**
 * The portal form's filters as a filter tree, the same tree CQL2 and FES give: data status, a
 * satellite or a `satellite:sensor` pair, Beijing-time days (both ends included), cloud and
 * resolution limits, product levels.
 */
export function formCondition(f: SceneFilters): Condition {
  const items: Condition[] = [compare(SCENE_FIELDS.dataStatus, '=', f.dataStatus)]
  if (f.satellites.length > 0 || f.sensors.length > 0) {
    const either: Condition[] = []
    if (f.satellites.length > 0) either.push(anyOf(SCENE_FIELDS.satellite, f.satellites))
    for (const pair of f.sensors) {
      const cut = pair.indexOf(':')
      either.push({
        op: 'and',
        items: [compare(SCENE_FIELDS.satellite, '=', pair.slice(0, cut)), compare(SCENE_FIELDS.sensor, '=', pair.slice(cut + 1))],
      })
    }
    items.push({ op: 'or', items: either })
  }
  // a day in Beijing time: [day 00:00 +08, next day 00:00 +08)
  if (f.startDate) items.push(compare(SCENE_FIELDS.acquiredAt, '>=', dayStart(f.startDate, 0)))
  if (f.endDate) items.push(compare(SCENE_FIELDS.acquiredAt, '<', dayStart(f.endDate, 1)))
  if (f.cloudMax !== undefined) items.push(compare(SCENE_FIELDS.cloudPercent, '<=', f.cloudMax))
  if (f.resolutionMin !== undefined) items.push(compare(SCENE_FIELDS.resolutionM, '>=', f.resolutionMin))
  if (f.resolutionMax !== undefined) items.push(compare(SCENE_FIELDS.resolutionM, '<=', f.resolutionMax))
  if (f.productLevels.length > 0) items.push(anyOf(SCENE_FIELDS.productLevel, f.productLevels))
  return { op: 'and', items }
}

function dayStart(day: string, plusDays: number): string {
  const at = zonedDayStart(day, ARCHIVE_ZONE, plusDays)
  // the form's pattern lets a day through that the calendar does not have (2026-02-30): a 400, not a database error
  if (!at) throw ApiError.of(400, 'archive.errors.badDate')
  return at
}

/** The portal's sort (one field and direction; the id breaks ties in the same direction). */
export function formSort(sort: { sortField?: SceneSortField; sortOrder?: 'asc' | 'desc' } | undefined): SortKey[] {
  return [{ column: sort?.sortField ?? 'time', desc: (sort?.sortOrder ?? 'desc') === 'desc' }]
}
