import { z } from 'zod'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'
import { NEWS_LIMITS } from './values'

/**
 * The language news articles are written in. Articles are the editors' own words, kept as written
 * (one text per article; the editors write Chinese). Pages mark them with this `lang`, so a screen
 * reader reads them as Chinese on an English page and the English walk (e2e/english.spec.ts)
 * leaves them alone.
 */
export const NEWS_ARTICLE_LANGUAGE = 'zh-CN'

export const NewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  source: z.string(),
  satelliteSlug: z.string().nullable().describe('the satellite page the article is about, if any'),
  coverUrl: z.string().nullable().describe('/api/news/cover?id=… when the article has a cover'),
  updatedAt: z.string(),
})
export type NewsItem = z.infer<typeof NewsItem>

export const NewsArticle = NewsItem.extend({
  body: z.string().describe('plain text; paragraphs separated by a blank line'),
})
export type NewsArticle = z.infer<typeof NewsArticle>

/** An article's neighbour in the list order (date, then id, newest first). */
export const NewsNeighbour = z.object({ id: z.number().int(), title: z.string() })

export const NewsArticleWithNeighbours = NewsArticle.extend({
  newer: NewsNeighbour.nullable().describe('the next newer article (上一篇), if any'),
  older: NewsNeighbour.nullable().describe('the next older article (下一篇), if any'),
})
export type NewsArticleWithNeighbours = z.infer<typeof NewsArticleWithNeighbours>

const NewsDate = z
  .string({ error: lazyMessage('validation.newsDateRequired') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: lazyMessage('validation.newsDateFormat') })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: lazyMessage('validation.newsDateInvalid') })

export const NewsInput = z.object({
  title: requiredString('news.titleRequired', NEWS_LIMITS.titleMax),
  summary: requiredString('news.summaryRequired', NEWS_LIMITS.summaryMax),
  date: NewsDate,
  source: requiredString('news.sourceRequired', NEWS_LIMITS.sourceMax),
  body: requiredString('news.bodyRequired', NEWS_LIMITS.bodyMax, { multiline: true }),
  satelliteSlug: text({ max: 40 }).trim().nullable().optional(),
})
export type NewsInput = z.infer<typeof NewsInput>

export const newsList = defineRoute({
  method: 'GET',
  path: '/api/news/list',
  summary: '卫星新闻列表（按日期从新到旧）',
  tags: ['news'],
  auth: 'public',
  query: z.object({
    page: queryInt(1, 100_000, lazyMessage('validation.pageNum')).default(1),
    pageSize: queryInt(1, NEWS_LIMITS.pageSizeMax, lazyMessage('validation.pageSize', { max: NEWS_LIMITS.pageSizeMax })).default(10),
    keyword: text({ max: 50, error: lazyMessage('validation.newsKeyword') })
      .trim()
      .optional(),
    satelliteSlug: text({ max: 40 }).trim().optional(),
  }),
  data: z.object({ total: z.number().int(), items: z.array(NewsItem) }),
})

export const newsDetail = defineRoute({
  method: 'GET',
  path: '/api/news/detail',
  summary: '卫星新闻正文',
  tags: ['news'],
  auth: 'public',
  query: z.object({ id: IdParam }),
  data: NewsArticleWithNeighbours,
})

/** Permission for adding and editing news and replacing typical images: PERMISSION.contentEditor. */
export const newsCreate = defineRoute({
  method: 'POST',
  path: '/api/news/create',
  summary: '新增新闻（内容管理权限）',
  tags: ['news'],
  auth: { permission: PERMISSION.contentEditor },
  body: NewsInput,
  data: NewsArticle,
})

export const newsUpdate = defineRoute({
  method: 'POST',
  path: '/api/news/update',
  summary: '修改新闻（内容管理权限）',
  tags: ['news'],
  auth: { permission: PERMISSION.contentEditor },
  body: NewsInput.extend({ id: Id }),
  data: NewsArticle,
})

export const newsDelete = defineRoute({
  method: 'POST',
  path: '/api/news/delete',
  summary: '删除新闻（内容管理权限）',
  tags: ['news'],
  auth: { permission: PERMISSION.contentEditor },
  body: z.object({ id: Id }),
  data: z.object({ id: z.number().int() }),
})

/**
 * POST /api/news/cover?id=… with a multipart form holding one image (PNG, JPEG or WebP, at most
 * NEWS_LIMITS.coverMaxBytes); bound by hand on the server (multipart). GET /api/news/cover?id=…
 * answers the image bytes.
 */
export const newsCoverUpload = defineRoute({
  method: 'POST',
  path: '/api/news/cover',
  summary: '上传或替换新闻封面（内容管理权限）',
  tags: ['news'],
  auth: { permission: PERMISSION.contentEditor },
  query: z.object({ id: IdParam }),
  data: NewsArticle,
})
