import { type Kysely, sql } from 'kysely'

/** Accounts, permissions, area ranges, captchas, sessions, visit counters and the cart. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS postgis`.execute(db)
  await sql`
    CREATE TABLE app_user (
      id serial PRIMARY KEY,
      username text NOT NULL,
      password_hash text NOT NULL,
      account_type integer NOT NULL DEFAULT 0,
      telephone text,
      email text,
      real_name text NOT NULL DEFAULT '',
      organization text NOT NULL DEFAULT '',
      is_service boolean NOT NULL DEFAULT false,
      disabled boolean NOT NULL DEFAULT false,
      must_change_password boolean NOT NULL DEFAULT false,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username))`.execute(db)
  await sql`CREATE UNIQUE INDEX app_user_telephone_key ON app_user (telephone) WHERE telephone IS NOT NULL`.execute(db)
  await sql`CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email)) WHERE email IS NOT NULL`.execute(db)
  await sql`CREATE TABLE permission (code text PRIMARY KEY, name text NOT NULL)`.execute(db)
  await sql`
    CREATE TABLE user_permission (
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      code text NOT NULL,
      PRIMARY KEY (user_id, code)
    )`.execute(db)
  await sql`
    CREATE TABLE area_range (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      type text NOT NULL,
      region_id text NOT NULL CHECK (region_id ~ '^[0-9]{6}$'),
      status integer NOT NULL DEFAULT 0,
      is_delete integer NOT NULL DEFAULT 0
    )`.execute(db)
  await sql`CREATE INDEX area_range_user_idx ON area_range (user_id)`.execute(db)
  await sql`CREATE TABLE push_node (id serial PRIMARY KEY, name text NOT NULL, region_id text NOT NULL)`.execute(db)
  await sql`
    CREATE TABLE user_push_node (
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      push_node_id integer NOT NULL REFERENCES push_node (id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, push_node_id)
    )`.execute(db)
  await sql`
    CREATE TABLE captcha (
      token text PRIMARY KEY,
      answer text NOT NULL,
      secret_key text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX captcha_expires_idx ON captcha (expires_at)`.execute(db)
  await sql`
    CREATE TABLE user_session (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ip text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT ''
    )`.execute(db)
  await sql`CREATE INDEX user_session_expires_idx ON user_session (expires_at)`.execute(db)
  await sql`
    CREATE TABLE page_visit (
      name text PRIMARY KEY,
      label text NOT NULL DEFAULT '',
      count bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE cart_item (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      scene_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, scene_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'cart_item',
    'page_visit',
    'user_session',
    'captcha',
    'user_push_node',
    'push_node',
    'area_range',
    'user_permission',
    'permission',
    'app_user',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
  }
}
