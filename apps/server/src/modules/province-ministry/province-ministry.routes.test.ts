import { PERMISSION, PROVINCE_MINISTRY_LIMITS } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../../test-support/factories'
import { grantDemoAccounts } from '../../db/migrations/20261206200000_province-ministry'
import { picture, postFile, SMALL_PDF } from '../../test/images'
import { createTestContext, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const MOD = PERMISSION.provinceMinistry

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
  const db = ctx.database.db
  const people = {
    province: {
      permissions: [MOD],
      areaRanges: ['150000'],
      email: 'pm-nmg@example.com',
      organization: '内蒙古自治区自然资源厅',
      realName: '王省',
    },
    // a city inside the province: sees the requests of its city, not the province's own
    city: { permissions: [MOD], areaRanges: ['150100'], email: 'pm-hohhot@example.com', organization: '呼和浩特市自然资源局' },
    beijing: { permissions: [MOD], areaRanges: ['110000'], email: 'pm-bj@example.com' },
    ministry: { permissions: [MOD], areaRanges: ['100000'], email: 'pm-mnr@example.com', organization: '自然资源部', realName: '李部' },
    ministry2: { permissions: [MOD], areaRanges: ['100000'], email: 'pm-mnr2@example.com', organization: '自然资源部' },
    noPermission: { permissions: [PERMISSION.pvland], areaRanges: ['150000'] },
    noRange: { permissions: [MOD], areaRanges: [] },
  }
  for (const [name, options] of Object.entries(people)) {
    const user = await buildUser(db, options)
    ids[name] = user.id
    tokens[name] = await loginAs(ctx, user.username, user.password)
  }
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: { token: tokens[who] as string }, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const get = (url: string, who: string) => call('GET', url, who)
const post = (url: string, who: string, body: Json) => call('POST', url, who, body)

/** What a change of 省部协同 writes: its rows, mails and audit records (a refused 403 is audited as accessDenied, not counted here). */
async function counts() {
  const { rows } = await sql<Record<string, number>>`SELECT
    (SELECT count(*)::int FROM province_ministry_request) AS requests,
    (SELECT count(*)::int FROM province_ministry_message) AS messages,
    (SELECT count(*)::int FROM province_ministry_attachment) AS attachments,
    (SELECT count(*)::int FROM province_ministry_attachment WHERE message_id IS NULL) AS unbound,
    (SELECT count(*)::int FROM outbox) AS mails,
    (SELECT count(*)::int FROM audit_log WHERE action LIKE 'provinceMinistry%') AS audited`.execute(ctx.database.db)
  return rows[0]
}

const upload = (who: string, data: Buffer | string, filename = '需求说明.pdf') =>
  postFile(ctx, '/api/province-ministry/attachment', tokens[who] as string, { filename, data })

async function attachment(who: string, data: Buffer = SMALL_PDF, filename?: string): Promise<number> {
  const res = await upload(who, data, filename)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id
}

const ask = (body: Json = {}, who = 'province') =>
  post('/api/province-ministry/create', who, {
    kind: 'data',
    title: '呼和浩特市 2025 年亚米级影像需求',
    regionId: '150100',
    body: '请提供呼和浩特市城区 2025 年 5–9 月优于 1 米的影像，用于耕地保护督察。',
    ...body,
  })

async function mailsTo(address: string) {
  return ctx.database.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', address).orderBy('id').execute()
}

async function download(id: number, who: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/province-ministry/attachment/file?id=${id}`,
    headers: { token: tokens[who] as string },
  })
}

describe('a province–ministry thread', () => {
  it('goes province → ministry → follow-up → answer → close, each step audited and mailed to the other side', async () => {
    const letter = await attachment('province', SMALL_PDF, 'C:\\需求\\需求说明.pdf')
    const created = await ask({ attachmentIds: [letter] })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { request, messages, role, actions } = created.body.data
    expect(request).toMatchObject({
      kind: 'data',
      regionId: '150100',
      regionName: expect.stringContaining('呼和浩特市'),
      state: 'open',
      askerUnit: '内蒙古自治区自然资源厅',
      messageCount: 1,
      closedAt: null,
    })
    expect(role).toBe('province')
    expect(actions).toEqual(['close'])
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ kind: 'ask', authorRole: 'province', authorName: '王省' })
    expect(messages[0].attachments).toEqual([
      { id: letter, fileName: '需求说明.pdf', contentType: 'application/pdf', bytes: SMALL_PDF.length },
    ])
    const id = request.id as number
    // every ministry account is told of a new request
    expect((await mailsTo('pm-mnr@example.com')).at(-1)?.subject).toContain(`省部协同请求 ${id}：待答复`)
    expect((await mailsTo('pm-mnr2@example.com')).at(-1)?.text_body).toContain('内蒙古自治区自然资源厅（王省）提出了数据需求请求')

    // the ministry sees it and may answer; it answers with a picture
    const seen = await get(`/api/province-ministry/detail?id=${id}`, 'ministry')
    expect(seen.body.data).toMatchObject({ role: 'ministry', actions: ['answer', 'close'] })
    const map = await attachment('ministry', await picture('png'), '覆盖示意.png')
    const answered = await post('/api/province-ministry/reply', 'ministry', {
      id,
      body: '已安排，GF-2 覆盖情况见附图。',
      attachmentIds: [map],
    })
    expect(answered.status, JSON.stringify(answered.body)).toBe(200)
    expect(answered.body.data.request.state).toBe('answered')
    expect(answered.body.data.messages.at(-1)).toMatchObject({ kind: 'answer', authorRole: 'ministry', authorUnit: '自然资源部' })
    expect((await mailsTo('pm-nmg@example.com')).at(-1)?.text_body).toContain('已由自然资源部（李部）答复')

    // the province follows up: open again; only the ministry account that answered is told
    const ministry2Mails = (await mailsTo('pm-mnr2@example.com')).length
    const followed = await post('/api/province-ministry/reply', 'province', { id, body: '能否补充 2024 年同期影像？' })
    expect(followed.body.data.request).toMatchObject({ state: 'open', messageCount: 3 })
    expect(followed.body.data.actions).toEqual(['close'])
    expect((await mailsTo('pm-mnr@example.com')).at(-1)?.subject).toContain('有新的追问')
    expect(await mailsTo('pm-mnr2@example.com')).toHaveLength(ministry2Mails)

    // another ministry account answers, the province closes
    const again = await post('/api/province-ministry/reply', 'ministry2', { id, body: '2024 年同期影像已推送至贵厅节点。' })
    expect(again.body.data.request.state).toBe('answered')
    const closed = await post('/api/province-ministry/close', 'province', { id })
    expect(closed.status).toBe(200)
    expect(closed.body.data.request).toMatchObject({ state: 'closed', messageCount: 4, closedBy: expect.any(String) })
    expect(closed.body.data.actions).toEqual([])
    expect((await mailsTo('pm-mnr2@example.com')).at(-1)?.subject).toContain('已关闭')

    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('target', '=', `provinceMinistry:${id}`)
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'provinceMinistryCreate', user_id: ids.province },
      { action: 'provinceMinistryAnswer', user_id: ids.ministry },
      { action: 'provinceMinistryFollowUp', user_id: ids.province },
      { action: 'provinceMinistryAnswer', user_id: ids.ministry2 },
      { action: 'provinceMinistryClose', user_id: ids.province },
    ])

    // the attachments go to the parties (a city user whose city it concerns too) and to nobody else
    for (const who of ['province', 'ministry', 'ministry2', 'city']) expect((await download(map, who)).statusCode, who).toBe(200)
    const file = await download(letter, 'ministry')
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('需求说明.pdf')}`)
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true)
    expect((await download(letter, 'beijing')).statusCode).toBe(404)
    expect((await download(letter, 'noPermission')).statusCode).toBe(403)

    // nothing moves a closed request
    for (const [who, url, body] of [
      ['ministry', '/api/province-ministry/reply', { id, body: '补充' }],
      ['province', '/api/province-ministry/reply', { id, body: '补充' }],
      ['ministry', '/api/province-ministry/close', { id }],
    ] as const) {
      const res = await post(url, who, body)
      expect(res.status, `${who} ${url}`).toBe(409)
      expect(res.body.message).toMatch(/^请求当前为“已关闭”，不能(答复|追问|关闭)$/)
    }
  })
})

describe('who may do what', () => {
  it('needs MOD_090 and an area range (403)', async () => {
    for (const who of ['noPermission', 'noRange']) {
      expect((await get('/api/province-ministry/list', who)).status, who).toBe(403)
      expect((await ask({}, who)).status, who).toBe(403)
    }
  })

  it('lets only a province ask, in a region of its own ranges', async () => {
    const before = await counts()
    const ministry = await ask({ regionId: '150000' }, 'ministry')
    expect([ministry.status, ministry.body.message]).toEqual([403, '只有省级用户可以发起省部协同请求，部级用户负责答复'])
    const outside = await ask({ regionId: '110000' })
    expect([outside.status, outside.body.message]).toEqual([403, '所选行政区不在您的权限范围内'])
    const unknown = await ask({ regionId: '159999' })
    expect([unknown.status, unknown.body.message]).toEqual([400, '未知的行政区代码：159999'])
    const bad = await ask({ regionId: '15' })
    expect([bad.status, bad.body.message]).toEqual([400, '请求参数有误：行政区代码应为六位数字'])
    // the city user may not ask for the whole province
    expect((await ask({ regionId: '150000' }, 'city')).status).toBe(403)
    expect(await counts()).toEqual(before)
  })

  it('answers 404 for a request that is not the caller’s to see, and lists only what is', async () => {
    const mine = (await ask({ regionId: '150000', title: '全区耕地监测数据咨询', kind: 'question' })).body.data.request.id
    const cityOne = (await ask({ regionId: '150102', title: '新城区变化图斑技术支持', kind: 'support' })).body.data.request.id
    for (const who of ['beijing', 'city']) {
      expect((await get(`/api/province-ministry/detail?id=${mine}`, who)).status, who).toBe(404)
      expect((await post('/api/province-ministry/reply', who, { id: mine, body: '看看' })).status, who).toBe(404)
      expect((await post('/api/province-ministry/close', who, { id: mine })).status, who).toBe(404)
    }
    expect((await get('/api/province-ministry/detail?id=999999', 'ministry')).status).toBe(404)
    // the city user sees its city's request (and may follow up once answered), not the province's own
    const cityList = (await get('/api/province-ministry/list', 'city')).body.data.list.map((r: Json) => r.id)
    expect(cityList).toContain(cityOne)
    expect(cityList).not.toContain(mine)
    expect((await get('/api/province-ministry/list', 'beijing')).body.data).toEqual({ list: [], total: 0 })
    const all = (await get('/api/province-ministry/list?pageSize=100', 'ministry')).body.data
    expect(all.list.map((r: Json) => r.id)).toEqual(expect.arrayContaining([mine, cityOne]))
  })

  it('never lets the asker answer their own request, even with the whole country (403, nothing written)', async () => {
    const id = (await ask({ title: '自答测试' })).body.data.request.id
    const range = await ctx.database.db
      .insertInto('area_range')
      .values({ user_id: ids.province as number, type: 'regionId', region_id: '100000', status: 0, is_delete: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    try {
      const detail = (await get(`/api/province-ministry/detail?id=${id}`, 'province')).body.data
      expect(detail).toMatchObject({ role: 'ministry', actions: ['close'] })
      const before = await counts()
      const own = await post('/api/province-ministry/reply', 'province', { id, body: '自己答复' })
      expect([own.status, own.body.message]).toEqual([403, '不能答复本人提出的请求，请由其他部级用户答复'])
      expect(await counts()).toEqual(before)
    } finally {
      await ctx.database.db.deleteFrom('area_range').where('id', '=', range.id).execute()
    }
  })

  it('refuses a transition the machine does not allow with 409 naming the state and the action', async () => {
    const id = (await ask({ title: '状态测试' })).body.data.request.id
    const early = await post('/api/province-ministry/reply', 'province', { id, body: '追问' })
    expect([early.status, early.body.message]).toEqual([409, '请求当前为“待答复”，不能追问'])
    expect((await post('/api/province-ministry/reply', 'ministry', { id, body: '答复' })).status).toBe(200)
    const twice = await post('/api/province-ministry/reply', 'ministry2', { id, body: '再答复' })
    expect([twice.status, twice.body.message]).toEqual([409, '请求当前为“已答复”，不能答复'])
    // the ministry closes an answered request
    expect((await post('/api/province-ministry/close', 'ministry', { id })).body.data.request.state).toBe('closed')
    expect((await mailsTo('pm-nmg@example.com')).at(-1)?.text_body).toContain('已由自然资源部（李部）关闭')
  })

  it('closes a thread that is full to replies (409)', async () => {
    const id = (await ask({ title: '消息上限测试' })).body.data.request.id
    await ctx.database.db
      .updateTable('province_ministry_request')
      .set({ message_count: PROVINCE_MINISTRY_LIMITS.messagesPerThread })
      .where('id', '=', id)
      .execute()
    const full = await post('/api/province-ministry/reply', 'ministry', { id, body: '答复' })
    expect([full.status, full.body.message]).toEqual([409, '该请求的消息已达上限 50 条，请关闭后重新发起'])
  })
})

describe('attachments', () => {
  it('refuses a file too big, of another type or broken in Chinese, storing nothing', async () => {
    const before = await counts()
    const big = await upload('province', Buffer.concat([SMALL_PDF, Buffer.alloc(PROVINCE_MINISTRY_LIMITS.attachmentMaxBytes)]))
    expect([big.status, big.body.message]).toEqual([413, '附件过大，最大 10 MB'])
    const text = await upload('province', 'plain text, not a pdf', 'a.pdf')
    expect([text.status, text.body.message]).toEqual([415, '附件只能是 PDF、PNG 或 JPEG 文件'])
    const webp = await upload('province', await picture('webp'), 'a.png')
    expect(webp.status).toBe(415)
    const cut = await upload('province', SMALL_PDF.subarray(0, 40))
    expect([cut.status, cut.body.message]).toEqual([400, '附件已损坏或不完整，请重新选择文件'])
    expect(await counts()).toEqual(before)
  })

  it('writes nothing of a refused request: another’s, a used or too many attachments', async () => {
    const used = await attachment('province')
    expect((await ask({ title: '附件已使用', attachmentIds: [used] })).status).toBe(200)
    const others = await attachment('city')
    const free = await attachment('province')
    const before = await counts()
    for (const attachmentIds of [
      [free, used],
      [free, others],
      [free, 999_999],
    ]) {
      const res = await ask({ attachmentIds })
      expect([res.status, res.body.message], JSON.stringify(attachmentIds)).toEqual([400, '附件不存在或已使用，请重新上传'])
    }
    const many = await ask({ attachmentIds: [1, 2, 3, 4, 5, 6] })
    expect([many.status, many.body.message]).toEqual([400, '请求参数有误：每条消息最多 5 个附件'])
    const noTitle = await ask({ title: '  ', attachmentIds: [free] })
    expect([noTitle.status, noTitle.body.message]).toEqual([400, '请求参数有误：请填写标题'])
    expect(await counts()).toEqual(before)
    // the free attachment is still free, and usable
    const after = await ask({ title: '附件可再用', attachmentIds: [free] })
    expect(after.body.data.messages[0].attachments.map((a: Json) => a.id)).toEqual([free])
    // an attachment no message carries yet is its uploader's alone
    const unused = await attachment('province')
    expect((await download(unused, 'province')).statusCode).toBe(200)
    expect((await download(unused, 'ministry')).statusCode).toBe(404)
  })
})

describe('GET /api/province-ministry/list', () => {
  it('filters by state, kind, region and text, newest change first, paged', async () => {
    const title = `过滤测试 ${Date.now()}`
    const a = (await ask({ title, kind: 'question', regionId: '150100' })).body.data.request.id
    const b = (await ask({ title: `${title} 之二`, kind: 'support', regionId: '150200', body: '包头市钢铁厂图斑核查 100%_完成' })).body.data
      .request.id
    await post('/api/province-ministry/reply', 'ministry', { id: a, body: '已答复' })
    const list = async (query: string) =>
      (await get(`/api/province-ministry/list?${query}`, 'ministry')).body.data as { list: Json[]; total: number }
    const text = `text=${encodeURIComponent(title)}`
    expect((await list(text)).list.map((r) => r.id)).toEqual([a, b])
    expect((await list(`${text}&state=answered`)).list.map((r) => r.id)).toEqual([a])
    expect((await list(`${text}&kind=support`)).list.map((r) => r.id)).toEqual([b])
    expect((await list(`${text}&regionId=150200`)).list.map((r) => r.id)).toEqual([b])
    expect((await list(`${text}&regionId=150000`)).total).toBe(2)
    // words of a message, with LIKE's wildcards taken literally
    expect((await list(`text=${encodeURIComponent('100%_完成')}`)).list.map((r) => r.id)).toEqual([b])
    expect((await list('text=%25_%25')).total).toBe(0)
    const page = await list(`${text}&pageSize=1&pageNum=2`)
    expect([page.total, page.list.map((r) => r.id)]).toEqual([2, [b]])
    const badState = await get('/api/province-ministry/list?state=done', 'ministry')
    expect([badState.status, badState.body.message]).toEqual([400, '请求参数有误：未知的请求状态'])
  })
})

describe('the demo accounts of an existing database', () => {
  it('get MOD_090 from the migration, with the keys the menu needs; a second run changes nothing', async () => {
    const db = ctx.database.db
    const codes = ['MOD_090', 'MOD_090_DISPLAY']
    const held = () =>
      db
        .selectFrom('user_permission as p')
        .innerJoin('app_user as u', 'u.id', 'p.user_id')
        .select(['u.username', 'p.code'])
        .where('u.username', 'in', ['neimenggu', 'ministry'])
        .where('p.code', 'in', [...codes, 'MOD_087_DISPLAY'])
        .orderBy('u.username')
        .orderBy('p.code')
        .execute()
    const seeded = await held()
    // as a database seeded before this slice: the demo accounts without MOD_090
    await db
      .deleteFrom('user_permission')
      .where('code', 'in', codes)
      .where('user_id', 'in', db.selectFrom('app_user').select('id').where('username', 'in', ['neimenggu', 'ministry']))
      .execute()
    await grantDemoAccounts(db)
    await grantDemoAccounts(db)
    expect(await held()).toEqual(seeded)
    expect(seeded).toHaveLength(6)
  })
})
