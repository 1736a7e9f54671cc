import { NEWS_LIMITS } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INITIAL_NEWS, loadInitialNews } from '../../db/news-content'
import { type FormPart, multipartForm, picture, pngClaiming } from '../../test/images'
import { createTestContext, getData, getJson, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<'editor' | 'admin' | 'user', string> = { editor: '', admin: '', user: '' }

beforeAll(async () => {
  ctx = await createTestContext()
  tokens.editor = await loginAs(ctx, 'editor', 'Editor@2026')
  tokens.admin = await loginAs(ctx, 'admin', 'Admin@2026')
  tokens.user = await loginAs(ctx, 'user', 'User@2026')
})
afterAll(async () => {
  await ctx?.close()
})

const data = (url: string) => getData(ctx, url)
const post = async (url: string, payload: unknown, token?: string) => {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { token } : {} })
  return { status: res.statusCode, body: res.json() }
}
const uploadCover = async (id: number, parts: FormPart[], token: string | undefined = tokens.editor) => {
  const form = multipartForm(parts)
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/news/cover?id=${id}`,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { token } : {}) },
  })
  return { status: res.statusCode, body: res.json() }
}
const newsRow = (id: number) => ctx.database.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const newsCount = async () =>
  (
    await ctx.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n
const userId = async (username: string) =>
  (await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id

const article = {
  title: '测试新闻：资源三号04星在轨测试',
  summary: '用于接口测试的新闻摘要。',
  date: '2026-01-20',
  source: '测试来源',
  body: '第一段。\n\n第二段。\n\n第三段。',
  satelliteSlug: 'zy3',
}

describe('GET /api/news/list', () => {
  it('lists the initial articles newest first, ten a page', async () => {
    const first = await data('/api/news/list')
    expect(first.total).toBe(INITIAL_NEWS.length)
    expect(first.items).toHaveLength(10)
    const all = await data(`/api/news/list?pageSize=${NEWS_LIMITS.pageSizeMax}`)
    expect(all.items).toHaveLength(INITIAL_NEWS.length)
    const dates = all.items.map((i: { date: string }) => i.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(all.items[0]).toMatchObject({ date: '2025-12-16', satelliteSlug: 'zy3', source: '科技日报', coverUrl: null })
    const second = await data('/api/news/list?page=2')
    expect(second.items.map((i: { id: number }) => i.id)).toEqual(all.items.slice(10, 20).map((i: { id: number }) => i.id))
    expect((await data('/api/news/list?page=9')).items).toEqual([])
  })

  it('orders articles of the same day by id, newest first', async () => {
    const lsar = await data('/api/news/list?satelliteSlug=lsar')
    expect(lsar.total).toBe(2)
    expect(lsar.items.map((i: { date: string }) => i.date)).toEqual(['2022-02-27', '2022-01-26'])
  })

  it('finds a keyword in titles and summaries, and filters by satellite', async () => {
    const found = await data(`/api/news/list?keyword=${encodeURIComponent('高分')}&pageSize=50`)
    expect(found.total).toBeGreaterThan(3)
    for (const item of found.items) expect(`${item.title}${item.summary}`).toContain('高分')
    expect((await data(`/api/news/list?keyword=${encodeURIComponent('不存在的词')}`)).total).toBe(0)
    expect((await data('/api/news/list?satelliteSlug=nosuch')).total).toBe(0)
  })

  it('refuses a page size over 50 with a Chinese message', async () => {
    const { status, body } = await getJson(ctx, '/api/news/list?pageSize=51')
    expect(status).toBe(400)
    expect(body.message).toContain('每页条数应为 1–50')
  })
})

describe('GET /api/news/detail', () => {
  it('gives the body of an article', async () => {
    const [first] = (await data('/api/news/list')).items
    const detail = await data(`/api/news/detail?id=${first.id}`)
    expect(detail).toMatchObject({ id: first.id, title: first.title })
    expect(detail.body.split('\n\n').length).toBeGreaterThanOrEqual(3)
  })

  it('names the neighbours in the list order: newer (上一篇) and older (下一篇)', async () => {
    const items: Array<{ id: number; title: string }> = (await data('/api/news/list?pageSize=3')).items
    const [newest, second, third] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]]
    expect(await data(`/api/news/detail?id=${newest.id}`)).toMatchObject({ newer: null, older: { id: second.id, title: second.title } })
    expect(await data(`/api/news/detail?id=${second.id}`)).toMatchObject({
      newer: { id: newest.id, title: newest.title },
      older: { id: third.id, title: third.title },
    })
    const all = await data('/api/news/list?pageSize=50')
    const oldest = all.items[all.items.length - 1]
    expect((await data(`/api/news/detail?id=${oldest.id}`)).older).toBeNull()
  })

  it('answers 404 for an unknown article and 400 for a bad id', async () => {
    const { status, body } = await getJson(ctx, '/api/news/detail?id=999999')
    expect(status).toBe(404)
    expect(body.message).toBe('未找到该新闻')
    expect((await getJson(ctx, '/api/news/detail?id=abc')).status).toBe(400)
  })
})

describe('editing news', () => {
  it('needs a login (401) and the content permission (403)', async () => {
    for (const [url, payload] of [
      ['/api/news/create', article],
      ['/api/news/update', { ...article, id: 1 }],
      ['/api/news/delete', { id: 1 }],
    ] as const) {
      expect((await post(url, payload)).status, url).toBe(401)
      const denied = await post(url, payload, tokens.user)
      expect(denied.status, url).toBe(403)
      expect(denied.body.code).toBe(403)
    }
    expect(await newsCount()).toBe(INITIAL_NEWS.length)
  })

  it('creates as editor, updates as admin, deletes as editor, recording who', async () => {
    const created = await post('/api/news/create', article, tokens.editor)
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ title: article.title, date: '2026-01-20', satelliteSlug: 'zy3', coverUrl: null })
    const id = created.body.data.id as number
    expect((await data('/api/news/list')).items[0].id).toBe(id)
    expect(await newsRow(id)).toMatchObject({ created_by: await userId('editor'), updated_by: await userId('editor') })

    const updated = await post('/api/news/update', { ...article, id, title: '改过的标题', satelliteSlug: null }, tokens.admin)
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ id, title: '改过的标题', satelliteSlug: null })
    expect(Date.parse(updated.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.data.updatedAt))
    expect(await newsRow(id)).toMatchObject({ created_by: await userId('editor'), updated_by: await userId('admin') })

    const removed = await post('/api/news/delete', { id }, tokens.editor)
    expect(removed.body).toMatchObject({ code: 0, data: { id } })
    expect((await getJson(ctx, `/api/news/detail?id=${id}`)).status).toBe(404)
    expect((await data('/api/news/list')).total).toBe(INITIAL_NEWS.length)
    expect((await post('/api/news/delete', { id }, tokens.editor)).status).toBe(404)
    expect((await post('/api/news/update', { ...article, id }, tokens.editor)).status).toBe(404)
  })

  it.each([
    ['no title', { ...article, title: '  ' }, '请填写新闻标题'],
    ['no body', { ...article, body: undefined }, '请填写新闻正文'],
    ['a long title', { ...article, title: '长'.repeat(NEWS_LIMITS.titleMax + 1) }, '最多100个字符'],
    ['a malformed date', { ...article, date: '2026/01/20' }, '新闻日期格式应为 YYYY-MM-DD'],
    ['a date that does not exist', { ...article, date: '2025-02-30' }, '新闻日期无效'],
    ['an unknown satellite', { ...article, satelliteSlug: 'nosuch' }, '未知的卫星“nosuch”'],
  ])('refuses %s with 400 and a Chinese message, writing nothing', async (_, payload, message) => {
    const before = await newsCount()
    const { status, body } = await post('/api/news/create', payload, tokens.editor)
    expect(status).toBe(400)
    expect(body.message).toContain(message)
    expect(await newsCount()).toBe(before)
  })

  it('takes % and _ in a keyword literally', async () => {
    const created = await post('/api/news/create', { ...article, title: '覆盖率达到100%的测试' }, tokens.editor)
    const percent = await data('/api/news/list?keyword=%25')
    expect(percent.items.map((i: { id: number }) => i.id)).toEqual([created.body.data.id])
    expect((await data('/api/news/list?keyword=_')).total).toBe(0)
    expect((await data(`/api/news/list?keyword=${encodeURIComponent('100%的')}`)).total).toBe(1)
    await post('/api/news/delete', { id: created.body.data.id }, tokens.editor)
  })
})

describe('news covers', () => {
  let id: number

  beforeAll(async () => {
    id = (await post('/api/news/create', { ...article, title: '带封面的新闻' }, tokens.editor)).body.data.id
  })

  it.each(['png', 'jpeg', 'webp'] as const)('stores a %s cover and serves it with cache headers', async (type) => {
    const bytes = await picture(type, 80, 50)
    const { status, body } = await uploadCover(id, [{ name: 'file', filename: `cover.${type}`, data: bytes }])
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data.coverUrl).toMatch(new RegExp(`^/api/news/cover\\?id=${id}&v=\\d+$`))
    const res = await ctx.app.inject({ method: 'GET', url: body.data.coverUrl })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(`image/${type}`)
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0)
    const stale = await ctx.app.inject({ method: 'GET', url: `/api/news/cover?id=${id}&v=1` })
    expect(stale.headers['cache-control']).toBe('no-cache')
    const again = await ctx.app.inject({ method: 'GET', url: body.data.coverUrl, headers: { 'if-none-match': String(res.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect((await data(`/api/news/list?keyword=${encodeURIComponent('带封面')}`)).items[0].coverUrl).toBe(body.data.coverUrl)
  })

  it.each([
    ['a text file named .png', () => Buffer.from('这不是图片，只是文字。'), 415, '只支持 PNG、JPEG 或 WebP'],
    ['a truncated PNG', async () => (await picture('png', 200, 120)).subarray(0, 300), 400, '图片已损坏或不完整'],
    ['a header claiming 100000×100 pixels', async () => pngClaiming(100_000, 100), 400, '每边最多 8000 像素'],
    ['a file over 2 MB', async () => Buffer.concat([await picture('png'), Buffer.alloc(NEWS_LIMITS.coverMaxBytes)]), 413, '最大 2 MB'],
  ])('refuses %s and keeps the cover as it was', async (_, make, status, message) => {
    const before = await newsRow(id)
    const result = await uploadCover(id, [{ name: 'file', filename: 'cover.png', data: await make() }])
    expect(result.status).toBe(status)
    expect(result.body.message).toContain(message)
    const after = await newsRow(id)
    expect(after.cover_type).toBe(before.cover_type)
    expect(Buffer.compare(Buffer.from(after.cover ?? []), Buffer.from(before.cover ?? []))).toBe(0)
    expect(after.updated_at).toEqual(before.updated_at)
  })

  it('refuses a form without a file, an unknown article, no login and no permission', async () => {
    const png = await picture('png')
    expect((await uploadCover(id, [{ name: 'note', data: 'x' }])).status).toBe(400)
    expect((await uploadCover(999999, [{ name: 'file', filename: 'a.png', data: png }])).status).toBe(404)
    expect((await uploadCover(id, [{ name: 'file', filename: 'a.png', data: png }], '')).status).toBe(401)
    expect((await uploadCover(id, [{ name: 'file', filename: 'a.png', data: png }], tokens.user)).status).toBe(403)
    const json = await ctx.app.inject({ method: 'POST', url: `/api/news/cover?id=${id}`, payload: {}, headers: { token: tokens.editor } })
    expect(json.statusCode).toBe(415)
  })

  it('answers 404 for the cover of an article without one', async () => {
    const [first] = (await data('/api/news/list?satelliteSlug=gf7')).items
    expect((await getJson(ctx, `/api/news/cover?id=${first.id}`)).status).toBe(404)
  })
})

describe('initial articles', () => {
  it('are loaded once: deletions and edits survive another load', async () => {
    const [first] = (await data('/api/news/list?satelliteSlug=gf4')).items
    await post('/api/news/delete', { id: first.id }, tokens.editor)
    const before = await newsCount()
    expect(await loadInitialNews(ctx.database.db)).toEqual({ loaded: false, articles: 0 })
    expect(await newsCount()).toBe(before)
    expect((await data('/api/news/list?satelliteSlug=gf4')).total).toBe(0)
  })
})
