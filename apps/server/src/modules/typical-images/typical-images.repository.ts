import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/** An operator's row for a sample: a real image, or image null after a restore. */
export interface TypicalImageRow {
  key: string
  hasImage: boolean
  contentType: string | null
  credit: string | null
  updatedAt: Date
}

export function createTypicalImagesRepository(db: Kysely<Database>) {
  const rows = db
    .selectFrom('typical_image')
    .select(['key', 'content_type as contentType', 'credit', 'updated_at as updatedAt'])
    .select((eb) => eb('image', 'is not', null).as('hasImage'))

  return {
    async all(): Promise<TypicalImageRow[]> {
      return (await rows.execute()) as TypicalImageRow[]
    },

    async find(key: string): Promise<TypicalImageRow | undefined> {
      return (await rows.where('key', '=', key).executeTakeFirst()) as TypicalImageRow | undefined
    },

    async image(key: string): Promise<{ image: Buffer; contentType: string; updatedAt: Date } | undefined> {
      const row = await db
        .selectFrom('typical_image')
        .select(['image', 'content_type', 'updated_at'])
        .where('key', '=', key)
        .where('image', 'is not', null)
        .executeTakeFirst()
      if (!row?.image || !row.content_type) return undefined
      return { image: Buffer.from(row.image), contentType: row.content_type, updatedAt: row.updated_at }
    },

    /** Stores a checked real image with its credit (one statement). */
    async replace(key: string, image: { data: Buffer; type: string; width: number; height: number; credit: string }, userId: number) {
      const values = {
        image: image.data,
        content_type: image.type,
        width: image.width,
        height: image.height,
        credit: image.credit,
        updated_by: userId,
        updated_at: new Date(),
      }
      await db
        .insertInto('typical_image')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute()
    },

    /** Back to the illustration: the image is dropped, who and when are kept. */
    async restore(key: string, userId: number) {
      const values = {
        image: null,
        content_type: null,
        width: null,
        height: null,
        credit: null,
        updated_by: userId,
        updated_at: new Date(),
      }
      await db
        .insertInto('typical_image')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute()
    },
  }
}

export type TypicalImagesRepository = ReturnType<typeof createTypicalImagesRepository>
