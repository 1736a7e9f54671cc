import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptLogin, createTestContext, type TestContext } from '../test/test-context'
import { AccountError, createAccount, ensureAdministrator, resetPassword, unlockAccount } from './accounts'
import { DEMO_USERS, seedDemo } from './seed'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

describe('the first start’s administrator', () => {
  it('gets a random password, stored only as a hash, that must be changed at the first login', async () => {
    const db = ctx.database.db
    expect(await ensureAdministrator(db, { password: 'Admin@2026' })).toEqual({ created: false, retiredPublishedPassword: false })
    await db.deleteFrom('app_user').where('username', '=', 'admin').execute()

    const first = await ensureAdministrator(db)
    if (!first.created || !first.generatedPassword) throw new Error('no administrator was created')
    const password = first.generatedPassword
    expect(password).toHaveLength(16)
    const row = await db
      .selectFrom('app_user')
      .select(['password_hash', 'must_change_password'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
    expect(row.must_change_password).toBe(true)
    expect(row.password_hash).not.toContain(password)
    expect((await attemptLogin(ctx, 'admin', password)).json()).toMatchObject({ code: 2, data: { token: null } })

    // the operator sets a password from the shell; the next login opens a session
    await resetPassword(db, 'admin', { password: 'Chosen#Pass2026' })
    expect((await attemptLogin(ctx, 'admin', 'Chosen#Pass2026')).json().code).toBe(0)
    expect((await attemptLogin(ctx, 'admin', password)).statusCode).toBe(400)
  })
})

describe('an administrator with the password earlier releases published', () => {
  it('must change it at the next login', async () => {
    const db = ctx.database.db
    await resetPassword(db, 'admin', { password: 'Admin@2026' })
    expect(await ensureAdministrator(db)).toEqual({ created: false, retiredPublishedPassword: true })
    expect((await attemptLogin(ctx, 'admin', 'Admin@2026')).json().code).toBe(2)
    await resetPassword(db, 'admin', { password: 'Chosen#Pass2026' })
    expect(await ensureAdministrator(db)).toEqual({ created: false, retiredPublishedPassword: false })
  })
})

describe('operator account commands', () => {
  it('adds an account with permissions and regions, and refuses bad input and duplicates', async () => {
    const db = ctx.database.db
    await createAccount(db, {
      username: 'ops1',
      password: 'Ops1#Pass2026',
      permissions: ['MOD_056', 'MOD_056_DISPLAY'],
      regionIds: ['150000'],
    })
    const perms = await db
      .selectFrom('user_permission as p')
      .innerJoin('app_user as u', 'u.id', 'p.user_id')
      .select('p.code')
      .where('u.username', '=', 'ops1')
      .orderBy('p.code')
      .execute()
    expect(perms.map((p) => p.code)).toEqual(['MOD_056', 'MOD_056_DISPLAY'])
    expect((await attemptLogin(ctx, 'ops1', 'Ops1#Pass2026')).json().code).toBe(0)
    await expect(createAccount(db, { username: 'OPS1', password: 'x' })).rejects.toBeInstanceOf(AccountError)
    await expect(createAccount(db, { username: 'ops2', password: 'x', regionIds: ['12'] })).rejects.toThrow('行政区代码无效')
    await expect(createAccount(db, { username: 'ops2', password: 'x', permissions: ['ROOT'] })).rejects.toThrow('权限代码无效')
    await expect(createAccount(db, { username: "ops'; drop", password: 'x' })).rejects.toThrow('用户名无效')
  })

  it('resets to a printed random password, lifting the lock and ending the sessions', async () => {
    const db = ctx.database.db
    await db
      .updateTable('app_user')
      .set({ locked_until: new Date(Date.now() + 600_000) })
      .where('username', '=', 'ops1')
      .execute()
    const reset = await resetPassword(db, 'ops1')
    expect(reset.generated).toBe(true)
    expect((await attemptLogin(ctx, 'ops1', reset.password)).json().code).toBe(0)
    await expect(resetPassword(db, 'nobody-here')).rejects.toThrow('用户不存在')
  })

  it('unlocks and tells whether there was a lock', async () => {
    const db = ctx.database.db
    await db
      .updateTable('app_user')
      .set({ locked_until: new Date(Date.now() + 600_000) })
      .where('username', '=', 'ops1')
      .execute()
    expect((await unlockAccount(db, 'ops1')).wasLocked).toBe(true)
    expect((await unlockAccount(db, 'ops1')).wasLocked).toBe(false)
  })
})

describe('SEED_DEMO=off', () => {
  it('disables the demo accounts left from an earlier start and keeps the service accounts', async () => {
    const { disabledUsers } = await seedDemo(ctx.database.db, { demo: false })
    const demoNames = DEMO_USERS.filter((u) => !u.isService).map((u) => u.username)
    expect(disabledUsers.sort()).toEqual(demoNames.sort())
    const rows = await ctx.database.db.selectFrom('app_user').select(['username', 'disabled']).execute()
    const state = new Map(rows.map((r) => [r.username, r.disabled]))
    for (const name of demoNames) expect(state.get(name), name).toBe(true)
    expect(state.get('svc_code1')).toBe(false)
    expect(state.get('admin')).toBe(false)
  })
})
