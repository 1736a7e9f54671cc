import { z } from 'zod'
import { lazyMessage } from '../messages'
import { defineRoute, IdParam, queryInt, text } from './common'

const Contact = z.object({ value: z.string().describe('masked for display'), uri: z.string().describe('tel: or mailto: link') })

export const PushNodeInfo = z.object({ id: z.number(), name: z.string(), regionId: z.string() })

export const UserInfo = z.object({
  id: z.number(),
  username: z.string(),
  accountType: z.number().describe('0 carries person information'),
  telephone: Contact.nullable(),
  email: Contact.nullable(),
  permissions: z.array(z.string()).describe('module codes MOD_xxx and menu keys MOD_xxx_DISPLAY'),
  lastModifyTime: z.string().describe('ISO time of the last password change'),
  isServiceAccount: z.boolean(),
  personInfo: z
    .object({
      realName: z.string(),
      organization: z.string(),
      relatePushNodeInfo: z.array(PushNodeInfo),
    })
    .nullable(),
})
export type UserInfo = z.infer<typeof UserInfo>

export const userInfo = defineRoute({
  method: 'GET',
  path: '/api/userinfo/info',
  summary: '当前登录用户信息',
  tags: ['userinfo'],
  auth: 'login',
  data: UserInfo,
})

export const AreaRange = z.object({
  type: z.string().describe('regionId for region ranges'),
  regionId: z.string(),
  status: z.number(),
  isDelete: z.number(),
})
export type AreaRange = z.infer<typeof AreaRange>

export const areaRange = defineRoute({
  method: 'GET',
  path: '/api/userinfo/area-range',
  summary: '用户权限范围（仅返回 status=0 且 isDelete=0 的记录）',
  tags: ['userinfo'],
  auth: 'login',
  query: z.object({
    username: text({ max: 64 }).trim().min(1).optional(),
    id: IdParam.optional(),
    type: queryInt(0, 0, lazyMessage('validation.rangeType')).default(0),
  }),
  data: z.array(AreaRange),
})

export const cartCount = defineRoute({
  method: 'GET',
  path: '/api/ordercart/count',
  summary: '购物车中的景数',
  tags: ['ordercart'],
  auth: 'account',
  data: z.number().int(),
})
