import { type Kysely, sql } from 'kysely'

/**
 * Self-registration and password reset (issue 11): the person information of account type 0, the
 * password history (等保: not one of the last five), verification codes (stored as HMACs, never
 * readable) and the outbox that keeps mail and SMS when no SMTP server or SMS provider is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE person_info (
      user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
      organization_type text NOT NULL,
      region_code text NOT NULL CHECK (region_code ~ '^[0-9]{6}$'),
      industry text NOT NULL,
      purpose text NOT NULL,
      terms_accepted_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE password_history (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      password_hash text NOT NULL,
      replaced_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX password_history_user_idx ON password_history (user_id, id DESC)`.execute(db)
  await sql`
    CREATE TABLE verification_code (
      id bigserial PRIMARY KEY,
      token text NOT NULL UNIQUE,
      purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
      channel text NOT NULL CHECK (channel IN ('email', 'telephone')),
      recipient text NOT NULL,
      code_hash text NOT NULL,
      secret_key text NOT NULL,
      ip text NOT NULL DEFAULT '',
      failed_tries integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX verification_code_recipient_idx ON verification_code (channel, recipient, created_at DESC)`.execute(db)
  await sql`CREATE INDEX verification_code_ip_idx ON verification_code (ip, created_at DESC)`.execute(db)
  await sql`
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text NOT NULL DEFAULT '',
      text_body text NOT NULL,
      html_body text
    )`.execute(db)
  await sql`CREATE INDEX outbox_at_idx ON outbox (at DESC, id DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS outbox`.execute(db)
  await sql`DROP TABLE IF EXISTS verification_code`.execute(db)
  await sql`DROP TABLE IF EXISTS password_history`.execute(db)
  await sql`DROP TABLE IF EXISTS person_info`.execute(db)
}
