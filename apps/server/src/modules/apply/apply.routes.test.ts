import { APPLY_LIMITS, PERMISSION } from '@rs/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildUser } from '../../../test-support/factories'
import { multipartForm, picture, postFile, SMALL_PDF } from '../../test/images'
import { createTestContext, DEMO_PASSWORDS, loginAs, type TestContext } from '../../test/test-context'

let ctx: TestContext
const tokens: Record<string, string> = {}
let applicantId = 0

const PDF = SMALL_PDF

beforeAll(async () => {
  ctx = await createTestContext({ AOI_UPLOADS_PER_MINUTE: '1000' })
  const applicant = await buildUser(ctx.database.db, { email: 'applicant@example.com', areaRanges: ['110000'] })
  applicantId = applicant.id
  tokens.applicant = await loginAs(ctx, applicant.username, applicant.password)
  const other = await buildUser(ctx.database.db)
  tokens.other = await loginAs(ctx, other.username, other.password)
  tokens.admin = await loginAs(ctx, 'admin', DEMO_PASSWORDS.admin)
  // a reviewer of orders is no administrator
  const reviewer = await buildUser(ctx.database.db, { permissions: [PERMISSION.orderReview] })
  tokens.reviewer = await loginAs(ctx, reviewer.username, reviewer.password)
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

type Json = Record<string, unknown>
const call = async (method: 'GET' | 'POST', url: string, who: string | undefined, body?: Json) => {
  const res = await ctx.app.inject({ method, url, headers: who ? { token: tokens[who] ?? who } : {}, ...(body ? { payload: body } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const post = (url: string, who: string | undefined, body: Json) => call('POST', url, who, body)
const get = (url: string, who?: string) => call('GET', url, who)
const count = async (table: 'application' | 'apply_attachment' | 'user_permission' | 'area_range', userId?: number) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} ${
        userId === undefined ? sql`` : sql`WHERE user_id = ${userId}`
      }`.execute(ctx.database.db)
    ).rows[0]?.n,
  )

const upload = (who: string, data: Buffer | string, filename = 'letter.pdf') =>
  postFile(ctx, '/api/request/attachment', tokens[who] as string, { filename, data })

async function attachment(who = 'applicant'): Promise<number> {
  const res = await upload(who, PDF)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id
}

const apply = async (body: Json, who = 'applicant') =>
  post('/api/request/submit', who, {
    kind: 'monitor',
    module: PERMISSION.pvland,
    regionIds: ['150000'],
    reason: '光伏用地核查项目',
    ...body,
  })

describe('POST /api/request/attachment', () => {
  it('needs login', async () => {
    const form = multipartForm([{ name: 'file', filename: 'a.pdf', data: PDF }])
    const res = await ctx.app.inject({ method: 'POST', url: '/api/request/attachment', payload: form.payload, headers: form.headers })
    expect(res.statusCode).toBe(401)
  })

  it('keeps a PDF and a PNG, named by their last path part', async () => {
    const pdf = await upload('applicant', PDF, 'C:\\docs\\申请函.pdf')
    expect(pdf.body.data).toMatchObject({ fileName: '申请函.pdf', contentType: 'application/pdf', bytes: PDF.length })
    const png = await upload('applicant', await picture('png'), 'scan.pdf')
    expect(png.body.data.contentType).toBe('image/png')
  })

  it('refuses other types, broken files and oversized ones in Chinese, storing nothing', async () => {
    const before = await count('apply_attachment')
    const text = await upload('applicant', 'hello, this is not a pdf', 'a.pdf')
    expect(text.status).toBe(415)
    expect(text.body.message).toBe('附件只能是 PDF、PNG 或 JPEG 文件')
    const cut = await upload('applicant', PDF.subarray(0, 40))
    expect(cut.status).toBe(400)
    expect(cut.body.message).toContain('损坏')
    const png = await picture('png')
    const brokenPng = await upload('applicant', png.subarray(0, png.length - 20), 'a.png')
    expect(brokenPng.status).toBe(400)
    const big = await upload('applicant', Buffer.concat([PDF, Buffer.alloc(APPLY_LIMITS.attachmentMaxBytes)]))
    expect(big.status).toBe(413)
    expect(big.body.message).toBe('附件过大，最大 5 MB')
    expect(await count('apply_attachment')).toBe(before)
  })
})

describe('POST /api/request/submit', () => {
  it('refuses an unknown or unfit module, an unknown region and a missing attachment, writing nothing', async () => {
    const id = await attachment()
    const before = await count('application')
    const admin = await apply({ module: PERMISSION.systemAdmin, attachmentId: id })
    expect(admin.status).toBe(400)
    expect(admin.body.message).toContain('不是可申请的')
    const wrongKind = await apply({ kind: 'sharing', attachmentId: id })
    expect(wrongKind.status).toBe(400)
    const region = await apply({ regionIds: ['150000', '999900'], attachmentId: id })
    expect(region.status).toBe(400)
    expect(region.body.message).toBe('未知的行政区代码：999900')
    const none = await apply({ regionIds: [], attachmentId: id })
    expect(none.status).toBe(400)
    expect(none.body.message).toContain('请至少选择一个权限范围')
    const noReason = await apply({ reason: ' ', attachmentId: id })
    expect(noReason.body.message).toContain('请填写申请理由')
    const noFile = await apply({ attachmentId: 999_999 })
    expect(noFile.status).toBe(400)
    expect(noFile.body.message).toContain('附件不存在')
    // another user's attachment is not the applicant's
    const foreign = await apply({ attachmentId: await attachment('other') })
    expect(foreign.status).toBe(400)
    expect(await count('application')).toBe(before)
  })

  it('stores a pending application, and refuses a second one for the same module and a reused attachment', async () => {
    const id = await attachment()
    const first = await apply({ regionIds: ['150000', '150000', '130000'], attachmentId: id })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toMatchObject({ status: 'pending', module: 'MOD_058', regionIds: ['130000', '150000'], kind: 'monitor' })
    expect(first.body.data.attachment).toMatchObject({ id, contentType: 'application/pdf' })
    const again = await apply({ attachmentId: await attachment() })
    expect(again.status).toBe(409)
    expect(again.body.message).toContain('已有一条待审核的申请')
    const reused = await apply({ module: PERMISSION.windmill, attachmentId: id })
    expect(reused.status).toBe(400)
    const mine = await get('/api/request/list', 'applicant')
    expect(mine.body.data.list.map((a: Json) => a.id)).toContain(first.body.data.id)
    expect((await get('/api/request/list', 'other')).body.data.list).toEqual([])
  })
})

describe('POST /api/request/review', () => {
  it('is for administrators only', async () => {
    const [pending] = (await get('/api/request/list?status=pending', 'applicant')).body.data.list
    for (const who of ['applicant', 'reviewer']) {
      const res = await post('/api/request/review', who, { id: pending.id, decision: 'approve' })
      expect(res.status).toBe(403)
    }
    expect((await get('/api/request/review/list', 'applicant')).status).toBe(403)
    expect(await count('user_permission', applicantId)).toBe(0)
  })

  it('approves: the permission, its menu keys and the new area ranges at once, audited and mailed', async () => {
    const [pending] = (await get('/api/request/list?status=pending', 'applicant')).body.data.list
    const listed = (await get('/api/request/review/list?status=pending', 'admin')).body.data.list
    expect(listed.map((a: Json) => a.id)).toContain(pending.id)
    const res = await post('/api/request/review', 'admin', { id: pending.id, decision: 'approve' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'approved', reviewer: 'admin' })
    const info = (await get('/api/userinfo/info', 'applicant')).body.data
    expect(info.permissions).toEqual(expect.arrayContaining(['MOD_058', 'MOD_058_DISPLAY', 'MOD_055_DISPLAY']))
    const ranges = (await get('/api/userinfo/area-range', 'applicant')).body.data.map((r: Json) => r.regionId).sort()
    expect(ranges).toEqual(['110000', '130000', '150000'])
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'target'])
      .where('action', '=', 'applyApprove')
      .execute()
    expect(audit).toEqual([{ action: 'applyApprove', username: 'admin', target: `application:${pending.id}` }])
    const mail = await ctx.database.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'applicant@example.com')
      .execute()
    expect(mail.at(-1)?.subject).toContain('已通过')
    expect(mail.at(-1)?.text_body).toContain('内蒙古自治区')

    // a second decision on a decided application
    const again = await post('/api/request/review', 'admin', { id: pending.id, decision: 'reject', reason: '重复' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('申请当前为“已通过”，不能驳回')
    // what is now held cannot be applied for again
    const held = await apply({ regionIds: ['150100'], attachmentId: await attachment() })
    expect(held.status).toBe(409)
    expect(held.body.message).toContain('已拥有')
  })

  it('rejects only with a reason, and grants nothing', async () => {
    const submitted = await apply({ module: PERMISSION.regionPush, kind: 'sharing', attachmentId: await attachment() })
    const id = submitted.body.data.id
    const permissions = await count('user_permission', applicantId)
    const noReason = await post('/api/request/review', 'admin', { id, decision: 'reject' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe('驳回须填写原因')
    const res = await post('/api/request/review', 'admin', { id, decision: 'reject', reason: '请补充盖章的申请函' })
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectReason: '请补充盖章的申请函' })
    expect(await count('user_permission', applicantId)).toBe(permissions)
    const mail = await ctx.database.db.selectFrom('outbox').select('text_body').where('recipient', '=', 'applicant@example.com').execute()
    expect(mail.at(-1)?.text_body).toContain('驳回原因：请补充盖章的申请函')
    expect((await post('/api/request/review', 'admin', { id: 999_999, decision: 'approve' })).status).toBe(404)
  })
})

describe('POST /api/request/withdraw', () => {
  it('lets the applicant withdraw before review, nobody else, and only once', async () => {
    const submitted = await apply({ module: PERMISSION.road, attachmentId: await attachment() })
    const id = submitted.body.data.id
    expect((await post('/api/request/withdraw', 'other', { id })).status).toBe(404)
    const res = await post('/api/request/withdraw', 'applicant', { id })
    expect(res.body.data.status).toBe('withdrawn')
    expect((await post('/api/request/withdraw', 'applicant', { id })).status).toBe(409)
    expect((await post('/api/request/review', 'admin', { id, decision: 'approve' })).status).toBe(409)
  })
})

describe('GET /api/request/attachment/file', () => {
  it('sends the file to its owner and administrators only', async () => {
    const id = await attachment()
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/request/attachment/file?id=${id}`,
      headers: { token: tokens.applicant as string },
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('application/pdf')
    expect(mine.rawPayload.equals(PDF)).toBe(true)
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/api/request/attachment/file?id=${id}`,
      headers: { token: tokens.admin as string },
    })
    expect(admin.statusCode).toBe(200)
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/request/attachment/file?id=${id}`,
      headers: { token: tokens.other as string },
    })
    expect(other.statusCode).toBe(404)
  })
})

describe('separation of duties in review', () => {
  it('refuses an administrator deciding their own application with a Chinese 403, granting nothing; another administrator approves it', async () => {
    const self = await buildUser(ctx.database.db, { permissions: [PERMISSION.systemAdmin], areaRanges: ['110000'] })
    tokens.selfAdmin = await loginAs(ctx, self.username, self.password)
    const submitted = await apply({ module: PERMISSION.windmill, attachmentId: await attachment('selfAdmin') }, 'selfAdmin')
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    const id = submitted.body.data.id
    const permissions = await count('user_permission', self.id)
    const own = await post('/api/request/review', 'selfAdmin', { id, decision: 'approve' })
    expect([own.status, own.body.message]).toEqual([403, '不能审核本人提交的申请，请由其他管理员审核'])
    const ownReject = await post('/api/request/review', 'selfAdmin', { id, decision: 'reject', reason: '本人驳回' })
    expect([ownReject.status, ownReject.body.message]).toEqual([403, '不能审核本人提交的申请，请由其他管理员审核'])
    // nothing recorded: still pending, no grant, no decision in the audit log
    const [pending] = (await get('/api/request/list', 'selfAdmin')).body.data.list
    expect(pending).toMatchObject({ id, status: 'pending', reviewer: null, rejectReason: null })
    expect(await count('user_permission', self.id)).toBe(permissions)
    const decisions = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `application:${id}`)
      .where('action', 'in', ['applyApprove', 'applyReject'])
      .execute()
    expect(decisions).toEqual([])

    const other = await post('/api/request/review', 'admin', { id, decision: 'approve' })
    expect(other.status, JSON.stringify(other.body)).toBe(200)
    expect(other.body.data).toMatchObject({ status: 'approved', reviewer: 'admin' })
    expect(await count('user_permission', self.id)).toBeGreaterThan(permissions)
  })
})
