import { PERMISSION } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../../test-support/factories'
import { attemptLogin, createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}
let target = { id: 0, username: '', password: '' }
let adminId = 0

beforeAll(async () => {
  ctx = await createTestContext()
  target = await buildUser(ctx.database.db, { realName: '测试甲', organization: '某测绘院甲分院', areaRanges: ['150000'] })
  tokens.target = await loginAs(ctx, target.username, target.password)
  tokens.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
  const other = await buildUser(ctx.database.db, { permissions: [PERMISSION.contentEditor] })
  tokens.editor = await loginAs(ctx, other.username, other.password)
  adminId = (await ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const actions = async (action: string) =>
  ctx.database.db.selectFrom('audit_log').select(['username', 'target', 'detail']).where('action', '=', action).execute()

describe('GET /api/admin/users?q=', () => {
  it('finds accounts by part of the name or organisation', async () => {
    const byOrg = (await call('GET', `/api/admin/users?q=${encodeURIComponent('测绘院甲')}`, 'admin')).body.data
    expect(byOrg.map((u: Json) => u.username)).toEqual([target.username])
    const byName = (await call('GET', `/api/admin/users?q=${target.username.slice(2).toUpperCase()}`, 'admin')).body.data
    expect(byName.map((u: Json) => u.username)).toEqual([target.username])
    // LIKE wildcards are taken literally
    expect((await call('GET', '/api/admin/users?q=%25', 'admin')).body.data).toEqual([])
    expect((await call('GET', '/api/admin/users?q=a', 'editor')).status).toBe(403)
  })
})

describe('POST /api/admin/users/disabled', () => {
  it('disables an account: its session ends and it cannot log in; enabling lets it in again, both audited', async () => {
    expect((await call('GET', '/api/userinfo/info', 'target')).status).toBe(200)
    expect((await call('POST', '/api/admin/users/disabled', 'editor', { id: target.id, disabled: true })).status).toBe(403)
    const res = await call('POST', '/api/admin/users/disabled', 'admin', { id: target.id, disabled: true })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ username: target.username, disabled: true })
    expect((await call('GET', '/api/userinfo/info', 'target')).status).toBe(401)
    const login = await attemptLogin(ctx, target.username, target.password)
    expect(login.json().code).not.toBe(0)
    const enabled = await call('POST', '/api/admin/users/disabled', 'admin', { id: target.id, disabled: false })
    expect(enabled.body.data.disabled).toBe(false)
    tokens.target = await loginAs(ctx, target.username, target.password)
    expect((await actions('userDisable')).map((a) => a.target)).toEqual([target.username])
    expect((await actions('userEnable')).map((a) => a.target)).toEqual([target.username])
  })

  it('refuses to disable one’s own account or an unknown one', async () => {
    const self = await call('POST', '/api/admin/users/disabled', 'admin', { id: adminId, disabled: true })
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('不能停用当前登录的账号')
    expect((await call('POST', '/api/admin/users/disabled', 'admin', { id: 999_999, disabled: true })).status).toBe(404)
  })
})

describe('POST /api/admin/users/permissions and area-ranges', () => {
  it('replaces permissions by catalogue codes, shown by name, audited with what changed', async () => {
    const catalogue = (await call('GET', '/api/admin/permissions', 'admin')).body.data
    expect(catalogue).toContainEqual({ code: 'MOD_058', name: '光伏用地监测' })
    const res = await call('POST', '/api/admin/users/permissions', 'admin', {
      id: target.id,
      permissions: ['MOD_058', 'MOD_058_DISPLAY', 'MOD_055_DISPLAY'],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.permissionNames).toContainEqual({ code: 'MOD_058', name: '光伏用地监测' })
    expect((await call('GET', '/api/userinfo/info', 'target')).body.data.permissions).toEqual([
      'MOD_055_DISPLAY',
      'MOD_058',
      'MOD_058_DISPLAY',
    ])
    const [audit] = await actions('userPermissions')
    expect(audit?.detail).toMatchObject({ added: ['MOD_055_DISPLAY', 'MOD_058', 'MOD_058_DISPLAY'], removed: [] })
  })

  it('refuses unknown codes, removing one’s own administration and non-admin callers, changing nothing', async () => {
    const unknown = await call('POST', '/api/admin/users/permissions', 'admin', { id: target.id, permissions: ['MOD_058', 'MOD_999'] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('权限目录中没有这些代码：MOD_999')
    const pattern = await call('POST', '/api/admin/users/permissions', 'admin', { id: target.id, permissions: ['ROOT'] })
    expect(pattern.status).toBe(400)
    const self = await call('POST', '/api/admin/users/permissions', 'admin', { id: adminId, permissions: [] })
    expect(self.body.message).toBe('不能移除当前登录账号的系统管理权限')
    expect((await call('POST', '/api/admin/users/permissions', 'editor', { id: target.id, permissions: [] })).status).toBe(403)
    expect((await call('GET', '/api/userinfo/info', 'target')).body.data.permissions).toContain('MOD_058')
  })

  it('replaces area ranges with known regions; removed ones are marked deleted, not lost', async () => {
    const bad = await call('POST', '/api/admin/users/area-ranges', 'admin', { id: target.id, regionIds: ['130000', '990000'] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('未知的行政区代码：990000')
    const res = await call('POST', '/api/admin/users/area-ranges', 'admin', { id: target.id, regionIds: ['130000', '110000'] })
    expect(res.body.data.regionIds).toEqual(['110000', '130000'])
    const ranges = (await call('GET', '/api/userinfo/area-range', 'target')).body.data.map((r: Json) => r.regionId).sort()
    expect(ranges).toEqual(['110000', '130000'])
    const rows = await ctx.database.db
      .selectFrom('area_range')
      .select(['region_id', 'is_delete'])
      .where('user_id', '=', target.id)
      .execute()
    expect(rows).toContainEqual({ region_id: '150000', is_delete: 1 })
    const [audit] = await actions('userAreaRanges')
    expect(audit?.detail).toMatchObject({ added: ['110000', '130000'], removed: ['150000'] })
  })
})
