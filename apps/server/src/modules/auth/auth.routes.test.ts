import { randomBytes, scrypt } from 'node:crypto'
import { API_CODE, encryptPassword, tZh } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD_COST } from '../../lib/password'
import { hashSessionToken } from '../../lib/session'
import {
  attemptLogin,
  createTestContext,
  DEMO_PASSWORDS,
  fetchCaptcha,
  loginAs,
  newCaptchaToken,
  type TestContext,
} from '../../test/test-context'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

async function userId(username: string): Promise<number> {
  return (await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id
}

/** How many audit records a user has so far. */
async function auditCount(userId: number): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A hash made as an older release made it, with a lower scrypt cost. */
function scryptHash(password: string, n: number): Promise<string> {
  const salt = randomBytes(16)
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: n, r: 8, p: 1, maxmem: 128 * n * 8 * 2 }, (err, key) =>
      err ? reject(err) : resolve(['scrypt', n, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')),
    ),
  )
}

const info = (token?: string) => ctx.app.inject({ method: 'GET', url: '/api/userinfo/info', headers: token ? { token } : {} })

describe('GET /api/captcha/image', () => {
  it('answers SVG markup with a one-time key header and no caching', async () => {
    const c = await fetchCaptcha(ctx)
    expect(c.svg.startsWith('<svg')).toBe(true)
    expect(c.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(c.answer).toMatch(/^[a-z2-9]{4}$/)
  })

  it('carries the text only as a distorted picture, never as glyph outlines', async () => {
    const c = await fetchCaptcha(ctx)
    expect(c.svg).toMatch(
      /^<svg [^>]*viewBox="0 0 150 50"><image width="150" height="50" href="data:image\/png;base64,[A-Za-z0-9+/=]+"\/><\/svg>$/,
    )
    expect(c.svg).not.toContain('<path')
    expect(c.svg).not.toContain('<text')
    const png = Buffer.from(/base64,([^"]+)/.exec(c.svg)?.[1] ?? '', 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    // two captchas of the same text would still differ: every picture is drawn with fresh noise
    expect((await fetchCaptcha(ctx)).svg).not.toBe(c.svg)
  })

  it('rejects a token that is not 32 letters or digits', async () => {
    for (const token of ['short', `${'a'.repeat(31)}!`, 'a'.repeat(33), "' OR 1=1 --aaaaaaaaaaaaaaaaaaaaaa"]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/captcha/image?token=${encodeURIComponent(token)}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain(tZh('errors.captchaTokenInvalid'))
    }
  })

  it('gives each captcha its own key, so a refresh invalidates the old one', async () => {
    const token = newCaptchaToken()
    const first = await ctx.app.inject({ method: 'GET', url: `/api/captcha/image?token=${token}` })
    const second = await ctx.app.inject({ method: 'GET', url: `/api/captcha/image?token=${token}` })
    expect(first.headers['x-login-key']).not.toBe(second.headers['x-login-key'])
    const rows = await ctx.database.db.selectFrom('captcha').select('token').where('token', '=', token).execute()
    expect(rows).toHaveLength(1)
  })
})

describe('POST /api/userinfo/loginv2', () => {
  it.each([
    ['username', { password: 'x', captcha: 'abcd' }, '请输入用户名'],
    ['password', { username: 'admin', captcha: 'abcd' }, '请输入密码'],
    ['captcha', { username: 'admin', password: 'x' }, '请输入验证码'],
  ])('requires the %s with the SPEC message', async (_field, payload, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload: { token: newCaptchaToken(), ...payload } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(400)
    expect(res.json().message).toContain(message)
  })

  it('treats blank fields as missing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/userinfo/loginv2',
      payload: { username: '   ', password: 'x', captcha: 'abcd', token: newCaptchaToken() },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('请输入用户名')
  })

  it('logs in with code 0 and a token; the captcha answer is case-insensitive', async () => {
    const res = await attemptLogin(ctx, 'admin', DEMO_PASSWORDS.admin)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(0)
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await info(body.data.token)).json().data.username).toBe('admin')
  })

  it('accepts the telephone or e-mail in place of the user name', async () => {
    expect((await attemptLogin(ctx, '13800000002', DEMO_PASSWORDS.neimenggu)).json().code).toBe(0)
    expect((await attemptLogin(ctx, 'NMG@example.com', DEMO_PASSWORDS.neimenggu)).json().code).toBe(0)
  })

  it('rejects a wrong captcha and uses the captcha up', async () => {
    const c = await fetchCaptcha(ctx)
    const payload = { username: 'admin', password: encryptPassword(DEMO_PASSWORDS.admin, c.publicKey, c.token), token: c.token }
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload: { ...payload, captcha: 'zzzz' } })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(tZh('errors.captchaInvalid'))
    const retry = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload: { ...payload, captcha: c.answer } })
    expect(retry.statusCode).toBe(400)
    expect(retry.json().message).toBe(tZh('errors.captchaInvalid'))
  })

  it('accepts a captcha only once', async () => {
    const c = await fetchCaptcha(ctx)
    const payload = {
      username: 'admin',
      password: encryptPassword(DEMO_PASSWORDS.admin, c.publicKey, c.token),
      token: c.token,
      captcha: c.answer,
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload })).json().code).toBe(0)
    const again = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(tZh('errors.captchaInvalid'))
  })

  it('rejects an expired captcha', async () => {
    const c = await fetchCaptcha(ctx)
    await ctx.database.db
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', c.token)
      .execute()
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/userinfo/loginv2',
      payload: {
        username: 'admin',
        password: encryptPassword(DEMO_PASSWORDS.admin, c.publicKey, c.token),
        token: c.token,
        captcha: c.answer,
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(tZh('errors.captchaInvalid'))
  })

  it('refuses a password that was not sealed with this captcha key', async () => {
    const other = await fetchCaptcha(ctx)
    for (const password of [DEMO_PASSWORDS.admin, encryptPassword(DEMO_PASSWORDS.admin, other.publicKey, other.token)]) {
      const c = await fetchCaptcha(ctx)
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/userinfo/loginv2',
        payload: { username: 'admin', password, token: c.token, captcha: c.answer },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(tZh('errors.passwordDecryptFailed'))
    }
  })

  it('gives an unknown user, a wrong password and a service account the same answer', async () => {
    const answers = await Promise.all([
      attemptLogin(ctx, 'nobody', 'whatever'),
      attemptLogin(ctx, 'olduser', 'wrong-password'),
      attemptLogin(ctx, 'svc_code1', '!unusable'),
    ])
    for (const res of answers) {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 400, message: '用户名或密码错误，或账号已被临时锁定', data: null })
    }
    await ctx.database.db.updateTable('app_user').set({ failed_attempts: 0 }).where('username', '=', 'olduser').execute()
  })

  it('answers code 2 with the upgrade message when the password must be changed', async () => {
    const res = await attemptLogin(ctx, 'legacy', DEMO_PASSWORDS.legacy)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 2, message: '由于系统升级，请点击“确认”修改密码后登录！', data: { token: null } })
  })

  it('locks the account after five failures with the same answer, then lets it in once the lock has passed', async () => {
    const uniform = { code: 400, message: tZh('errors.loginFailed'), data: null }
    for (let i = 0; i < 5; i++) {
      const res = await attemptLogin(ctx, 'user', 'wrong-password')
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(uniform)
    }
    const right = await attemptLogin(ctx, 'user', DEMO_PASSWORDS.user)
    expect(right.statusCode).toBe(400)
    expect(right.json()).toEqual(uniform)
    const locked = await ctx.database.db
      .selectFrom('app_user')
      .select('locked_until')
      .where('username', '=', 'user')
      .executeTakeFirstOrThrow()
    expect(locked.locked_until?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000)

    await ctx.database.db
      .updateTable('app_user')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('username', '=', 'user')
      .execute()
    expect((await attemptLogin(ctx, 'user', DEMO_PASSWORDS.user)).json().code).toBe(0)
    const row = await ctx.database.db
      .selectFrom('app_user')
      .select(['failed_attempts', 'locked_until'])
      .where('username', '=', 'user')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ failed_attempts: 0, locked_until: null })
  })

  it('evaluates no more than five of 24 wrong attempts sent at once, and the right one after them does not get in', async () => {
    const user = await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()
    const before = await auditCount(user.id)
    // captchas and sealed passwords first, so the logins themselves go out together
    type Attempt = { username: string; password: string; captcha: string; token: string }
    const prepared: Attempt[] = []
    for (let i = 0; i < 25; i++) {
      const c = await fetchCaptcha(ctx)
      const password = i === 24 ? 'Editor@2026' : `wrong-${i}`
      prepared.push({ username: 'editor', password: encryptPassword(password, c.publicKey, c.token), captcha: c.answer, token: c.token })
    }
    // the 24 wrong ones at once; the right one when they are answered (sent with them, it may reach the
    // count among the first five, get in legitimately and restart the count, so the outcome would
    // depend on which statement the database happened to run first)
    const send = (payload: Attempt) => ctx.app.inject({ method: 'POST', url: '/api/userinfo/loginv2', payload })
    const answers = await Promise.all(prepared.slice(0, 24).map(send))
    answers.push(await send(prepared[24] as Attempt))
    for (const res of answers) expect(res.json()).toEqual({ code: 400, message: tZh('errors.loginFailed'), data: null })

    const rows = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'detail'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .offset(before)
      .execute()
    const evaluated = rows.filter((r) => r.action === 'login' && r.detail.reason === 'wrongPassword')
    const refused = rows.filter((r) => r.action === 'login' && r.detail.reason === 'locked')
    expect(evaluated).toHaveLength(5)
    expect(refused).toHaveLength(20)
    expect(rows.filter((r) => r.action === 'loginLock')).toHaveLength(1)
    expect(rows.some((r) => r.action === 'login' && r.outcome === 'success')).toBe(false)
    const sessions = await ctx.database.db.selectFrom('user_session').select('id').where('user_id', '=', user.id).execute()
    expect(sessions).toHaveLength(0)

    // the lock holds against the right password until an administrator lifts it
    expect((await attemptLogin(ctx, 'editor', 'Editor@2026')).statusCode).toBe(400)
    const admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { token: admin } })).json().data
    expect(listed.find((u: { username: string }) => u.username === 'editor').lockedUntil).not.toBeNull()
    const lift = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users/unlock',
      headers: { token: admin },
      payload: { id: user.id },
    })
    expect(lift.json()).toEqual({ code: 0, message: 'success', data: { wasLocked: true } })
    expect((await attemptLogin(ctx, 'editor', 'Editor@2026')).json().code).toBe(0)
  })

  it('upgrades a hash of an older cost at the next login, keeping the change date', async () => {
    const oldHash = await scryptHash('Old@2026', PASSWORD_COST.n / 8)
    const changedAt = new Date('2026-01-01T00:00:00Z')
    await ctx.database.db
      .updateTable('app_user')
      .set({ password_hash: oldHash, password_changed_at: changedAt })
      .where('username', '=', 'olduser')
      .execute()
    expect((await attemptLogin(ctx, 'olduser', 'Old@2026')).json().code).toBe(0)
    const row = await ctx.database.db
      .selectFrom('app_user')
      .select(['password_hash', 'password_changed_at'])
      .where('username', '=', 'olduser')
      .executeTakeFirstOrThrow()
    expect(row.password_hash.startsWith(`scrypt$${PASSWORD_COST.n}$8$1$`)).toBe(true)
    expect(row.password_changed_at).toEqual(changedAt)
    expect((await attemptLogin(ctx, 'olduser', 'Old@2026')).json().code).toBe(0)
  })

  it('stores passwords as slow hashes and sessions by token hash only', async () => {
    const token = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    const user = await ctx.database.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
    expect(user.password_hash.startsWith(`scrypt$${PASSWORD_COST.n}$8$1$`)).toBe(true)
    expect(user.password_hash).not.toContain(DEMO_PASSWORDS.admin)
    const stored = await ctx.database.db.selectFrom('user_session').select('token_hash').execute()
    expect(stored.map((s) => s.token_hash)).toContain(hashSessionToken(token))
    expect(stored.map((s) => s.token_hash)).not.toContain(token)
  })
})

describe('POST /api/usercenter/passwordv2', () => {
  async function change(username: string, oldPassword: string, newPassword: string) {
    const c = await fetchCaptcha(ctx)
    return ctx.app.inject({
      method: 'POST',
      url: '/api/usercenter/passwordv2',
      payload: {
        username,
        oldPassword: encryptPassword(oldPassword, c.publicKey, c.token),
        newPassword: encryptPassword(newPassword, c.publicKey, c.token),
        captcha: c.answer,
        token: c.token,
      },
    })
  }

  it('refuses a weak new password before looking at the old one, counting no attempt', async () => {
    for (const [weak, key] of [
      ['short1A', 'errors.passwordWeak'],
      ['alllowercase', 'errors.passwordWeak'],
      ['Legacy-2026-x', 'errors.passwordHasName'],
    ] as const) {
      const res = await change('legacy', 'whatever', weak)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(tZh(key))
    }
    const row = await ctx.database.db
      .selectFrom('app_user')
      .select('failed_attempts')
      .where('username', '=', 'legacy')
      .executeTakeFirstOrThrow()
    expect(row.failed_attempts).toBe(0)
  })

  it('gives a wrong old password the login’s one answer', async () => {
    const res = await change('legacy', 'Wrong@2026', 'Brand#New2026')
    expect(res.json()).toEqual({ code: 400, message: tZh('errors.loginFailed'), data: null })
    await ctx.database.db.updateTable('app_user').set({ failed_attempts: 0 }).where('username', '=', 'legacy').execute()
  })

  it('lets an account with code 2 set a new password and then log in', async () => {
    expect((await attemptLogin(ctx, 'legacy', DEMO_PASSWORDS.legacy)).json().code).toBe(2)
    const res = await change('legacy', DEMO_PASSWORDS.legacy, 'Brand#New2026')
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null })
    expect((await attemptLogin(ctx, 'legacy', 'Brand#New2026')).json().code).toBe(0)
    expect((await attemptLogin(ctx, 'legacy', DEMO_PASSWORDS.legacy)).statusCode).toBe(400)
    const audited = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('username', '=', 'legacy')
      .where('action', '=', 'passwordChange')
      .execute()
    expect(audited).toContainEqual({ action: 'passwordChange', outcome: 'success' })
  })

  it('refuses a new password that is one of the last five (等保), the current one included', async () => {
    const back = await change('legacy', 'Brand#New2026', 'Brand#New2026')
    expect(back.json().message).toBe(tZh('errors.passwordSame'))
    expect((await change('legacy', 'Brand#New2026', 'Second#New2026')).json().code).toBe(0)
    const again = await change('legacy', 'Second#New2026', 'Brand#New2026')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(tZh('account.errors.passwordRecent'))
    const history = await ctx.database.db
      .selectFrom('password_history')
      .select('id')
      .where('user_id', '=', await userId('legacy'))
      .execute()
    expect(history).toHaveLength(2)
  })
})

describe('sessions', () => {
  it('answers 401 "请先登录" without a token and the SPEC §8 message for an unknown one', async () => {
    const none = await info()
    expect(none.statusCode).toBe(401)
    expect(none.json().message).toBe(tZh('errors.loginRequired'))
    const unknown = await info('x'.repeat(43))
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toEqual({ code: 401, message: '登录已过期，请重新登录！', data: null })
  })

  it('ends a session on logout', async () => {
    const token = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    const out = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/logout', headers: { token } })
    expect(out.json()).toEqual({ code: 0, message: 'success', data: null })
    expect((await info(token)).statusCode).toBe(401)
  })

  it('expires an idle session', async () => {
    const token = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    await ctx.database.db
      .updateTable('user_session')
      .set({ last_seen_at: new Date(Date.now() - (ctx.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where('token_hash', '=', hashSessionToken(token))
      .execute()
    const res = await info(token)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('登录已过期，请重新登录！')
  })

  it('expires a session at its absolute limit even while in use', async () => {
    const token = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    expect((await info(token)).statusCode).toBe(200)
    await ctx.database.db
      .updateTable('user_session')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashSessionToken(token))
      .execute()
    expect((await info(token)).statusCode).toBe(401)
  })

  it('keeps at most five sessions per account, ending the oldest', async () => {
    const tokens: string[] = []
    for (let i = 0; i < 6; i++) tokens.push(await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu))
    expect((await info(tokens[0])).statusCode).toBe(401)
    for (const token of tokens.slice(1)) expect((await info(token)).statusCode).toBe(200)
  })

  it('ends the sessions of a disabled account', async () => {
    const token = await loginAs(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
    await ctx.database.db.updateTable('app_user').set({ disabled: true }).where('username', '=', 'neimenggu').execute()
    try {
      expect((await info(token)).statusCode).toBe(401)
      const again = await attemptLogin(ctx, 'neimenggu', DEMO_PASSWORDS.neimenggu)
      expect(again.statusCode).toBe(403)
      expect(again.json().message).toBe(tZh('errors.accountDisabled'))
    } finally {
      await ctx.database.db.updateTable('app_user').set({ disabled: false }).where('username', '=', 'neimenggu').execute()
    }
  })
})

describe('POST /api/userinfo/auto-login', () => {
  it('logs in with the built-in service account of code 1 and 2', async () => {
    for (const code of [1, 2]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code } })
      expect(res.statusCode).toBe(200)
      const user = (await info(res.json().data.token)).json().data
      expect(user.username).toBe(`svc_code${code}`)
      expect(user.isServiceAccount).toBe(true)
      expect(user.permissions).toEqual([])
    }
  })

  it('gives the service accounts sessions of 30 minutes at most, without permissions', async () => {
    await ctx.database.db
      .insertInto('user_permission')
      .values({ user_id: await userId('svc_code1'), code: 'MOD_001' })
      .execute()
    const res = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code: 1 } })
    const token = res.json().data.token
    const session = await ctx.database.db
      .selectFrom('user_session')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashSessionToken(token))
      .executeTakeFirstOrThrow()
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBeLessThanOrEqual(30 * 60_000 + 5_000)
    // the session acts with no rights even when the account row was given some
    expect((await info(token)).json().data.permissions).toEqual([])
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: { token } })).statusCode).toBe(403)
  })

  it('gives automatic-login sessions no private state: every per-account route asks for an account, the session stays', async () => {
    const autoLogin = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code: 1 } })).json().data.token
    const [first, second] = [await autoLogin(), await autoLogin()]
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) })
    const scene = { sceneIds: ['ANY_SCENE'] }
    for (const [method, url, payload] of [
      ['POST', '/api/ordercart/add', scene],
      ['GET', '/api/ordercart/list'],
      ['GET', '/api/ordercart/count'],
      ['POST', '/api/order/submit', { ...scene, purpose: '用途', project: '项目', acceptTerms: true }],
      ['GET', '/api/order/list'],
      ['GET', '/api/order/detail?id=1'],
      ['GET', '/api/order/download?id=1&code=ABCDEF'],
      ['GET', '/api/request/list'],
      ['GET', '/api/satorbit/predictions'],
      ['GET', '/api/usercenter/detail'],
    ] as const) {
      for (const token of [first, second]) {
        const res = await call(token, method, url, payload)
        expect(res.statusCode, `${method} ${url}`).toBe(401)
        expect(res.json(), `${method} ${url}`).toMatchObject({ code: API_CODE.accountRequired, message: tZh('errors.accountRequired') })
      }
    }
    // what the automatic login is for still works, and the refusals ended no session
    for (const token of [first, second]) {
      expect((await info(token)).json().data.username).toBe('svc_code1')
      expect((await call(token, 'GET', '/api/userinfo/area-range')).statusCode).toBe(200)
    }
    // an account keeps its own
    const own = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
    expect((await call(own, 'GET', '/api/ordercart/count')).json().code).toBe(0)
    expect((await call(own, 'GET', '/api/order/list')).json().code).toBe(0)
    expect((await call(own, 'GET', '/api/usercenter/detail')).json().code).toBe(0)
  })

  it('rejects any other code', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code: 3 } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('自动登录代码只能为1或2')
  })

  it('refuses a disabled service account', async () => {
    await ctx.database.db.updateTable('app_user').set({ disabled: true }).where('username', '=', 'svc_code2').execute()
    const res = await ctx.app.inject({ method: 'POST', url: '/api/userinfo/auto-login', payload: { code: 2 } })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(tZh('errors.autoLoginDisabled'))
  })
})
