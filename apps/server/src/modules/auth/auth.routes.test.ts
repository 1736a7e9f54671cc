import { encryptPassword, tZh } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const info = (token?: string) => ctx.app.inject({ method: 'GET', url: '/api/userinfo/info', headers: token ? { token } : {} })

describe('GET /api/captcha/image', () => {
  it('answers SVG markup with a one-time key header and no caching', async () => {
    const c = await fetchCaptcha(ctx)
    expect(c.svg.startsWith('<svg')).toBe(true)
    expect(c.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(c.answer).toMatch(/^[a-z2-9]{4}$/)
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

  it('does not tell an unknown user from a wrong password', async () => {
    const res = await attemptLogin(ctx, 'nobody', 'whatever')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(tZh('errors.loginFailed'))
  })

  it('does not let a service account log in with a password', async () => {
    const res = await attemptLogin(ctx, 'svc_code1', '!unusable')
    expect(res.statusCode).toBe(400)
  })

  it('answers code 2 with the upgrade message when the password must be changed', async () => {
    const res = await attemptLogin(ctx, 'legacy', DEMO_PASSWORDS.legacy)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 2, message: '由于系统升级，请点击“确认”修改密码后登录！', data: { token: null } })
  })

  it('locks the account after five failures, then lets it in once the lock has passed', async () => {
    for (let left = 4; left >= 1; left--) {
      const res = await attemptLogin(ctx, 'user', 'wrong-password')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(tZh('errors.loginFailedLeft', { left }))
    }
    const fifth = await attemptLogin(ctx, 'user', 'wrong-password')
    expect(fifth.statusCode).toBe(423)
    expect(fifth.json().message).toBe(tZh('errors.accountLocked', { minutes: 15 }))
    const right = await attemptLogin(ctx, 'user', DEMO_PASSWORDS.user)
    expect(right.statusCode).toBe(423)

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

  it('stores passwords as slow hashes and sessions by token hash only', async () => {
    const token = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
    const user = await ctx.database.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
    expect(user.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(user.password_hash).not.toContain(DEMO_PASSWORDS.admin)
    const stored = await ctx.database.db.selectFrom('user_session').select('token_hash').execute()
    expect(stored.map((s) => s.token_hash)).toContain(hashSessionToken(token))
    expect(stored.map((s) => s.token_hash)).not.toContain(token)
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
