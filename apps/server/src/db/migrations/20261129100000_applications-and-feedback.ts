import { type Kysely, sql } from 'kysely'

/**
 * Applications (申请) for a module permission over regions, their attachments (uploaded first,
 * bound to one application when it is submitted), and feedback (意见反馈) from visitors and users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE apply_attachment (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
      bytes integer NOT NULL CHECK (bytes > 0),
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX apply_attachment_user_idx ON apply_attachment (user_id, created_at)`.execute(db)
  await sql`
    CREATE TABLE application (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('monitor', 'sharing')),
      module text NOT NULL CHECK (module ~ '^MOD_[0-9]{3}$'),
      region_ids text[] NOT NULL CHECK (cardinality(region_ids) > 0),
      reason text NOT NULL,
      attachment_id integer UNIQUE REFERENCES apply_attachment (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
      reject_reason text,
      reviewed_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX application_user_idx ON application (user_id, created_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX application_status_idx ON application (status, created_at DESC, id DESC)`.execute(db)
  // one pending application per user and module, also under concurrent submits
  await sql`CREATE UNIQUE INDEX application_pending_key ON application (user_id, module) WHERE status = 'pending'`.execute(db)
  await sql`
    CREATE TABLE feedback (
      id serial PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('suggestion', 'problem', 'data', 'account', 'other')),
      content text NOT NULL,
      contact text NOT NULL DEFAULT '',
      user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      ip text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      handled_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      handled_at timestamptz,
      handle_note text NOT NULL DEFAULT ''
    )`.execute(db)
  await sql`CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS feedback`.execute(db)
  await sql`DROP TABLE IF EXISTS application`.execute(db)
  await sql`DROP TABLE IF EXISTS apply_attachment`.execute(db)
}
