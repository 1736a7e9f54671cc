import { type Kysely, sql } from 'kysely'

/**
 * The coverage rollup keeps quarters and years beside months (domain/coverage.ts periodCode: a
 * quarter 202622, a year 202600 in the same `month` column), so a year's question reads one row per
 * county and class instead of twelve (every county for a year at 1,000,000 scenes: 13.7 s cold
 * before). An inserted scene is ORed into its month, quarter and year. A recount (a delete or an
 * update) empties the month, its quarter and its year, queues the month's scenes again and marks the
 * quarter and year stale: once the queue is empty they are derived again from their months' rows.
 * The engine's grid rule moves to v2, so the rows stored so far are counted again with their periods.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE coverage_stale_period (
      source text NOT NULL,
      period integer NOT NULL,
      PRIMARY KEY (source, period)
    )`.execute(db)
  await sql`
    CREATE OR REPLACE FUNCTION coverage_recount(months integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(array_length(months, 1), 0) = 0 THEN RETURN; END IF;
      UPDATE coverage_state SET epoch = epoch + 1, version = version + 1 WHERE id = 1;
      DELETE FROM coverage_month WHERE source = 'archive' AND month IN (
        SELECT unnest(ARRAY[m, (m / 100) * 100 + 20 + ((m % 100) + 2) / 3, (m / 100) * 100]) FROM unnest(months) AS m);
      INSERT INTO coverage_stale_period (source, period)
      SELECT DISTINCT 'archive', p FROM unnest(months) AS m, unnest(ARRAY[(m / 100) * 100 + 20 + ((m % 100) + 2) / 3, (m / 100) * 100]) AS p
      ON CONFLICT DO NOTHING;
      INSERT INTO coverage_pending (scene_id, seq, month)
      SELECT s.id, nextval('coverage_pending_seq'), m
      FROM unnest(months) AS m JOIN scene s
        ON s.data_status = '2' AND s.acquired_at >= coverage_month_start(m) AND s.acquired_at < coverage_month_start(m) + interval '1 month'
      ON CONFLICT (scene_id) DO UPDATE SET seq = EXCLUDED.seq, month = EXCLUDED.month;
    END $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS coverage_stale_period`.execute(db)
}
