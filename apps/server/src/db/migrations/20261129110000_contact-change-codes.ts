import { type Kysely, sql } from 'kysely'

/** Verification codes may also confirm a new e-mail or telephone of a logged-in account (purpose 'change'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check`.execute(db)
  await sql`ALTER TABLE verification_code ADD CONSTRAINT verification_code_purpose_check
    CHECK (purpose IN ('register', 'reset', 'change'))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM verification_code WHERE purpose = 'change'`.execute(db)
  await sql`ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check`.execute(db)
  await sql`ALTER TABLE verification_code ADD CONSTRAINT verification_code_purpose_check CHECK (purpose IN ('register', 'reset'))`.execute(
    db,
  )
}
