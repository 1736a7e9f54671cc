import { PERMISSION } from '@rs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../test-support/factories'
import { createTestContext, loginAs, type TestContext } from './test-context'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(async () => {
  await ctx?.close()
})

describe('buildUser', () => {
  it('inserts a user who logs in and has exactly the given permissions and area ranges', async () => {
    const user = await buildUser(ctx.database.db, {
      permissions: [PERMISSION.pvland, PERMISSION.pvland],
      areaRanges: ['150000', { regionId: '130000', isDelete: 1 }],
    })
    const token = await loginAs(ctx, user.username, user.password)
    const ranges = await ctx.app.inject({ method: 'GET', url: '/api/userinfo/area-range', headers: { token } })
    expect(ranges.statusCode).toBe(200)
    expect(JSON.stringify(ranges.json().data)).toContain('150000')
    expect(JSON.stringify(ranges.json().data)).not.toContain('130000')
    const codes = await ctx.database.db.selectFrom('user_permission').select('code').where('user_id', '=', user.id).execute()
    expect(codes.map((c) => c.code)).toEqual([PERMISSION.pvland])
  })

  it('makes a unique user each time, without permissions or ranges unless asked', async () => {
    const [a, b] = await Promise.all([buildUser(ctx.database.db), buildUser(ctx.database.db)])
    expect(a.username).not.toBe(b.username)
    const ranges = await ctx.database.db.selectFrom('area_range').select('id').where('user_id', 'in', [a.id, b.id]).execute()
    expect(ranges).toEqual([])
  })
})
