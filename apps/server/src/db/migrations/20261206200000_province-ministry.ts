import { type Kysely, sql } from 'kysely'

/**
 * 省部协同 (MOD_090): a province's request to the ministry, the messages of its thread and their
 * attachments (uploaded first, bound to the message that carries them). The states are those of
 * packages/shared domain/province-ministry.ts; a closed request names who closed it and when.
 *
 * The demo accounts of an existing database get MOD_090 here (the seed only inserts missing users):
 * `neimenggu` (province) and `ministry` (whole country), with the display keys the menu needs; only
 * accounts the seed made (organisation marked （演示）), so a real account of that name is untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE province_ministry_request (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('question', 'data', 'support')),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      region_id text NOT NULL CHECK (region_id ~ '^[0-9]{6}$'),
      asker_id integer NOT NULL REFERENCES app_user (id),
      asker_unit text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
      message_count integer NOT NULL DEFAULT 0 CHECK (message_count BETWEEN 0 AND 50),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      closed_by integer REFERENCES app_user (id),
      closed_at timestamptz,
      CHECK ((state = 'closed') = (closed_at IS NOT NULL AND closed_by IS NOT NULL))
    )`.execute(db)
  await sql`CREATE INDEX province_ministry_request_updated_idx ON province_ministry_request (updated_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX province_ministry_request_asker_idx ON province_ministry_request (asker_id, updated_at DESC)`.execute(db)
  await sql`CREATE INDEX province_ministry_request_region_idx ON province_ministry_request (region_id text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX province_ministry_request_state_idx ON province_ministry_request (state, updated_at DESC)`.execute(db)

  await sql`
    CREATE TABLE province_ministry_message (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES province_ministry_request (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('ask', 'answer', 'followUp')),
      author_id integer NOT NULL REFERENCES app_user (id),
      author_role text NOT NULL CHECK (author_role IN ('province', 'ministry')),
      author_unit text NOT NULL DEFAULT '',
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX province_ministry_message_request_idx ON province_ministry_message (request_id, id)`.execute(db)

  await sql`
    CREATE TABLE province_ministry_attachment (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      message_id integer REFERENCES province_ministry_message (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
      bytes integer NOT NULL CHECK (bytes > 0),
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX province_ministry_attachment_message_idx ON province_ministry_attachment (message_id)`.execute(db)
  await sql`CREATE INDEX province_ministry_attachment_unused_idx ON province_ministry_attachment (user_id, created_at)
    WHERE message_id IS NULL`.execute(db)

  await grantDemoAccounts(db)
}

/** MOD_090, its display key and the menu group's to the demo accounts the seed made, when they exist; again changes nothing. */
export async function grantDemoAccounts(db: Pick<Kysely<unknown>, 'getExecutor'>): Promise<void> {
  await sql`
    INSERT INTO user_permission (user_id, code)
    SELECT u.id, c.code FROM app_user u
    CROSS JOIN (VALUES ('MOD_090'), ('MOD_090_DISPLAY'), ('MOD_087_DISPLAY')) AS c (code)
    WHERE u.username IN ('neimenggu', 'ministry') AND u.organization LIKE '%（演示）'
    ON CONFLICT DO NOTHING`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS province_ministry_attachment`.execute(db)
  await sql`DROP TABLE IF EXISTS province_ministry_message`.execute(db)
  await sql`DROP TABLE IF EXISTS province_ministry_request`.execute(db)
}
