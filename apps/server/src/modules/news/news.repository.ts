import { type Kysely, sql } from 'kysely'
import { containsPattern } from '../../db/fragments'
import type { Database } from '../../db/schema'

/** A listed article as the service reads it (never the cover bytes). */
export interface NewsRow {
  id: number
  title: string
  summary: string
  date: string
  source: string
  satelliteSlug: string | null
  hasCover: boolean
  updatedAt: Date
}

export interface NewsArticleRow extends NewsRow {
  body: string
}

/** The fields an editor writes. */
export interface NewsValues {
  title: string
  summary: string
  date: string
  source: string
  satelliteSlug: string | null
  body: string
}

export function createNewsRepository(db: Kysely<Database>) {
  const listed = db
    .selectFrom('news')
    .select([
      'id',
      'title',
      'summary',
      sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'),
      'source',
      'satellite_slug as satelliteSlug',
      sql<boolean>`cover IS NOT NULL`.as('hasCover'),
      'updated_at as updatedAt',
    ])
    .where('deleted', '=', false)
  const article = listed.select('body')

  return {
    /** One page, newest first (date, then id, both descending), with the total of the filtered list. */
    async list(filter: { offset: number; limit: number; keyword?: string; satelliteSlug?: string }) {
      let q = listed
      if (filter.keyword) {
        const pattern = containsPattern(filter.keyword)
        q = q.where(sql<boolean>`(title ILIKE ${pattern} ESCAPE '\\' OR summary ILIKE ${pattern} ESCAPE '\\')`)
      }
      if (filter.satelliteSlug) q = q.where('satellite_slug', '=', filter.satelliteSlug)
      const [rows, counted] = await Promise.all([
        q.orderBy('news.date', 'desc').orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
        q.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ])
      return { total: counted.total, rows: rows as NewsRow[] }
    },

    async findById(id: number): Promise<NewsArticleRow | undefined> {
      return (await article.where('id', '=', id).executeTakeFirst()) as NewsArticleRow | undefined
    },

    /** The live articles just newer and just older than (date, id) in the list order. */
    async neighbours(date: string, id: number) {
      const [newer, older] = await Promise.all([
        db
          .selectFrom('news')
          .select(['id', 'title'])
          .where('deleted', '=', false)
          .where(sql<boolean>`(date, id) > (${date}::date, ${id})`)
          .orderBy('date', 'asc')
          .orderBy('id', 'asc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('news')
          .select(['id', 'title'])
          .where('deleted', '=', false)
          .where(sql<boolean>`(date, id) < (${date}::date, ${id})`)
          .orderBy('date', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ])
      return { newer: newer ?? null, older: older ?? null }
    },

    async satelliteExists(slug: string): Promise<boolean> {
      return (await db.selectFrom('satellite').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined
    },

    async insert(values: NewsValues, userId: number): Promise<number> {
      const row = await db
        .insertInto('news')
        .values({
          title: values.title,
          summary: values.summary,
          date: values.date,
          source: values.source,
          satellite_slug: values.satelliteSlug,
          body: values.body,
          created_by: userId,
          updated_by: userId,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },

    /** Updates a live article; false when there is none with this id. */
    async update(id: number, values: NewsValues, userId: number): Promise<boolean> {
      const row = await db
        .updateTable('news')
        .set({
          title: values.title,
          summary: values.summary,
          date: values.date,
          source: values.source,
          satellite_slug: values.satelliteSlug,
          body: values.body,
          updated_by: userId,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('deleted', '=', false)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Marks an article deleted (kept for the record, cover dropped); false when there is none live. */
    async markDeleted(id: number, userId: number): Promise<boolean> {
      const row = await db
        .updateTable('news')
        .set({ deleted: true, cover: null, cover_type: null, updated_by: userId, updated_at: new Date() })
        .where('id', '=', id)
        .where('deleted', '=', false)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    async setCover(id: number, cover: Buffer, type: string, userId: number): Promise<boolean> {
      const row = await db
        .updateTable('news')
        .set({ cover, cover_type: type, updated_by: userId, updated_at: new Date() })
        .where('id', '=', id)
        .where('deleted', '=', false)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    async cover(id: number): Promise<{ cover: Buffer; type: string; updatedAt: Date } | undefined> {
      const row = await db
        .selectFrom('news')
        .select(['cover', 'cover_type', 'updated_at'])
        .where('id', '=', id)
        .where('deleted', '=', false)
        .where('cover', 'is not', null)
        .executeTakeFirst()
      if (!row?.cover || !row.cover_type) return undefined
      return { cover: Buffer.from(row.cover), type: row.cover_type, updatedAt: row.updated_at }
    },
  }
}

export type NewsRepository = ReturnType<typeof createNewsRepository>
