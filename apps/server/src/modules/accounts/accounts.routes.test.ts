import { encryptPassword, tZh } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeOf, startSmtpSink } from '../../test/smtp-sink'
import { attemptLogin, createTestContext, DEMO_PASSWORDS, fetchCaptcha, getJson, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  // a real SMTP server; the limits are raised so the many codes of this file come from one address
  ctx = await createTestContext({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: '"遥感门户" <portal@example.cn>',
    VERIFY_CODES_PER_IP_PER_HOUR: '1000',
    ACCOUNT_SUBMITS_PER_MINUTE: '1000',
  })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.close()
})

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload })

/** Asks for an e-mail code through a real picture captcha; returns the captcha (its token names the verification). */
async function sendEmailCode(email: string, purpose: 'register' | 'reset') {
  const c = await fetchCaptcha(ctx)
  const res = await post('/api/captcha/sendemail', { email, purpose, captcha: c.answer, token: c.token })
  return { c, res }
}

/** Sends a register code and reads it from the mail that arrived at the SMTP server. */
async function mailedCode(email: string, purpose: 'register' | 'reset' = 'register') {
  const seen = smtp.countTo(email)
  const { c, res } = await sendEmailCode(email, purpose)
  expect(res.statusCode, res.body).toBe(200)
  const mail = await smtp.nextMailTo(email, seen)
  return { c, code: codeOf(mail), mail }
}

let serial = 0
function person(overrides: Record<string, unknown> = {}) {
  serial += 1
  return {
    username: `newbie${serial}`,
    email: `newbie${serial}@example.cn`,
    telephone: `1390000${String(1000 + serial)}`,
    realName: '张三',
    organization: '某某测绘院',
    organizationType: 'institution',
    regionCode: '150100',
    industry: 'surveying',
    purpose: '影像查询与下载',
    termsAccepted: true,
    ...overrides,
  }
}

async function registerWith(
  p: ReturnType<typeof person>,
  code: string,
  c: { token: string; publicKey: string },
  password = 'Good#Pass2026',
) {
  return post('/api/usercenter/register', {
    ...p,
    password: encryptPassword(password, c.publicKey, c.token),
    channel: 'email',
    code,
    token: c.token,
  })
}

const count = async (table: 'app_user' | 'person_info', where?: { username: string }) => {
  let q = ctx.database.db.selectFrom(table as 'app_user').select(sql<string>`count(*)`.as('n'))
  if (where) q = q.where('username', '=', where.username)
  return Number((await q.executeTakeFirstOrThrow()).n)
}

describe('GET /api/usercenter/valid/*', () => {
  it('tells whether a user name, e-mail or telephone is free', async () => {
    expect((await getJson(ctx, '/api/usercenter/valid/username?username=User')).body.data).toEqual({ available: false })
    expect((await getJson(ctx, '/api/usercenter/valid/username?username=freshname')).body.data).toEqual({ available: true })
    expect((await getJson(ctx, '/api/usercenter/valid/email?email=NMG@example.com')).body.data).toEqual({ available: false })
    expect((await getJson(ctx, '/api/usercenter/valid/telephone?telephone=13800000002')).body.data).toEqual({ available: false })
    expect((await getJson(ctx, '/api/usercenter/valid/telephone?telephone=13900000000')).body.data).toEqual({ available: true })
  })

  it('refuses malformed values with a Chinese 400', async () => {
    const bad = await getJson(ctx, '/api/usercenter/valid/telephone?telephone=12345')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain(tZh('account.validation.telephoneFormat'))
    expect((await getJson(ctx, '/api/usercenter/valid/username?username=1abc')).status).toBe(400)
  })
})

describe('register by an e-mail code from a real SMTP server', () => {
  it('mails a Chinese code with text and HTML parts, stores only its HMAC, and registers in one go', async () => {
    const p = person()
    const { c, code, mail } = await mailedCode(p.email)
    expect(mail.raw).toMatch(/text\/plain/i)
    expect(mail.raw).toMatch(/text\/html/i)
    expect(mail.raw).toContain('portal@example.cn')
    const stored = await ctx.database.db
      .selectFrom('verification_code')
      .select('code_hash')
      .where('token', '=', c.token)
      .executeTakeFirstOrThrow()
    expect(stored.code_hash).not.toContain(code)

    const res = await registerWith(p, code, c)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ username: p.username })
    const person_ = await ctx.database.db
      .selectFrom('person_info as pi')
      .innerJoin('app_user as u', 'u.id', 'pi.user_id')
      .select(['u.account_type', 'u.email', 'u.real_name', 'pi.region_code', 'pi.industry', 'pi.organization_type'])
      .where('u.username', '=', p.username)
      .executeTakeFirstOrThrow()
    expect(person_).toMatchObject({ account_type: 0, email: p.email, real_name: '张三', region_code: '150100', industry: 'surveying' })
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['outcome'])
      .where('action', '=', 'register')
      .where('target', '=', p.username)
      .execute()
    expect(audit).toEqual([{ outcome: 'success' }])
    // the new account logs in, and the code is used up
    await loginAs(ctx, p.username, 'Good#Pass2026')
    expect((await registerWith(person({ email: p.email }), code, c)).statusCode).toBe(400)
  })

  it('refuses a wrong code five times, then even the right one (overused), writing nothing', async () => {
    const p = person()
    const { c, code } = await mailedCode(p.email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await registerWith(p, wrong, c)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(tZh('account.errors.codeInvalid'))
    }
    const res = await registerWith(p, code, c)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(tZh('account.errors.codeInvalid'))
    expect(await count('app_user', { username: p.username })).toBe(0)
  })

  it("records a wrong code once in the audit log, which the administrators' search returns", async () => {
    const p = person()
    const { c, code } = await mailedCode(p.email)
    const wrong = await registerWith(p, code === '000000' ? '111111' : '000000', c)
    expect(wrong.json().message).toBe(tZh('account.errors.codeInvalid'))
    const admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    const found = await getJson(ctx, `/api/admin/audit?action=verifyCodeCheck&username=${p.username}`, { token: admin })
    expect(found.status).toBe(200)
    expect(found.body.data.total).toBe(1)
    expect(found.body.data.items[0]).toMatchObject({
      username: p.username,
      userId: null,
      action: 'verifyCodeCheck',
      outcome: 'failure',
      target: `n***@example.cn`,
      detail: { purpose: 'register', channel: 'email', route: '/api/usercenter/register', reason: 'wrongCode' },
    })
    // and nothing else of that registration: one row per wrong code
    const rows = await ctx.database.db.selectFrom('audit_log').select('action').where('username', '=', p.username).execute()
    expect(rows).toEqual([{ action: 'verifyCodeCheck' }])
  })

  it('refuses an expired code', async () => {
    const p = person()
    const { c, code } = await mailedCode(p.email)
    await ctx.database.db
      .updateTable('verification_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', c.token)
      .execute()
    const res = await registerWith(p, code, c)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(tZh('account.errors.codeInvalid'))
  })

  it('refuses a weak password, a duplicate user name and a taken telephone, each a Chinese 400, the code kept for a retry', async () => {
    const p = person()
    const { c, code } = await mailedCode(p.email)
    const users = await count('app_user')
    const persons = await count('person_info')
    const weak = await registerWith(p, code, c, 'password')
    expect(weak.statusCode).toBe(400)
    expect(weak.json().message).toBe(tZh('errors.passwordWeak'))
    const withName = await registerWith(p, code, c, `Xx1${p.username}`)
    expect(withName.json().message).toBe(tZh('errors.passwordHasName'))
    const dupName = await registerWith({ ...p, username: 'neimenggu' }, code, c)
    expect(dupName.statusCode).toBe(400)
    expect(dupName.json().message).toBe(tZh('account.validation.usernameTaken'))
    const dupPhone = await registerWith({ ...p, telephone: '13800000002' }, code, c)
    expect(dupPhone.json().message).toBe(tZh('account.validation.telephoneTaken'))
    const badRegion = await registerWith({ ...p, regionCode: '999900' }, code, c)
    expect(badRegion.json().message).toBe(tZh('account.errors.regionInvalid'))
    expect(await count('app_user')).toBe(users)
    expect(await count('person_info')).toBe(persons)
    // the code was right each time, so it still works
    expect((await registerWith(p, code, c)).statusCode).toBe(200)
  })

  it('needs the terms accepted and a code for the address being registered', async () => {
    const p = person()
    const { c, code } = await mailedCode(p.email)
    const noTerms = await registerWith({ ...p, termsAccepted: false }, code, c)
    expect(noTerms.statusCode).toBe(400)
    expect(noTerms.json().message).toContain(tZh('account.validation.termsRequired'))
    const otherAddress = await registerWith({ ...p, email: 'someone.else@example.cn' }, code, c)
    expect(otherAddress.json().message).toBe(tZh('account.errors.codeInvalid'))
  })

  it('refuses a code for an e-mail already registered, and a resend within 60 s', async () => {
    const taken = await sendEmailCode('user@example.com', 'register')
    expect(taken.res.statusCode).toBe(400)
    expect(taken.res.json().message).toBe(tZh('account.validation.emailTaken'))
    const p = person()
    await mailedCode(p.email)
    const again = await sendEmailCode(p.email, 'register')
    expect(again.res.statusCode).toBe(429)
    expect(again.res.json().message).toMatch(/秒后再试/)
    // a token that already names a code gets no second one, even with a fresh picture for it
    const reused = await fetchCaptcha(ctx)
    const first = await post('/api/captcha/sendemail', {
      email: 'reuse1@example.cn',
      purpose: 'register',
      captcha: reused.answer,
      token: reused.token,
    })
    expect(first.statusCode).toBe(200)
    const again2 = await ctx.app.inject({ method: 'GET', url: `/api/captcha/image?token=${reused.token}` })
    const answer2 = (
      await ctx.database.db.selectFrom('captcha').select('answer').where('token', '=', reused.token).executeTakeFirstOrThrow()
    ).answer
    expect(again2.statusCode).toBe(200)
    const second = await post('/api/captcha/sendemail', {
      email: 'reuse2@example.cn',
      purpose: 'register',
      captcha: answer2,
      token: reused.token,
    })
    expect(second.statusCode).toBe(400)
    expect(second.json().message).toBe(tZh('errors.captchaInvalid'))
    const badCaptcha = await post('/api/captcha/sendemail', {
      email: p.email,
      purpose: 'register',
      captcha: 'zzzz',
      token: (await fetchCaptcha(ctx)).token,
    })
    expect(badCaptcha.json().message).toBe(tZh('errors.captchaInvalid'))
  })
})

describe('limits per recipient and per client address', () => {
  it('refuses the eleventh code of an hour to one recipient with a Chinese 429, and keeps the captcha rule first', async () => {
    const email = 'limited@example.cn'
    for (let i = 0; i < 10; i++) {
      await ctx.database.db
        .insertInto('verification_code')
        .values({
          token: `limit${String(i).padStart(27, '0')}`,
          purpose: 'register',
          channel: 'email',
          recipient: email,
          code_hash: 'x$y',
          secret_key: 'k',
          ip: '10.0.0.9',
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute()
    }
    await sql`update verification_code set created_at = now() - interval '5 minutes' where recipient = ${email}`.execute(ctx.database.db)
    const { res } = await sendEmailCode(email, 'register')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toBe(tZh('account.errors.codeLimit'))
    expect(smtp.countTo(email)).toBe(0)
  })
})

describe('reset password by code', () => {
  it('answers an unknown e-mail exactly as a known one, and mails nothing to it', async () => {
    const unknown = await sendEmailCode('nobody@example.cn', 'reset')
    const known = await sendEmailCode('editor@example.com', 'reset')
    expect(unknown.res.statusCode).toBe(200)
    expect(unknown.res.json()).toEqual(known.res.json())
    await smtp.nextMailTo('editor@example.com')
    expect(smtp.countTo('nobody@example.cn')).toBe(0)
  })

  it('checks the code, sets a new password of the rule, lifts code 2 and the lock, and logs in', async () => {
    const db = ctx.database.db
    await db
      .updateTable('app_user')
      .set({ email: 'legacy@example.cn', locked_until: new Date(Date.now() + 600_000) })
      .where('username', '=', 'legacy')
      .execute()
    const { c, code } = await mailedCode('legacy@example.cn', 'reset')
    const check = await post('/api/captcha/check', {
      purpose: 'reset',
      channel: 'email',
      address: 'Legacy@example.cn',
      code,
      token: c.token,
    })
    expect(check.statusCode, check.body).toBe(200)
    const submit = (password: string) =>
      post('/api/usercenter/forgetpwd', {
        channel: 'email',
        address: 'legacy@example.cn',
        code,
        token: c.token,
        password: encryptPassword(password, c.publicKey, c.token),
      })
    // the demo password contains the user name, which the rule refuses first
    expect((await submit(DEMO_PASSWORDS.legacy)).json().message).toBe(tZh('errors.passwordHasName'))
    expect((await submit('longbutsimple')).json().message).toBe(tZh('errors.passwordWeak'))
    const ok = await submit('Fresh#Pass2026')
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.username).toBe('legacy')
    const session = ok.json().data.token as string
    expect((await getJson(ctx, '/api/userinfo/info', { token: session })).body.data.username).toBe('legacy')
    const row = await db
      .selectFrom('app_user')
      .select(['must_change_password', 'locked_until'])
      .where('username', '=', 'legacy')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ must_change_password: false, locked_until: null })
    expect((await attemptLogin(ctx, 'legacy', DEMO_PASSWORDS.legacy)).statusCode).toBe(400)
    expect((await attemptLogin(ctx, 'legacy', 'Fresh#Pass2026')).json().code).toBe(0)
    // used up
    expect((await submit('Other#Pass2026')).json().message).toBe(tZh('account.errors.codeInvalid'))
    const audit = await db
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'passwordReset')
      .where('target', '=', 'legacy')
      .execute()
    expect(audit).toEqual([{ outcome: 'success' }])
  })

  it('keeps five passwords in the history: the fifth before is refused, the sixth allowed', async () => {
    const db = ctx.database.db
    const email = 'editor@example.com'
    const resetTo = async (pw: string) => {
      // as if the resend pause had passed
      await sql`update verification_code set created_at = now() - interval '2 minutes' where recipient = ${email}`.execute(db)
      const { c, code } = await mailedCode(email, 'reset')
      return post('/api/usercenter/forgetpwd', {
        channel: 'email',
        address: email,
        code,
        token: c.token,
        password: encryptPassword(pw, c.publicKey, c.token),
      })
    }
    for (const pw of ['Hist#One2026', 'Hist#Two2026', 'Hist#Three2026', 'Hist#Four2026', 'Hist#Five2026']) {
      const res = await resetTo(pw)
      expect(res.statusCode, res.body).toBe(200)
    }
    // the last five: Five (current), Four, Three, Two, One
    for (const pw of ['Hist#Five2026', 'Hist#One2026'])
      expect((await resetTo(pw)).json().message).toBe(tZh('account.errors.passwordRecent'))
    expect((await resetTo('Hist#Six2026')).statusCode).toBe(200)
    // One has left the window
    expect((await resetTo('Hist#One2026')).statusCode).toBe(200)
  }, 120_000)
})

describe('the outbox without SMTP', () => {
  let plain: TestContext
  beforeAll(async () => {
    plain = await createTestContext()
  })
  afterAll(async () => {
    await plain?.close()
  })

  it('keeps mail and SMS for administrators (MOD_001) to read', async () => {
    const c = await fetchCaptcha(plain)
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/captcha/sendtelephone',
      payload: { telephone: '13912345678', purpose: 'register', captcha: c.answer, token: c.token },
    })
    expect(res.statusCode, res.body).toBe(200)
    const admin = await loginAs(plain, 'admin', DEMO_PASSWORDS.admin)
    const page = await getJson(plain, '/api/admin/outbox', { token: admin })
    expect(page.status).toBe(200)
    expect(page.body.data.mailMode).toBe('outbox')
    const sms = page.body.data.items.find((m: { recipient: string }) => m.recipient === '13912345678')
    expect(sms.channel).toBe('sms')
    expect(sms.text).toMatch(/验证码\d{6}，5分钟内有效/)
    // a reset by telephone: the SMS in the outbox carries the code
    const r = await fetchCaptcha(plain)
    const sent = await plain.app.inject({
      method: 'POST',
      url: '/api/captcha/sendtelephone',
      payload: { telephone: '13800000002', purpose: 'reset', captcha: r.answer, token: r.token },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    let text = ''
    await expect
      .poll(async () => {
        const row = await plain.database.db
          .selectFrom('outbox')
          .select('text_body')
          .where('recipient', '=', '13800000002')
          .executeTakeFirst()
        text = row?.text_body ?? ''
        return text
      })
      .toMatch(/找回密码/)
    const code = text.match(/验证码(\d{6})/)?.[1] ?? ''
    const reset = await plain.app.inject({
      method: 'POST',
      url: '/api/usercenter/forgetpwd',
      payload: {
        channel: 'telephone',
        address: '13800000002',
        code,
        token: r.token,
        password: encryptPassword('Phone#Reset2026', r.publicKey, r.token),
      },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json().data.username).toBe('neimenggu')
    const user = await loginAs(plain, 'user', DEMO_PASSWORDS.user)
    expect((await getJson(plain, '/api/admin/outbox', { token: user })).status).toBe(403)
    expect((await getJson(plain, '/api/admin/outbox')).status).toBe(401)
  })
})
