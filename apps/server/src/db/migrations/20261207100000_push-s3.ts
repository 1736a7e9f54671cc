import { type Kysely, sql } from 'kysely'

/**
 * A push node may deliver to an S3-compatible bucket (issue 23): its location (service address,
 * region, bucket, addressing style, access key id) in `s3`, the target column its key prefix, and
 * the secret key sealed by the server (lib/secrets.ts) in `s3_secret`, never stored in the clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE push_node
      DROP CONSTRAINT IF EXISTS push_node_target_kind_check,
      ADD CONSTRAINT push_node_target_kind_check CHECK (target_kind IN ('folder', 's3')),
      ADD COLUMN s3 jsonb,
      ADD COLUMN s3_secret text,
      ADD CONSTRAINT push_node_s3_check CHECK ((target_kind = 's3') = (s3 IS NOT NULL AND s3_secret IS NOT NULL))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM push_node WHERE target_kind = 's3'`.execute(db)
  await sql`
    ALTER TABLE push_node DROP CONSTRAINT push_node_s3_check, DROP COLUMN s3, DROP COLUMN s3_secret,
      DROP CONSTRAINT push_node_target_kind_check, ADD CONSTRAINT push_node_target_kind_check CHECK (target_kind IN ('folder'))`.execute(db)
}
