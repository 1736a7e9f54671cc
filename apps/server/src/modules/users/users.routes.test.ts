import { isPasswordStale, tZh } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const name of ['admin', 'neimenggu', 'user', 'olduser'] as const) tokens[name] = await loginAs(ctx, name, DEMO_PASSWORDS[name])
})
afterAll(async () => {
  await ctx?.close()
})

const get = (url: string, who?: string) => ctx.app.inject({ method: 'GET', url, headers: who ? { token: tokens[who] ?? who } : {} })

describe('GET /api/userinfo/info', () => {
  it('answers the province user with permissions, masked contacts and push nodes', async () => {
    const res = await get('/api/userinfo/info', 'neimenggu')
    expect(res.statusCode).toBe(200)
    const user = res.json().data
    expect(user).toMatchObject({
      username: 'neimenggu',
      accountType: 0,
      telephone: { value: '138****0002', uri: 'tel:13800000002' },
      email: { value: 'n*g@example.com', uri: 'mailto:nmg@example.com' },
      isServiceAccount: false,
      personInfo: { realName: '内蒙古自治区用户', relatePushNodeInfo: [{ name: '内蒙古自治区推送节点', regionId: '150000' }] },
    })
    expect(user.permissions).toContain('MOD_056')
    expect(user.permissions).toContain('MOD_056_DISPLAY')
    expect(user.permissions).toContain('MOD_060')
    expect(user.permissions).not.toContain('MOD_001')
    expect(user.permissions).not.toContain('MOD_002')
  })

  it('gives the last password change so the 30-day warning can be shown', async () => {
    const fresh = (await get('/api/userinfo/info', 'user')).json().data
    const old = (await get('/api/userinfo/info', 'olduser')).json().data
    expect(isPasswordStale(fresh.lastModifyTime)).toBe(false)
    expect(isPasswordStale(old.lastModifyTime)).toBe(true)
  })
})

describe('GET /api/userinfo/area-range', () => {
  it('keeps only records with status 0 and isDelete 0', async () => {
    const res = await get('/api/userinfo/area-range?type=0', 'neimenggu')
    expect(res.json().data).toEqual([{ type: 'regionId', regionId: '150000', status: 0, isDelete: 0 }])
  })

  it('answers an empty list for a user without any range', async () => {
    expect((await get('/api/userinfo/area-range?type=0', 'user')).json().data).toEqual([])
  })

  it('lets only a system administrator ask for another user', async () => {
    const forbidden = await get('/api/userinfo/area-range?type=0&username=admin', 'neimenggu')
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe(tZh('errors.areaRangeForbidden'))
    const byName = await get('/api/userinfo/area-range?type=0&username=neimenggu', 'admin')
    expect(byName.json().data.map((r: { regionId: string }) => r.regionId)).toEqual(['150000'])
    const missing = await get('/api/userinfo/area-range?type=0&username=ghost', 'admin')
    expect(missing.statusCode).toBe(404)
  })

  it('lets a user name themselves', async () => {
    const res = await get('/api/userinfo/area-range?type=0&username=NEIMENGGU', 'neimenggu')
    expect(res.statusCode).toBe(200)
  })

  it('rejects a type argument other than 0 and a malformed id', async () => {
    const badType = await get('/api/userinfo/area-range?type=1', 'admin')
    expect(badType.statusCode).toBe(400)
    expect(badType.json().message).toContain('类型参数只能为0')
    expect((await get('/api/userinfo/area-range?id=abc', 'admin')).statusCode).toBe(400)
  })

  it('needs a login', async () => {
    expect((await get('/api/userinfo/area-range?type=0')).statusCode).toBe(401)
  })
})

describe('GET /api/ordercart/count', () => {
  it('counts the caller’s cart items only', async () => {
    expect((await get('/api/ordercart/count', 'admin')).json().data).toBe(0)
    const admin = await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    await ctx.database.db
      .insertInto('cart_item')
      .values([
        { user_id: admin.id, scene_id: 'GF1_PMS1_E116.4_N39.9_20260101' },
        { user_id: admin.id, scene_id: 'GF2_PMS2_E117.1_N40.2_20260102' },
      ])
      .execute()
    expect((await get('/api/ordercart/count', 'admin')).json().data).toBe(2)
    expect((await get('/api/ordercart/count', 'user')).json().data).toBe(0)
  })
})

describe('GET /api/admin/users (permission MOD_001)', () => {
  it('answers 401 to a visitor, 403 with the SPEC message to a user without the permission', async () => {
    expect((await get('/api/admin/users')).statusCode).toBe(401)
    for (const who of ['neimenggu', 'user']) {
      const res = await get('/api/admin/users', who)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ code: 403, message: '无查看信息权限，请联系管理员', data: null })
    }
  })

  it('lists accounts with their permissions and active area ranges to the administrator', async () => {
    const res = await get('/api/admin/users', 'admin')
    expect(res.statusCode).toBe(200)
    const users = res.json().data as Array<{ username: string; regionIds: string[]; isServiceAccount: boolean }>
    expect(users.find((u) => u.username === 'neimenggu')?.regionIds).toEqual(['150000'])
    expect(users.find((u) => u.username === 'admin')?.regionIds).toEqual(['100000'])
    expect(users.filter((u) => u.isServiceAccount).map((u) => u.username)).toEqual(['svc_code1', 'svc_code2'])
  })
})
