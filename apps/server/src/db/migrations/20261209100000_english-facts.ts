import { type Kysely, sql } from 'kysely'

/**
 * English beside Chinese for the reference data an English caller reads: the facts of each satellite
 * series as an English page shows them (satellite.facts_en, from satellites.json and
 * satellites.en.json) and the planned missions' sources named in English (references.en.json). Both
 * versions are forgotten, so the next start loads the rows again with the new columns filled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM reference_data WHERE name IN ('satellites', 'world-satellites')`.execute(db)
  await sql`ALTER TABLE satellite ADD COLUMN facts_en jsonb`.execute(db)
  await sql`DELETE FROM planned_mission`.execute(db)
  await sql`
    ALTER TABLE planned_mission
      ADD COLUMN source_publisher_en text NOT NULL,
      ADD COLUMN source_title_en text NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM reference_data WHERE name IN ('satellites', 'world-satellites')`.execute(db)
  await sql`ALTER TABLE satellite DROP COLUMN facts_en`.execute(db)
  await sql`DELETE FROM planned_mission`.execute(db)
  await sql`ALTER TABLE planned_mission DROP COLUMN source_publisher_en, DROP COLUMN source_title_en`.execute(db)
}
