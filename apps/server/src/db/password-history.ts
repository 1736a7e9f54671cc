import { PASSWORD_HISTORY_SIZE } from '@rs/shared'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema'

/** Rows of history kept per account beyond those the rule looks at. */
const KEEP = PASSWORD_HISTORY_SIZE * 2

/**
 * The hashes a new password may not match (等保 level 3: not one of the last five): the current
 * one and the PASSWORD_HISTORY_SIZE − 1 replaced before it, newest first.
 */
export async function recentPasswordHashes(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<string[]> {
  const current = await db.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirst()
  const older = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY_SIZE - 1)
    .execute()
  return [...(current ? [current.password_hash] : []), ...older.map((r) => r.password_hash)]
}

/**
 * Remembers the account's current hash before it is replaced (call in the transaction that sets
 * the new one) and drops history no rule needs any more.
 */
export async function rememberCurrentPassword(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<void> {
  await db
    .insertInto('password_history')
    .columns(['user_id', 'password_hash'])
    .expression((eb) => eb.selectFrom('app_user').select(['id', 'password_hash']).where('id', '=', userId))
    .execute()
  await db
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where('id', 'not in', db.selectFrom('password_history').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(KEEP))
    .execute()
}
