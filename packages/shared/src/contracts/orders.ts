import { z } from 'zod'
import { EXTRACT_CODE_PATTERN, ORDER_LIMITS, ORDER_STATES } from '../domain/order'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'

/**
 * The cart (ordercart) and orders (order) of SPEC §7: cart and orders need only login (SPEC §6);
 * reviewing needs 订单审核 (MOD_062). The package download is bound by hand (a zip with byte ranges).
 */

const SceneId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/, { error: lazyMessage('archive.errors.badSceneId') })
const SceneIdList = (max: number) =>
  z
    .array(SceneId, { error: lazyMessage('order.errors.empty') })
    .min(1, { error: lazyMessage('order.errors.empty') })
    .max(max, { error: lazyMessage('order.errors.tooMany', { max }) })

export const OrderStateSchema = z.enum(ORDER_STATES, { error: lazyMessage('validation.orderState') })

/** A scene as the cart and an order show it; `available` false when it has left the archive. */
export const OrderScene = z.object({
  id: z.string(),
  available: z.boolean(),
  satellite: z.string().nullable(),
  sensor: z.string().nullable(),
  acquiredAt: z.string().nullable().describe('ISO time, UTC'),
  cloudPercent: z.number().nullable(),
  resolutionM: z.number().nullable(),
  illustrative: z.boolean().describe('a generated scene with a drawn 示意 quicklook'),
})
export type OrderScene = z.infer<typeof OrderScene>

export const cartList = defineRoute({
  method: 'GET',
  path: '/api/ordercart/list',
  summary: '购物车中的影像（最新加入的在前）',
  tags: ['ordercart'],
  auth: 'account',
  data: z.object({ items: z.array(OrderScene), max: z.number().int() }),
})

export const cartAdd = defineRoute({
  method: 'POST',
  path: '/api/ordercart/add',
  summary: `加入购物车（重复的合并；每个购物车最多${ORDER_LIMITS.cartMax}景）`,
  tags: ['ordercart'],
  auth: 'account',
  body: z.object({ sceneIds: SceneIdList(ORDER_LIMITS.addMax) }),
  data: z.object({ added: z.number().int(), count: z.number().int() }),
})

export const cartRemove = defineRoute({
  method: 'POST',
  path: '/api/ordercart/remove',
  summary: '移出购物车',
  tags: ['ordercart'],
  auth: 'account',
  body: z.object({ sceneIds: SceneIdList(ORDER_LIMITS.cartMax) }),
  data: z.object({ removed: z.number().int(), count: z.number().int() }),
})

export const OrderSummary = z.object({
  id: z.number().int(),
  status: OrderStateSchema,
  sceneCount: z.number().int(),
  purpose: z.string(),
  project: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z.string().describe('user name of the owner'),
  progress: z.number().int().min(0).max(100).describe('package production, percent'),
  rejectReason: z.string().nullable(),
  expiresAt: z.string().nullable().describe('end of the download period'),
})
export type OrderSummary = z.infer<typeof OrderSummary>

export const OrderDetail = OrderSummary.extend({
  scenes: z.array(OrderScene),
  footprints: z
    .object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .describe('GeoJSON of the scenes still in the archive, property id'),
  extractCode: z.string().nullable().describe('提取码: shown to the owner once the package is ready'),
  packageBytes: z.number().int().nullable(),
  events: z.array(OrderStateSchema).describe('allowed next states are decided by the shared state machine'),
})
export type OrderDetail = z.infer<typeof OrderDetail>

export const orderSubmit = defineRoute({
  method: 'POST',
  path: '/api/order/submit',
  summary: '从购物车提交订单（订单与其影像一次写入；提交的影像移出购物车）',
  tags: ['order'],
  auth: 'account',
  body: z.object({
    sceneIds: SceneIdList(ORDER_LIMITS.orderMax),
    purpose: requiredString('order.form.purposeRequired', ORDER_LIMITS.purposeMax, { multiline: true }),
    project: requiredString('order.form.projectRequired', ORDER_LIMITS.projectMax),
    acceptTerms: z.literal(true, { error: lazyMessage('order.errors.termsRequired') }),
  }),
  data: OrderSummary,
})

const dateOnly = z.iso.date({ error: lazyMessage('validation.dateFormat') })

export const OrderListQuery = z.object({
  status: OrderStateSchema.optional(),
  from: dateOnly.optional().describe('submitted on or after this Beijing day'),
  to: dateOnly.optional().describe('submitted on or before this Beijing day'),
  pageNum: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, 100).default(20),
})

const OrderPage = z.object({ list: z.array(OrderSummary), total: z.number().int() })

export const orderList = defineRoute({
  method: 'GET',
  path: '/api/order/list',
  summary: '我的订单（按状态、提交日期筛选）',
  tags: ['order'],
  auth: 'account',
  query: OrderListQuery,
  data: OrderPage,
})

export const orderDetail = defineRoute({
  method: 'GET',
  path: '/api/order/detail',
  summary: '订单详情：影像列表与范围（本人或订单审核权限）',
  tags: ['order'],
  auth: 'account',
  query: z.object({ id: IdParam }),
  data: OrderDetail,
})

export const orderCancel = defineRoute({
  method: 'POST',
  path: '/api/order/cancel',
  summary: '审核前取消订单（本人）',
  tags: ['order'],
  auth: 'account',
  body: z.object({ id: Id }),
  data: OrderSummary,
})

const reviewer = { permission: PERMISSION.orderReview }

export const orderReviewList = defineRoute({
  method: 'GET',
  path: '/api/order/review/list',
  summary: '全部用户的订单（订单审核权限）',
  tags: ['order'],
  auth: reviewer,
  query: OrderListQuery,
  data: OrderPage,
})

export const orderReview = defineRoute({
  method: 'POST',
  path: '/api/order/review',
  summary: '审核订单：通过（开始生产数据包）或驳回（须填原因）',
  tags: ['order'],
  auth: reviewer,
  body: z.object({
    id: Id,
    decision: z.enum(['approve', 'reject'], { error: lazyMessage('validation.decision') }),
    reason: text({ max: ORDER_LIMITS.rejectReasonMax, multiline: true }).trim().optional(),
  }),
  data: OrderSummary,
})

export const orderRetry = defineRoute({
  method: 'POST',
  path: '/api/order/retry',
  summary: '重新生产生产失败的订单数据包（订单审核权限）',
  tags: ['order'],
  auth: reviewer,
  body: z.object({ id: Id }),
  data: OrderSummary,
})

/** GET the package: a zip, bound by hand; Range supported (206, Content-Range, 416). */
export const orderDownload = defineRoute({
  method: 'GET',
  path: '/api/order/download',
  summary: '下载订单数据包（须登录并提供提取码；支持断点续传 Range）',
  tags: ['order'],
  auth: 'account',
  query: z.object({
    id: IdParam,
    code: z
      .string({ error: lazyMessage('order.errors.wrongCode') })
      .regex(EXTRACT_CODE_PATTERN, { error: lazyMessage('order.errors.wrongCode') }),
  }),
  data: z.unknown(),
})
