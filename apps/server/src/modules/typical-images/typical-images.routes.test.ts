import { TYPICAL_IMAGE_KEYS, TYPICAL_IMAGE_LIMITS } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const CSP = "default-src 'none'; style-src 'unsafe-inline'"
const list = () => getData(ctx, '/api/satellite/typical-images')
const entry = async (key: string) => (await list()).find((e: { key: string }) => e.key === key)
const replace = async (key: string, parts: FormPart[], token: string | undefined = tokens.editor) => {
  const form = multipartForm(parts)
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/satellite/typical-images/image?key=${key}`,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { token } : {}) },
  })
  return { status: res.statusCode, body: res.json() }
}
const restore = async (key: string, token?: string) => {
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/satellite/typical-images/image?key=${key}`,
    headers: token ? { token } : {},
  })
  return { status: res.statusCode, body: res.json() }
}
const stored = () => ctx.database.db.selectFrom('typical_image').selectAll().execute()

describe('GET /api/satellite/typical-images', () => {
  it('lists the 12 samples of SPEC §2 in page order, each an illustration with a versioned address', async () => {
    const entries = await list()
    expect(entries.map((e: { key: string }) => e.key)).toEqual([...TYPICAL_IMAGE_KEYS])
    for (const e of entries) {
      expect(e).toMatchObject({ illustration: true, credit: null })
      expect(e.imageUrl).toMatch(new RegExp(`^/api/satellite/typical-images/image\\?key=${e.key}&v=i[0-9a-f]{12}$`))
      expect(e.title.length).toBeGreaterThan(0)
      expect(e.howTaken.length).toBeGreaterThan(20)
    }
    expect(entries.find((e: { key: string }) => e.key === 'gf4')).toMatchObject({ slug: 'gf4', sensor: '面阵凝视相机' })
  })
})

describe('GET /api/satellite/typical-images/image', () => {
  it('serves the illustration as SVG with a restrictive content security policy', async () => {
    const { imageUrl } = await entry('zy3-fwd')
    const res = await ctx.app.inject({ method: 'GET', url: imageUrl })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(CSP)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.body).toContain('示意图（非真实影像）')
    expect(res.body).toContain('前视')
    const again = await ctx.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': String(res.headers.etag) } })
    expect(again.statusCode).toBe(304)
    const unversioned = await ctx.app.inject({ method: 'GET', url: '/api/satellite/typical-images/image?key=zy3-fwd' })
    expect(unversioned.headers['cache-control']).toBe('no-cache')
  })

  it('answers 400 for an unknown key', async () => {
    const { status, body } = await getJson(ctx, '/api/satellite/typical-images/image?key=gf9')
    expect(status).toBe(400)
    expect(body.message).toContain('未知的典型影像')
  })
})

describe('replacing and restoring a typical image', () => {
  it('needs a login (401) and the content permission (403)', async () => {
    const png = await picture('png')
    const parts = [
      { name: 'credit', data: '测试署名' },
      { name: 'file', filename: 'a.png', data: png },
    ]
    expect((await replace('gf2', parts, '')).status).toBe(401)
    expect((await replace('gf2', parts, tokens.user)).status).toBe(403)
    expect((await restore('gf2')).status).toBe(401)
    expect((await restore('gf2', tokens.user)).status).toBe(403)
    expect(await stored()).toEqual([])
  })

  it('takes a real image with its credit, serves it, and restores the illustration', async () => {
    const before = await entry('gf2')
    const jpeg = await picture('jpeg', 320, 200)
    const replaced = await replace('gf2', [
      { name: 'file', filename: 'gf2.jpg', data: jpeg },
      { name: 'credit', data: '  中国资源卫星应用中心（测试）  ' },
    ])
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
    expect(replaced.body.data).toMatchObject({ key: 'gf2', illustration: false, credit: '中国资源卫星应用中心（测试）' })
    expect(replaced.body.data.imageUrl).not.toBe(before.imageUrl)
    expect(await entry('gf2')).toEqual(replaced.body.data)

    const res = await ctx.app.inject({ method: 'GET', url: replaced.body.data.imageUrl })
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['content-security-policy']).toBe(CSP)
    expect(Buffer.compare(res.rawPayload, jpeg)).toBe(0)
    expect(await stored()).toMatchObject([{ key: 'gf2', width: 320, height: 200, content_type: 'image/jpeg' }])

    const restored = await restore('gf2', tokens.admin)
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ key: 'gf2', illustration: true, credit: null, imageUrl: before.imageUrl })
    const svg = await ctx.app.inject({ method: 'GET', url: before.imageUrl })
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(svg.body).toContain('示意图')
    const admin = await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    expect(await stored()).toMatchObject([{ key: 'gf2', image: null, credit: null, updated_by: admin.id }])
    const audited = await ctx.database.db
      .selectFrom('audit_log')
      .select(['username', 'action', 'target', 'outcome'])
      .where('target', '=', 'typical-image:gf2')
      .orderBy('id')
      .execute()
    expect(audited).toEqual([
      { username: 'editor', action: 'typicalImageReplace', target: 'typical-image:gf2', outcome: 'success' },
      { username: 'admin', action: 'typicalImageRestore', target: 'typical-image:gf2', outcome: 'success' },
    ])
  })

  it.each([
    ['no credit', async () => [{ name: 'file', filename: 'a.png', data: await picture('png') }], 400, '请填写影像署名'],
    ['no file', async () => [{ name: 'credit', data: '署名' }], 400, '请选择要上传的影像'],
    [
      'a text file named .png',
      async () => [
        { name: 'credit', data: '署名' },
        { name: 'file', filename: 'a.png', data: Buffer.from('文字') },
      ],
      415,
      '只支持 PNG、JPEG 或 WebP',
    ],
    [
      'a truncated PNG',
      async () => [
        { name: 'credit', data: '署名' },
        { name: 'file', filename: 'a.png', data: (await picture('png', 300, 200)).subarray(0, 200) },
      ],
      400,
      '图片已损坏或不完整',
    ],
    [
      'a header claiming 9000×9000 pixels',
      async () => [
        { name: 'credit', data: '署名' },
        { name: 'file', filename: 'a.png', data: pngClaiming(9000, 9000) },
      ],
      400,
      '每边最多 8000 像素',
    ],
    [
      'a file over 8 MB',
      async () => [
        { name: 'credit', data: '署名' },
        { name: 'file', filename: 'a.png', data: Buffer.concat([await picture('png'), Buffer.alloc(TYPICAL_IMAGE_LIMITS.maxBytes)]) },
      ],
      413,
      '最大 8 MB',
    ],
  ])('refuses %s and writes nothing', async (_, parts, status, message) => {
    const before = await stored()
    const result = await replace('lsar-1', await parts())
    expect(result.status).toBe(status)
    expect(result.body.message).toContain(message)
    expect(await stored()).toEqual(before)
    expect(await entry('lsar-1')).toMatchObject({ illustration: true })
  })
})

describe('typical images in the caller’s language', () => {
  const CJK = /[\u3400-\u9fff]/

  it('describes every sample in English and serves its illustration in English at its address', async () => {
    const samples = await getData(ctx, '/api/satellite/typical-images', { 'x-portal-lang': 'en-US' })
    expect(samples).toHaveLength(TYPICAL_IMAGE_KEYS.length)
    for (const s of samples.filter((x: { illustration: boolean }) => x.illustration)) {
      expect(JSON.stringify(s), s.key).not.toMatch(CJK)
      expect(s.imageUrl, s.key).toMatch(/&lang=en$/)
      // the browser fetches the picture without the header
      const res = await ctx.app.inject({ method: 'GET', url: s.imageUrl })
      expect(res.statusCode, s.key).toBe(200)
      expect(res.body, s.key).toContain(s.title)
      expect(res.body.replace(/font-family="[^"]*"/g, ''), s.key).not.toMatch(CJK)
    }
    const zh = await entry('gf1')
    expect(zh.title).toBe('高分一号 全色多光谱影像')
    expect(zh.imageUrl).not.toContain('lang=')
  })
})
