import { type Kysely, sql } from 'kysely'

/**
 * Orders (issue 11): an order of scenes with its state (packages/shared domain/order.ts), purpose,
 * project and accepted terms; the scenes it holds (their ids, kept when a scene leaves the
 * archive); the package produced on approval (a file under DATA_DIR) and its extraction code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE scene_order (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'rejected', 'approved', 'producing', 'failed', 'ready', 'completed', 'expired', 'cancelled')),
      purpose text NOT NULL,
      project text NOT NULL,
      terms_accepted_at timestamptz NOT NULL,
      scene_count integer NOT NULL CHECK (scene_count > 0),
      reject_reason text,
      reviewed_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      extract_code text,
      package_file text,
      package_bytes bigint,
      package_sha256 text,
      ready_at timestamptz,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX scene_order_user_idx ON scene_order (user_id, created_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX scene_order_status_idx ON scene_order (status, created_at DESC, id DESC)`.execute(db)
  await sql`
    CREATE TABLE scene_order_item (
      order_id integer NOT NULL REFERENCES scene_order (id) ON DELETE CASCADE,
      position integer NOT NULL,
      scene_id text NOT NULL,
      PRIMARY KEY (order_id, position),
      UNIQUE (order_id, scene_id)
    )`.execute(db)
  await sql`CREATE INDEX cart_item_user_idx ON cart_item (user_id, created_at DESC, id DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS cart_item_user_idx`.execute(db)
  await sql`DROP TABLE IF EXISTS scene_order_item`.execute(db)
  await sql`DROP TABLE IF EXISTS scene_order`.execute(db)
}
