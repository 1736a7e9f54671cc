import { isRegionCode, type RegionScope, regionLevel } from '@rs/shared'
import { type RawBuilder, sql } from 'kysely'

/** The sorted permission codes of the user whose id is in `userIdColumn` (e.g. "u.id"); empty when none. */
export function permissionCodesOf(userIdColumn: string): RawBuilder<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(p.code order by p.code) from user_permission p where p.user_id = ${sql.ref(userIdColumn)}), '{}')`
}

/**
 * The sorted region codes of the active area ranges (type regionId, status 0, isDelete 0) of the
 * user whose id is in `userIdColumn`; empty when none.
 */
export function areaRegionIdsOf(userIdColumn: string): RawBuilder<string[]> {
  return sql<string[]>`coalesce((select array_agg(a.region_id order by a.region_id) from area_range a
    where a.user_id = ${sql.ref(userIdColumn)} and a.type = 'regionId' and a.status = 0 and a.is_delete = 0), '{}')`
}

/**
 * The condition "the region code in `column` lies inside `scope`", for every area-limited query
 * and map layer: true for the whole country, false for no area range, else a prefix match per
 * allowed region (a province `xx0000` covers `xx%`, a city `xxxx00` covers `xxxx%`, a county
 * itself), the same rule as regionContains in @rs/shared. `column` holds six-digit codes as text.
 */
export function scopeSql(column: string, scope: RegionScope): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`
  const patterns = [...new Set(scope.regionIds.filter(isRegionCode).map(regionPattern))]
  if (patterns.length === 0) return sql<boolean>`false`
  const ref = sql.ref(column)
  return sql<boolean>`(${sql.join(
    patterns.map((p) => (p.endsWith('%') ? sql`${ref} like ${p}` : sql`${ref} = ${p}`)),
    sql` or `,
  )})`
}

function regionPattern(code: string): string {
  const level = regionLevel(code)
  if (level === 'province') return `${code.slice(0, 2)}%`
  if (level === 'city') return `${code.slice(0, 4)}%`
  return code
}

/** A LIKE pattern matching the text anywhere, with the wildcards and the escape character taken literally (use with ESCAPE '\\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
