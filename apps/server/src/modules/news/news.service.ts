import {
  type AuditAction,
  NEWS_LIMITS,
  type NewsArticle,
  type NewsArticleWithNeighbours,
  type NewsInput,
  type NewsItem,
  TYPICAL_IMAGE_LIMITS,
} from '@rs/shared'
import { type AuditRecorder, actorOf, type Caller } from '../../lib/audit'
import { ApiError } from '../../lib/errors'
import { ImageCheckError, inspectImage } from '../../lib/image-upload'
import type { NewsArticleRow, NewsRepository, NewsRow, NewsValues } from './news.repository'

const MB = 1024 * 1024

/** Largest cover in pixels a side (checked from the header before decoding). */
export const COVER_MAX_SIDE = TYPICAL_IMAGE_LIMITS.maxSide

/** The cover's address; v changes with every edit, so browsers may keep the picture for good. */
export function coverUrl(id: number, updatedAt: Date): string {
  return `/api/news/cover?id=${id}&v=${updatedAt.getTime()}`
}

function toItem(row: NewsRow): NewsItem {
  const updatedAt = new Date(row.updatedAt)
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    date: row.date,
    source: row.source,
    satelliteSlug: row.satelliteSlug,
    coverUrl: row.hasCover ? coverUrl(row.id, updatedAt) : null,
    updatedAt: updatedAt.toISOString(),
  }
}

function toArticle(row: NewsArticleRow): NewsArticle {
  return { ...toItem(row), body: row.body }
}

/** A calendar date that exists (the contract's pattern lets 2025-02-30 through). */
function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date && parsed.getUTCFullYear() >= 1900
}

/** The picture problems as the editor reads them. */
export function coverError(error: ImageCheckError): ApiError {
  if (error.problem === 'notImage') return ApiError.of(415, 'news.cover.notImage')
  if (error.problem === 'tooManyPixels')
    return ApiError.of(400, 'news.cover.tooManyPixels', { width: error.width, height: error.height, max: COVER_MAX_SIDE })
  return ApiError.of(400, 'news.cover.corrupt')
}

/** Satellite news: public reading, editing by content editors (who and when recorded); nothing written on a refused input. */
export function createNewsService(repo: NewsRepository, audit: AuditRecorder) {
  const record = (by: Caller, action: AuditAction, article: { id: number; title: string }, detail: Record<string, unknown> = {}) =>
    audit.record({ actor: actorOf(by), ip: by.ip, action, target: `news:${article.id}`, detail: { title: article.title, ...detail } })

  async function values(input: NewsInput): Promise<NewsValues> {
    if (!isRealDate(input.date)) throw ApiError.of(400, 'news.invalidDate')
    const slug = input.satelliteSlug?.trim() || null
    if (slug && !(await repo.satelliteExists(slug))) throw ApiError.of(400, 'news.unknownSatellite', { slug })
    return { title: input.title, summary: input.summary, date: input.date, source: input.source, satelliteSlug: slug, body: input.body }
  }

  async function article(id: number): Promise<NewsArticle> {
    const row = await repo.findById(id)
    if (!row) throw ApiError.of(404, 'news.notFound')
    return toArticle(row)
  }

  return {
    async list(query: { page: number; pageSize: number; keyword?: string; satelliteSlug?: string }) {
      const { total, rows } = await repo.list({
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        keyword: query.keyword || undefined,
        satelliteSlug: query.satelliteSlug || undefined,
      })
      return { total, items: rows.map(toItem) }
    },

    /** An article with its neighbours in the list order, for 上一篇 / 下一篇. */
    async detail(id: number): Promise<NewsArticleWithNeighbours> {
      const found = await article(id)
      return { ...found, ...(await repo.neighbours(found.date, found.id)) }
    },

    async create(input: NewsInput, by: Caller): Promise<NewsArticle> {
      const id = await repo.insert(await values(input), by.userId)
      const created = await article(id)
      await record(by, 'newsCreate', created)
      return created
    },

    async update(input: NewsInput & { id: number }, by: Caller): Promise<NewsArticle> {
      const checked = await values(input)
      if (!(await repo.update(input.id, checked, by.userId))) throw ApiError.of(404, 'news.notFound')
      const updated = await article(input.id)
      await record(by, 'newsUpdate', updated)
      return updated
    },

    async remove(id: number, by: Caller): Promise<{ id: number }> {
      const found = await repo.findById(id)
      if (!(await repo.markDeleted(id, by.userId))) throw ApiError.of(404, 'news.notFound')
      await record(by, 'newsDelete', { id, title: found?.title ?? '' })
      return { id }
    },

    /** Checks the picture completely before anything is written; 404 for an unknown article. */
    async setCover(id: number, data: Buffer, by: Caller): Promise<NewsArticle> {
      if (data.length === 0) throw ApiError.of(400, 'news.cover.noFile')
      if (data.length > NEWS_LIMITS.coverMaxBytes)
        throw ApiError.of(413, 'news.cover.tooLarge', { size: `${NEWS_LIMITS.coverMaxBytes / MB} MB` })
      if (!(await repo.findById(id))) throw ApiError.of(404, 'news.notFound')
      let type: string
      try {
        type = (await inspectImage(data, { maxSide: COVER_MAX_SIDE })).type
      } catch (error) {
        if (error instanceof ImageCheckError) throw coverError(error)
        throw error
      }
      if (!(await repo.setCover(id, data, type, by.userId))) throw ApiError.of(404, 'news.notFound')
      const updated = await article(id)
      await record(by, 'newsCover', updated, { bytes: data.length, type })
      return updated
    },

    /** The cover bytes with their type and version (the v of coverUrl); 404 when the article has none. */
    async cover(id: number): Promise<{ data: Buffer; type: string; version: string }> {
      const row = await repo.cover(id)
      if (!row) throw ApiError.of(404, 'news.coverNotFound')
      return { data: row.cover, type: row.type, version: String(new Date(row.updatedAt).getTime()) }
    },
  }
}

export type NewsService = ReturnType<typeof createNewsService>
