import { type Kysely, sql } from 'kysely'

/**
 * Pushes (推送, issue 23): the push nodes of the foundation (name, region) get a level, a delivery
 * target (a folder under the portal's push root), contacts, a switch and the time of their last
 * push; a push batch is a package of scenes produced as an order's is and delivered to a node's
 * target, its states on the shared machine (domain/push.ts); its scenes keep what the statistics
 * count (satellite, resolution class, area, bytes) as they were when pushed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE push_node
      ADD COLUMN level text NOT NULL DEFAULT 'province' CHECK (level IN ('province', 'city')),
      ADD COLUMN target_kind text NOT NULL DEFAULT 'folder' CHECK (target_kind IN ('folder')),
      ADD COLUMN target text NOT NULL DEFAULT '',
      ADD COLUMN contacts jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN enabled boolean NOT NULL DEFAULT true,
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN last_pushed_at timestamptz`.execute(db)
  await sql`UPDATE push_node SET target = 'node-' || id WHERE target = ''`.execute(db)
  await sql`
    CREATE TABLE push_batch (
      id serial PRIMARY KEY,
      node_id integer NOT NULL REFERENCES push_node (id),
      state text NOT NULL CHECK (state IN ('pending', 'pushing', 'delivered', 'failed')),
      selection text NOT NULL CHECK (selection IN ('ids', 'new')),
      province_code text NOT NULL,
      scene_count integer NOT NULL,
      area_km2 double precision NOT NULL,
      bytes bigint,
      package_sha256 text,
      delivered_file text,
      progress smallint NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      error text,
      created_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX push_batch_node_idx ON push_batch (node_id, created_at DESC)`.execute(db)
  await sql`CREATE INDEX push_batch_state_idx ON push_batch (state)`.execute(db)
  await sql`
    CREATE TABLE push_batch_scene (
      batch_id integer NOT NULL REFERENCES push_batch (id) ON DELETE CASCADE,
      scene_id text NOT NULL,
      position integer NOT NULL,
      satellite text NOT NULL,
      class smallint NOT NULL,
      area_km2 double precision NOT NULL,
      acquired_at timestamptz NOT NULL,
      bytes bigint,
      PRIMARY KEY (batch_id, scene_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS push_batch_scene`.execute(db)
  await sql`DROP TABLE IF EXISTS push_batch`.execute(db)
  await sql`
    ALTER TABLE push_node DROP COLUMN IF EXISTS level, DROP COLUMN IF EXISTS target_kind, DROP COLUMN IF EXISTS target,
      DROP COLUMN IF EXISTS contacts, DROP COLUMN IF EXISTS enabled, DROP COLUMN IF EXISTS created_at, DROP COLUMN IF EXISTS last_pushed_at`.execute(
    db,
  )
}
