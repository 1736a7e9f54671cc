import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema'

/** Reads of the world satellite tables (loaded at start by datasets/world-satellites/load.ts). */
export function createAnalysisRepository(db: Kysely<Database>) {
  return {
    satellites() {
      return db
        .selectFrom('world_satellite')
        .select([
          'norad_number',
          'name',
          'country_of_operator_owner',
          'operator_owner',
          'operator_country',
          'users',
          'user_group',
          'detailed_purpose',
          'purpose',
          'category',
          'remote_sensing',
          'class_of_orbit',
          'orbit_class',
          'launch_year',
          'series_slug',
          'resolution_m',
          'resolution_class',
        ])
        .orderBy('position')
        .execute()
    },
    plannedMissions() {
      return db
        .selectFrom('planned_mission')
        .select([
          'position',
          'name',
          'name_zh',
          'country',
          'planned_year',
          'planned_year_zh',
          'source',
          'source_publisher',
          'source_title',
          'source_publisher_en',
          'source_title_en',
          sql<string | null>`to_char(source_date, 'YYYY-MM-DD')`.as('source_date'),
          'portal_category',
          'period_key',
          'satellites',
        ])
        .orderBy('position')
        .execute()
    },
  }
}
export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>
export type AnalysisSatelliteRow = Awaited<ReturnType<AnalysisRepository['satellites']>>[number]
export type PlannedMissionRow = Awaited<ReturnType<AnalysisRepository['plannedMissions']>>[number]
