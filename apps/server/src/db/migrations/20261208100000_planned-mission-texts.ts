import { type Kysely, sql } from 'kysely'

/**
 * The planned missions as the analysis page 发展规划 shows them: the Chinese name and planned
 * period (data/satellites-world/planned-missions.zh.json) and the named source (publisher and
 * title, data/satellites/references.zh.json). The maintainers' note of each row (the file's
 * `curation_note`) is no longer stored. The rows are emptied and their version forgotten, so the
 * next start loads them again with the new columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM planned_mission`.execute(db)
  await sql`DELETE FROM reference_data WHERE name = 'world-satellites'`.execute(db)
  await sql`
    ALTER TABLE planned_mission
      DROP COLUMN note,
      ADD COLUMN name_zh text NOT NULL,
      ADD COLUMN planned_year_zh text NOT NULL,
      ADD COLUMN source_publisher text NOT NULL,
      ADD COLUMN source_title text NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM planned_mission`.execute(db)
  await sql`DELETE FROM reference_data WHERE name = 'world-satellites'`.execute(db)
  await sql`
    ALTER TABLE planned_mission
      ADD COLUMN note text,
      DROP COLUMN name_zh,
      DROP COLUMN planned_year_zh,
      DROP COLUMN source_publisher,
      DROP COLUMN source_title`.execute(db)
}
