import { PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSpot, buildUser } from '../../../test-support/factories'
import { multipartForm, picture } from '../../test/images'
import { createTestContext, getData, getJson, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
type Who = 'province' | 'city' | 'ministry' | 'ministry2' | 'noCode' | 'beijing' | 'recorder'
const tokens = {} as Record<Who, Record<string, string>>
const ids: Record<string, number> = {}
let center: [number, number]
let jpeg: Buffer
let png: Buffer

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
  const db = ctx.database.db
  ids.hohhot = (await buildSpot(db, { county: '150102', spotType: 'built', siteId: 'v1' })).id
  ids.hohhot2 = (await buildSpot(db, { county: '150102', spotType: 'construction', siteId: 'v2' })).id
  ids.persist = (await buildSpot(db, { county: '150102', batch: '20250930', siteId: 'v1', stage: 'persist' })).id
  ids.beijing = (await buildSpot(db, { county: '110101', spotType: 'expanded', siteId: 'v3' })).id
  ids.baotou = (await buildSpot(db, { county: '150203', siteId: 'v4' })).id
  const { rows } = await sql<{
    lon: number
    lat: number
  }>`SELECT ST_X(center) AS lon, ST_Y(center) AS lat FROM region WHERE code = '150102'`.execute(db)
  center = [rows[0]?.lon as number, rows[0]?.lat as number]
  const users: Record<Exclude<Who, 'recorder'>, Awaited<ReturnType<typeof buildUser>>> = {
    province: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'], realName: '内蒙古核查员' }),
    city: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150200'] }),
    ministry: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['100000'], realName: '部级审核员' }),
    ministry2: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['100000'] }),
    noCode: await buildUser(db, { permissions: [PERMISSION.windmill], areaRanges: ['100000'] }),
    beijing: await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['110000'] }),
  }
  for (const [name, u] of Object.entries(users)) tokens[name as Who] = { token: await loginAs(ctx, u.username, u.password) }
  jpeg = await picture('jpeg', 80, 60)
  png = await picture('png', 40, 30)
})

afterAll(async () => {
  await ctx?.close()
})

interface CheckOptions {
  id?: number
  module?: string
  result?: string
  note?: string
  position?: [number, number]
  photos?: Array<{ filename: string; data: Buffer }>
}

async function record(who: Who, options: CheckOptions = {}) {
  const [lon, lat] = options.position ?? center
  const parts = [
    { name: 'module', data: options.module ?? 'pvland' },
    { name: 'id', data: String(options.id ?? ids.hohhot) },
    { name: 'result', data: options.result ?? 'true' },
    { name: 'note', data: options.note ?? '现场为已建成光伏板阵列' },
    { name: 'lon', data: String(lon) },
    { name: 'lat', data: String(lat) },
    ...(options.photos ?? [{ filename: '现场1.jpg', data: jpeg }]).map((p) => ({ name: 'photo', filename: p.filename, data: p.data })),
  ]
  const form = multipartForm(parts)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/monitor/verification/record',
    payload: form.payload,
    headers: { ...form.headers, ...tokens[who] },
  })
  return { status: res.statusCode, body: res.json() }
}

async function review(who: Who, decision: string, options: { id?: number; reason?: string } = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/monitor/verification/review',
    payload: { module: 'pvland', id: options.id ?? ids.hohhot, decision, reason: options.reason },
    headers: tokens[who],
  })
  return { status: res.statusCode, body: res.json() }
}

const counts = async () => {
  const db = ctx.database.db
  const one = async (table: 'monitor_verification' | 'monitor_verification_step' | 'monitor_verification_photo') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  return {
    states: await one('monitor_verification'),
    steps: await one('monitor_verification_step'),
    photos: await one('monitor_verification_photo'),
  }
}

describe('spot verification', () => {
  it('shows an unchecked new spot: the province may record, the ministry nothing yet', async () => {
    const province = await getData(ctx, `/api/monitor/verification?module=pvland&id=${ids.hohhot}`, tokens.province)
    expect(province).toMatchObject({
      spotId: ids.hohhot,
      needsCheck: true,
      state: 'unchecked',
      role: 'province',
      allowed: ['record'],
      history: [],
    })
    const ministry = await getData(ctx, `/api/monitor/verification?module=pvland&id=${ids.hohhot}`, tokens.ministry)
    expect(ministry).toMatchObject({ role: 'ministry', allowed: [] })
    const persist = await getData(ctx, `/api/monitor/verification?module=pvland&id=${ids.persist}`, tokens.province)
    expect(persist).toMatchObject({ needsCheck: false, allowed: [] })
  })

  it('refuses what the rules forbid, with nothing written', async () => {
    const before = await counts()
    const cases: Array<[Promise<{ status: number; body: { message: string } }>, number, string | RegExp]> = [
      // outside the area range: the SPEC message
      [record('beijing'), 403, '无查看信息权限，请联系管理员'],
      [record('city'), 403, '无查看信息权限，请联系管理员'],
      [record('noCode'), 403, '无查看信息权限，请联系管理员'],
      // the ministry reviews, it does not record
      [record('ministry'), 403, '核查结果由省级用户录入'],
      // nothing recorded yet: no review
      [review('ministry', 'accept'), 409, '核查状态为“待核查”，不能审核通过'],
      // a persisting spot needs no check
      [record('province', { id: ids.persist }), 409, '无需实地核查'],
      [record('province', { result: 'maybe' }), 400, '属实、不属实或部分属实'],
      [record('province', { position: [116.4, 39.9] }), 400, '核查位置不在图斑所在县内'],
      [record('province', { position: [500, 39.9] }), 400, '有效的核查位置'],
      [record('province', { photos: [] }), 400, '请上传 1–6 张现场照片'],
      [record('province', { photos: [{ filename: 'a.pdf', data: Buffer.from('%PDF-1.4 hello') }] }), 415, 'JPEG 或 PNG'],
      [record('province', { photos: [{ filename: 'cut.jpg', data: jpeg.subarray(0, jpeg.length - 40) }] }), 400, '损坏或不完整'],
      [record('province', { photos: Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.png`, data: png })) }), 413, '最多 6 张'],
      [
        record('province', { photos: [{ filename: 'big.jpg', data: Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]) }] }),
        413,
        '不能超过 5 MB',
      ],
      [record('province', { note: 'x'.repeat(501) }), 400, /核查说明最多 500 个字符|表单字段过长/],
      [record('province', { module: 'nuclear' }), 400, '未知的监测模块'],
      [record('province', { id: ids.beijing + 1000 }), 404, ''],
    ]
    for (const [call, status, message] of cases) {
      const { status: got, body } = await call
      expect([got, body.message]).toEqual([status, expect.stringMatching(message)])
    }
    expect(await counts()).toEqual(before)
    // no token: 401
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/monitor/verification/record',
      payload: multipartForm([{ name: 'module', data: 'pvland' }]).payload,
      headers: multipartForm([]).headers,
    })
    expect(anon.statusCode).toBe(401)
  })

  it('goes record → return → record → accept, each step in the history, audited, and then final', async () => {
    const first = await record('province', {
      photos: [
        { filename: '现场1.jpg', data: jpeg },
        { filename: '现场2.png', data: png },
      ],
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ state: 'recorded', allowed: [] })
    expect(first.body.data.history).toHaveLength(1)
    expect(first.body.data.history[0]).toMatchObject({
      event: 'record',
      state: 'recorded',
      actorName: '内蒙古核查员',
      result: 'true',
      note: '现场为已建成光伏板阵列',
      reason: null,
    })
    expect(first.body.data.history[0].photos.map((p: { fileName: string; contentType: string }) => [p.fileName, p.contentType])).toEqual([
      ['现场1.jpg', 'image/jpeg'],
      ['现场2.png', 'image/png'],
    ])
    // recorded: the province cannot record twice, the ministry must give a reason to return
    expect((await record('province')).status).toBe(409)
    const noReason = await review('ministry', 'return', { reason: '  ' })
    expect([noReason.status, noReason.body.message]).toEqual([400, '请填写退回原因'])
    const byProvince = await review('province', 'accept')
    expect([byProvince.status, byProvince.body.message]).toEqual([403, '仅部级用户（权限范围为全国）可审核核查结果'])

    const returned = await review('ministry', 'return', { reason: '照片未体现光伏板，请补拍' })
    expect(returned.status).toBe(200)
    expect(returned.body.data).toMatchObject({ state: 'returned', allowed: [] })
    const asProvince = await getData(ctx, `/api/monitor/verification?module=pvland&id=${ids.hohhot}`, tokens.province)
    expect(asProvince.allowed).toEqual(['record'])
    // a returned check cannot be accepted until recorded again
    expect((await review('ministry2', 'accept')).status).toBe(409)

    const again = await record('province', { result: 'partial', note: '部分已建成，部分在建' })
    expect(again.body.data.state).toBe('recorded')
    const accepted = await review('ministry2', 'accept')
    expect(accepted.body.data.state).toBe('accepted')
    expect(accepted.body.data.history.map((s: { event: string; state: string }) => `${s.event}:${s.state}`)).toEqual([
      'record:recorded',
      'return:returned',
      'record:recorded',
      'accept:accepted',
    ])
    expect(accepted.body.data.history[1].reason).toBe('照片未体现光伏板，请补拍')
    expect(accepted.body.data.history[2].result).toBe('partial')
    // accepted is final
    for (const call of [record('province'), review('ministry', 'return', { reason: '再看看' }), review('ministry', 'accept')])
      expect((await call).status).toBe(409)

    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'outcome'])
      .where('action', 'like', 'monitorVerify%')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['monitorVerifyRecord', 'monitorVerifyReturn', 'monitorVerifyRecord', 'monitorVerifyAccept'])
    expect(audit.every((a) => a.target === `monitor_spot:${ids.hohhot}` && a.outcome === 'success')).toBe(true)
  })

  it('serves a photo to those who may see the spot, and no one else', async () => {
    const view = await getData(ctx, `/api/monitor/verification?module=pvland&id=${ids.hohhot}`, tokens.ministry)
    const photo = view.history[0].photos[0]
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/monitor/verification/photo?module=pvland&id=${photo.id}`,
      headers: tokens.province,
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toBe('image/jpeg')
    expect(ok.rawPayload.equals(jpeg)).toBe(true)
    const outside = await getJson(ctx, `/api/monitor/verification/photo?module=pvland&id=${photo.id}`, tokens.beijing)
    expect([outside.status, outside.body.message]).toEqual([403, '无查看信息权限，请联系管理员'])
    expect((await getJson(ctx, `/api/monitor/verification/photo?module=windmill&id=${photo.id}`, tokens.noCode)).status).toBe(404)
    expect((await getJson(ctx, `/api/monitor/verification?module=pvland&id=${ids.beijing}`, tokens.province)).status).toBe(403)
  })

  it('counts the progress per province for the latest batch with new spots, inside the range', async () => {
    expect((await record('province', { id: ids.hohhot2 })).status).toBe(200)
    const ministry = await getData(ctx, '/api/monitor/verification/progress?module=pvland&batch=20250630', tokens.ministry)
    expect(ministry.batch).toBe('20250630')
    expect(ministry.rows).toEqual([
      { code: '110000', name: '北京市', toCheck: 1, unchecked: 1, recorded: 0, accepted: 0, returned: 0 },
      { code: '150000', name: '内蒙古自治区', toCheck: 3, unchecked: 1, recorded: 1, accepted: 1, returned: 0 },
    ])
    expect(ministry.total).toEqual({ toCheck: 4, unchecked: 2, recorded: 1, accepted: 1, returned: 0 })
    const province = await getData(ctx, '/api/monitor/verification/progress?module=pvland&batch=20250630', tokens.province)
    expect(province.rows.map((r: { code: string }) => r.code)).toEqual(['150000'])
    // the latest batch holds only the persisting spot: nothing to check
    const latest = await getData(ctx, '/api/monitor/verification/progress?module=pvland', tokens.ministry)
    expect(latest).toMatchObject({ batch: '20250930', rows: [], total: { toCheck: 0 } })
    expect((await getJson(ctx, '/api/monitor/verification/progress?module=pvland&batch=20200101', tokens.ministry)).status).toBe(400)
    expect((await getJson(ctx, '/api/monitor/verification/progress?module=pvland', tokens.noCode)).status).toBe(403)
    expect((await getJson(ctx, '/api/monitor/verification/progress?module=pvland')).status).toBe(401)
  })
})

describe('separation of duties in review', () => {
  it('refuses the account that recorded a check reviewing it, writing nothing; another ministry user accepts it', async () => {
    const db = ctx.database.db
    const recorder = await buildUser(db, { permissions: [PERMISSION.pvland], areaRanges: ['150000'] })
    tokens.recorder = { token: await loginAs(ctx, recorder.username, recorder.password) }
    const { rows } = await sql<{ lon: number; lat: number }>`
      SELECT ST_X(center) AS lon, ST_Y(center) AS lat FROM region WHERE code = '150203'`.execute(db)
    const position: [number, number] = [rows[0]?.lon as number, rows[0]?.lat as number]
    expect((await record('recorder', { id: ids.baotou, position })).status).toBe(200)
    // the same account is later given the whole country: it is now a ministry user
    await db
      .insertInto('area_range')
      .values({ user_id: recorder.id, type: 'regionId', region_id: '100000', status: 0, is_delete: 0 })
      .execute()
    tokens.recorder = { token: await loginAs(ctx, recorder.username, recorder.password) }
    const view = `/api/monitor/verification?module=pvland&id=${ids.baotou}`
    expect(await getData(ctx, view, tokens.recorder)).toMatchObject({ role: 'ministry', state: 'recorded', allowed: [] })
    expect(await getData(ctx, view, tokens.ministry)).toMatchObject({ role: 'ministry', allowed: ['accept', 'return'] })

    const before = await counts()
    const own = await review('recorder', 'accept', { id: ids.baotou })
    expect([own.status, own.body.message]).toEqual([403, '不能审核本人录入的核查记录，请由其他部级用户审核'])
    const ownReturn = await review('recorder', 'return', { id: ids.baotou, reason: '本人退回' })
    expect([ownReturn.status, ownReturn.body.message]).toEqual([403, '不能审核本人录入的核查记录，请由其他部级用户审核'])
    expect(await counts()).toEqual(before)
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `monitor_spot:${ids.baotou}`)
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['monitorVerifyRecord'])

    const accepted = await review('ministry', 'accept', { id: ids.baotou })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body.data.state).toBe('accepted')
  })
})
