import { type Kysely, sql } from 'kysely'

/**
 * Orbit prediction (issue 12): each user's kept predictions (orbitalPredictId), the query as asked
 * and the passes as answered, so a prediction opens again exactly as it was computed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE orbit_prediction (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      name text NOT NULL,
      window_start timestamptz NOT NULL,
      window_end timestamptz NOT NULL CHECK (window_end > window_start),
      satellite_count integer NOT NULL,
      pass_count integer NOT NULL,
      query jsonb NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX orbit_prediction_user ON orbit_prediction (user_id, id DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS orbit_prediction`.execute(db)
}
