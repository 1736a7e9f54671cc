import { FEEDBACK_LIMITS } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../../test-support/factories'
import { createTestContext, DEMO_PASSWORDS, fetchCaptcha, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  const user = await buildUser(ctx.database.db, { username: 'fb_user' })
  tokens.user = await loginAs(ctx, user.username, user.password)
  tokens.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const count = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('POST /api/feedback/submit', () => {
  it('takes a visitor’s feedback with a right captcha only', async () => {
    const before = await count()
    const body = { type: 'suggestion', content: '希望增加高分七号的立体像对下载', contact: 'visitor@example.com' }
    const none = await call('POST', '/api/feedback/submit', undefined, body)
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('请输入验证码')
    const wrong = await fetchCaptcha(ctx)
    const bad = await call('POST', '/api/feedback/submit', undefined, { ...body, token: wrong.token, captcha: 'zzzz' })
    expect(bad.status).toBe(400)
    expect(await count()).toBe(before)
    const c = await fetchCaptcha(ctx)
    const ok = await call('POST', '/api/feedback/submit', undefined, { ...body, token: c.token, captcha: c.answer })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    // the captcha is used up
    const reused = await call('POST', '/api/feedback/submit', undefined, { ...body, token: c.token, captcha: c.answer })
    expect(reused.status).toBe(400)
    expect(await count()).toBe(before + 1)
  })

  it('takes a user’s feedback without a captcha, and refuses bad input in Chinese', async () => {
    const ok = await call('POST', '/api/feedback/submit', 'user', { type: 'problem', content: '订单详情地图加载较慢' })
    expect(ok.status).toBe(200)
    const cases: Array<[Json, string]> = [
      [{ type: 'nonsense', content: '内容足够长的反馈' }, '请选择反馈类型'],
      [{ type: 'other', content: '短' }, `反馈内容至少 ${FEEDBACK_LIMITS.contentMin} 个字`],
      [{ type: 'other', content: 'x'.repeat(FEEDBACK_LIMITS.contentMax + 1) }, '最多'],
      [{ type: 'other', content: '包含控制字符\u0007的反馈' }, ''],
      [{ type: 'other', content: '联系方式带换行的反馈', contact: 'a\nb' }, ''],
    ]
    const before = await count()
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/feedback/submit', 'user', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toContain(message)
    }
    expect(await count()).toBe(before)
  })
})

describe('administrators and feedback', () => {
  it('lists feedback for administrators only and marks it handled once, audited', async () => {
    expect((await call('GET', '/api/feedback/list', 'user')).status).toBe(403)
    expect((await call('GET', '/api/feedback/list', undefined)).status).toBe(401)
    const open = (await call('GET', '/api/feedback/list?handled=false', 'admin')).body.data
    expect(open.total).toBe(2)
    const entry = open.list.find((f: Json) => f.username === 'fb_user')
    expect(entry).toMatchObject({ type: 'problem', handled: false })
    const visitor = open.list.find((f: Json) => f.username === null)
    expect(visitor.contact).toBe('visitor@example.com')
    expect((await call('POST', '/api/feedback/handle', 'user', { id: entry.id })).status).toBe(403)
    const done = await call('POST', '/api/feedback/handle', 'admin', { id: entry.id, note: '已优化瓦片缓存' })
    expect(done.body.data).toMatchObject({ handled: true, handledBy: 'admin', handleNote: '已优化瓦片缓存' })
    expect((await call('POST', '/api/feedback/handle', 'admin', { id: entry.id })).status).toBe(409)
    expect((await call('POST', '/api/feedback/handle', 'admin', { id: 999_999 })).status).toBe(404)
    expect((await call('GET', '/api/feedback/list?handled=true', 'admin')).body.data.total).toBe(1)
    const audit = await ctx.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'feedback%').execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['feedbackHandle', 'feedbackSubmit', 'feedbackSubmit'])
  })
})
