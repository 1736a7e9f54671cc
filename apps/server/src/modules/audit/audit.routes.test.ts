import { formatBeijingTime, tZh } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptLogin, createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'
import { createAuditRepository } from './audit.repository'
import { createAuditService } from './audit.service'

let ctx: TestContext
const tokens = { admin: '', editor: '', user: '' }

beforeAll(async () => {
  ctx = await createTestContext()
  tokens.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
  tokens.editor = await loginAs(ctx, 'editor', 'Editor@2026')
  tokens.user = await loginAs(ctx, 'user', DEMO_PASSWORDS.user)
})
afterAll(async () => {
  await ctx?.close()
})

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? { token } : {} })
const search = async (query: string) => {
  const res = await get(`/api/admin/audit?${query}`, tokens.admin)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { total: number; items: Array<Record<string, unknown>> }
}

describe('audit_log table', () => {
  it('refuses UPDATE, TRUNCATE and the DELETE of any record younger than 180 days', async () => {
    const db = ctx.database.db
    await expect(db.updateTable('audit_log').set({ outcome: 'success' }).execute()).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/)
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/)
    const young = await db
      .insertInto('audit_log')
      .values({ at: new Date(Date.now() - 179 * 86_400_000), action: 'login', outcome: 'success', detail: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await expect(db.deleteFrom('audit_log').where('id', '=', young.id).execute()).rejects.toThrow(/append-only/)
  })

  it('purges only records older than the retention, which is never below 180 days', async () => {
    const db = ctx.database.db
    const old = await db
      .insertInto('audit_log')
      .values({ at: new Date(Date.now() - 200 * 86_400_000), action: 'login', outcome: 'success', detail: '{}', username: 'ancient' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const before = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const audit = createAuditService(createAuditRepository(db))
    // a retention below the minimum is raised to 180 days, so the 179-day-old record survives
    expect(await audit.purge(30)).toBe(1)
    const after = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) - 1)
    expect(await db.selectFrom('audit_log').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined()
  })
})

describe('GET /api/admin/audit (permission MOD_001)', () => {
  it('answers 401 to a visitor and 403 to a user without the permission', async () => {
    expect((await get('/api/admin/audit')).statusCode).toBe(401)
    const res = await get('/api/admin/audit', tokens.editor)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(tZh('errors.noPermission'))
  })

  it("records a 403 of a logged-in user once, with the route and the reason, and no visitor's 401", async () => {
    const denials = async (username?: string) => (await search(`action=accessDenied${username ? `&username=${username}` : ''}`)).total
    const [before, all] = [await denials('editor'), await denials()]
    // the route's permission rule (auth plugin) and a service's own check
    expect((await get('/api/admin/users', tokens.editor)).statusCode).toBe(403)
    expect((await get('/api/userinfo/area-range?username=admin', tokens.editor)).statusCode).toBe(403)
    const found = await search('action=accessDenied&username=editor')
    expect(found.total).toBe(before + 2)
    expect(found.items.slice(0, 2)).toMatchObject([
      {
        username: 'editor',
        outcome: 'failure',
        target: 'GET /api/userinfo/area-range',
        detail: { route: '/api/userinfo/area-range', reason: tZh('errors.areaRangeForbidden') },
      },
      {
        username: 'editor',
        outcome: 'failure',
        target: 'GET /api/admin/users',
        detail: { method: 'GET', reason: tZh('errors.noPermission') },
      },
    ])
    expect((await get('/api/admin/users')).statusCode).toBe(401)
    expect(await denials()).toBe(all + 2)
  })

  it('records logins with user, address and outcome, newest first', async () => {
    await attemptLogin(ctx, 'ghost-user', 'whatever')
    const found = await search('username=GHOST-USER&action=login')
    expect(found.total).toBe(1)
    expect(found.items[0]).toMatchObject({
      userId: null,
      username: 'ghost-user',
      ip: '127.0.0.1',
      action: 'login',
      outcome: 'failure',
      detail: { reason: 'unknownUser' },
    })
    const logins = await search('action=login&outcome=success&username=admin')
    expect(logins.total).toBeGreaterThanOrEqual(1)
    expect(logins.items.every((e) => e.outcome === 'success' && e.username === 'admin')).toBe(true)
  })

  it('filters by time range and address and pages stably', async () => {
    const all = await search('pageSize=100')
    const page1 = await search('pageSize=2&pageNum=1')
    const page2 = await search('pageSize=2&pageNum=2')
    expect(page1.total).toBe(all.total)
    expect([...page1.items, ...page2.items].map((e) => e.id)).toEqual(all.items.slice(0, 4).map((e) => e.id))
    const future = await search(`from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`)
    expect(future.total).toBe(0)
    const local = await search('ip=127.0.0&pageSize=100')
    expect(local.total).toBeGreaterThan(0)
    expect(local.items.every((e) => String(e.ip).startsWith('127.0.0'))).toBe(true)
    expect((await search('ip=10.')).total).toBe(0)
    // LIKE wildcards are taken literally
    expect((await search('ip=%25')).total).toBe(0)
  })

  it('rejects an unknown action, a bad time and a page size over 100 in Chinese', async () => {
    for (const query of ['action=drop', 'from=yesterday', 'pageSize=101', 'outcome=maybe']) {
      const res = await get(`/api/admin/audit?${query}`, tokens.admin)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/)
    }
  })

  it('records content changes with the editor and the article', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/news/create',
      headers: { token: tokens.editor },
      payload: { title: '审计测试新闻', summary: '摘要', date: '2026-11-20', source: '测试', body: '正文' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id
    const del = await ctx.app.inject({ method: 'POST', url: '/api/news/delete', headers: { token: tokens.editor }, payload: { id } })
    expect(del.statusCode).toBe(200)
    const created = await search('action=newsCreate&username=editor')
    expect(created.items[0]).toMatchObject({ target: `news:${id}`, outcome: 'success', detail: { title: '审计测试新闻' } })
    expect((await search('action=newsDelete&username=editor')).items[0]).toMatchObject({ target: `news:${id}` })
  })

  it('records logouts', async () => {
    const token = await loginAs(ctx, 'neimenggu', 'Nmg@2026')
    await ctx.app.inject({ method: 'POST', url: '/api/userinfo/logout', headers: { token } })
    expect((await search('action=logout&username=neimenggu')).total).toBe(1)
  })
})

describe('GET /api/admin/audit/export', () => {
  it('answers CSV with a BOM and Chinese headings, and records the export', async () => {
    expect((await get('/api/admin/audit/export', tokens.user)).statusCode).toBe(403)
    const res = await get('/api/admin/audit/export?action=login', tokens.admin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain('attachment')
    expect(res.body.startsWith('\uFEFF时间,用户,ID,客户端地址,操作,action,对象,结果,详情')).toBe(true)
    expect(res.body).toContain(',登录,login,')
    expect(res.body).not.toContain(',logout,')
    const exported = await search('action=auditExport')
    expect(exported.items[0]).toMatchObject({ username: 'admin', detail: { filter: { action: 'login' } } })
  })

  it('keeps a typed user name that looks like a formula as text', async () => {
    await attemptLogin(ctx, '=1+2', 'whatever')
    const res = await get('/api/admin/audit/export?username=%3D1%2B2', tokens.admin)
    expect(res.body).toContain("'=1+2")
  })

  it('writes each time in Beijing time and names the file by the Beijing day', async () => {
    const [newest] = (await search('username=admin&pageSize=1')).items
    const res = await get('/api/admin/audit/export?username=admin', tokens.admin)
    expect(res.body.split('\r\n')[1]?.startsWith(`${formatBeijingTime(String(newest?.at))},admin,`)).toBe(true)
    expect(res.headers['content-disposition']).toContain(`filename="audit-${formatBeijingTime(new Date(), 'YYYYMMDD')}.csv"`)
  })
})

describe('POST /api/admin/users/unlock', () => {
  it('lifts a lock, answers whether there was one, and is recorded', async () => {
    const user = await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'olduser').executeTakeFirstOrThrow()
    await ctx.database.db
      .updateTable('app_user')
      .set({ locked_until: new Date(Date.now() + 600_000), failed_attempts: 0 })
      .where('id', '=', user.id)
      .execute()
    const list = (await get('/api/admin/users', tokens.admin)).json().data as Array<{ username: string; lockedUntil: string | null }>
    expect(list.find((u) => u.username === 'olduser')?.lockedUntil).not.toBeNull()
    const unlock = (id: number, token = tokens.admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/users/unlock', headers: { token }, payload: { id } })
    expect((await unlock(user.id, tokens.editor)).statusCode).toBe(403)
    expect((await unlock(user.id)).json().data).toEqual({ wasLocked: true })
    expect((await unlock(user.id)).json().data).toEqual({ wasLocked: false })
    expect((await unlock(999_999)).statusCode).toBe(404)
    const entries = await search('action=userUnlock')
    expect(entries.items[1]).toMatchObject({ username: 'admin', target: 'olduser', detail: { wasLocked: true } })
  })

  it('lists permissions with their names', async () => {
    const list = (await get('/api/admin/users', tokens.admin)).json().data as Array<{
      username: string
      permissionNames: Array<{ code: string; name: string }>
    }>
    expect(list.find((u) => u.username === 'editor')?.permissionNames).toEqual([{ code: 'MOD_002', name: '内容管理（新闻、典型影像）' }])
  })
})
