import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../../test-support/factories'
import { createTestContext, DEMO_PASSWORDS, fetchCaptcha, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestContext({ ACCOUNT_SUBMITS_PER_MINUTE: '1000' })
  tokens.person = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
  const other = await buildUser(ctx.database.db, { email: 'taken@example.com', telephone: '13900000009' })
  tokens.other = await loginAs(ctx, other.username, other.password)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}

/** Sends a change code to an address and reads it from the outbox (no SMTP in this test). */
async function changeCode(channel: 'email' | 'telephone', address: string) {
  const c = await fetchCaptcha(ctx)
  const url = channel === 'email' ? '/api/captcha/sendemail' : '/api/captcha/sendtelephone'
  const res = await call('POST', url, undefined, { [channel]: address, purpose: 'change', captcha: c.answer, token: c.token })
  if (res.status !== 200) return { token: c.token, code: '', res }
  const mail = await ctx.database.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', address)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return { token: c.token, code: /(\d{6})/.exec(mail.text_body)?.[1] ?? '', res }
}

const detail = {
  realName: '内蒙古用户',
  organization: '内蒙古自治区自然资源厅',
  organizationType: 'government',
  regionCode: '150100',
  industry: 'naturalResources',
  purpose: '耕地保护监测',
}

describe('GET and POST /api/usercenter/detail', () => {
  it('needs login', async () => {
    expect((await call('GET', '/api/usercenter/detail', undefined)).status).toBe(401)
  })

  it('changes the person information, audited, and refuses an unknown region or control characters', async () => {
    const saved = await call('POST', '/api/usercenter/detail/update', 'person', detail)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ ...detail, username: 'neimenggu', accountType: 0 })
    expect((await call('GET', '/api/usercenter/detail', 'person')).body.data).toMatchObject(detail)
    expect((await call('GET', '/api/userinfo/info', 'person')).body.data.personInfo.organization).toBe('内蒙古自治区自然资源厅')
    const region = await call('POST', '/api/usercenter/detail/update', 'person', { ...detail, regionCode: '999999' })
    expect(region.status).toBe(400)
    const control = await call('POST', '/api/usercenter/detail/update', 'person', { ...detail, realName: '名\u0000字' })
    expect(control.status).toBe(400)
    const kind = await call('POST', '/api/usercenter/detail/update', 'person', { ...detail, industry: 'mining' })
    expect(kind.status).toBe(400)
    expect((await call('GET', '/api/usercenter/detail', 'person')).body.data.realName).toBe('内蒙古用户')
    const audit = await ctx.database.db.selectFrom('audit_log').select('target').where('action', '=', 'personInfoUpdate').execute()
    expect(audit).toEqual([{ target: 'neimenggu' }])
  })
})

describe('POST /api/usercenter/email and telephone', () => {
  it('binds a new e-mail after its code, and refuses a wrong code or one for another address', async () => {
    const { token, code } = await changeCode('email', 'new-nmg@example.com')
    expect(code).toMatch(/^\d{6}$/)
    const wrong = await call('POST', '/api/usercenter/email', 'person', {
      email: 'new-nmg@example.com',
      code: code === '000000' ? '111111' : '000000',
      token,
    })
    expect(wrong.status).toBe(400)
    // the wrong code is one audit record naming the user, the route and the reason
    const checks = await ctx.database.db
      .selectFrom('audit_log')
      .select(['username', 'target', 'outcome', 'detail'])
      .where('action', '=', 'verifyCodeCheck')
      .execute()
    expect(checks).toEqual([
      {
        username: 'neimenggu',
        target: 'n***@example.com',
        outcome: 'failure',
        detail: { purpose: 'change', channel: 'email', route: '/api/usercenter/email', reason: 'wrongCode' },
      },
    ])
    const elsewhere = await call('POST', '/api/usercenter/email', 'person', { email: 'other@example.com', code, token })
    expect(elsewhere.status).toBe(400)
    const ok = await call('POST', '/api/usercenter/email', 'person', { email: 'new-nmg@example.com', code, token })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.email).toBe('n***@example.com')
    const row = await ctx.database.db.selectFrom('app_user').select('email').where('username', '=', 'neimenggu').executeTakeFirstOrThrow()
    expect(row.email).toBe('new-nmg@example.com')
    // the code is used up
    expect((await call('POST', '/api/usercenter/email', 'person', { email: 'new-nmg@example.com', code, token })).status).toBe(400)
  })

  it('refuses to send a change code to an address another account uses', async () => {
    const { res } = await changeCode('telephone', '13900000009')
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('已')
  })

  it('binds a new telephone after its code, audited', async () => {
    const { token, code } = await changeCode('telephone', '13700000001')
    const ok = await call('POST', '/api/usercenter/telephone', 'person', { telephone: '13700000001', code, token })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.telephone).toBe('137****0001')
    const audit = await ctx.database.db.selectFrom('audit_log').select('detail').where('action', '=', 'userUpdate').execute()
    expect(audit.map((a) => (a.detail as { changed: string }).changed).sort()).toEqual(['email', 'telephone'])
  })
})
