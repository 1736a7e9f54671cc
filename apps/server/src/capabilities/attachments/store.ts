import type { AttachmentInfo } from '@rs/shared'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import type { AcceptedAttachment } from './accept'

/** The tables that keep a workflow's attachment bytes (user_id, file_name, content_type, bytes, data, created_at). */
export type AttachmentTable = 'apply_attachment' | 'province_ministry_attachment'

/** Keeps an accepted attachment's bytes in its workflow's table (object storage replaces this later). */
export async function storeAttachment(
  db: Kysely<Database> | Transaction<Database>,
  table: AttachmentTable,
  userId: number,
  file: AcceptedAttachment,
): Promise<AttachmentInfo> {
  return db
    .insertInto(table)
    .values({ user_id: userId, file_name: file.fileName, content_type: file.contentType, bytes: file.data.length, data: file.data })
    .returning(['id', 'file_name as fileName', 'content_type as contentType', 'bytes'])
    .executeTakeFirstOrThrow()
}
