import { type RawBuilder, sql } from 'kysely'

/** The sorted permission codes of the user whose id is in `userIdColumn` (e.g. "u.id"); empty when none. */
export function permissionCodesOf(userIdColumn: string): RawBuilder<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(p.code order by p.code) from user_permission p where p.user_id = ${sql.ref(userIdColumn)}), '{}')`
}
