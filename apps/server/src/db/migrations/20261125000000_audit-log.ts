import { type Kysely, sql } from 'kysely'

/**
 * The append-only audit log (等保 安全审计). A trigger rejects every UPDATE and TRUNCATE, and a
 * DELETE of any row younger than 180 days, so only the retention purge of old rows can remove
 * anything; no API edits or deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      user_id integer,
      username text NOT NULL DEFAULT '',
      ip text NOT NULL DEFAULT '',
      action text NOT NULL,
      target text NOT NULL DEFAULT '',
      outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
      detail jsonb NOT NULL DEFAULT '{}'::jsonb
    )`.execute(db)
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX audit_log_user_idx ON audit_log (lower(username), at DESC)`.execute(db)
  await sql`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC)`.execute(db)
  await sql`
    CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND OLD.at < now() - interval '180 days' THEN
        RETURN OLD;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db)
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard()`.execute(
    db,
  )
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard()`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db)
  await sql`DROP FUNCTION IF EXISTS audit_log_guard()`.execute(db)
}
