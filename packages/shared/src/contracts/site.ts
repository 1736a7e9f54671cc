import { z } from 'zod'
import type { MenuItem } from '../domain/menu'
import { defineRoute, text } from './common'

export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    title: z.string().describe('message key'),
    externalLink: z.string().optional(),
    children: z.array(MenuItemSchema).optional(),
  }),
)

export const defaultMenu = defineRoute({
  method: 'GET',
  path: '/api/menu/default',
  summary: '未登录访客的默认菜单',
  tags: ['menu'],
  auth: 'public',
  data: z.array(MenuItemSchema),
})

export const SiteConfig = z.object({
  autoLoginEnabled: z.boolean(),
  tiandituKey: z.string().describe('Tianditu (天地图) key for its WMTS base layers; empty = those layers are off'),
  englishSiteUrl: z.string(),
  externalLinks: z.object({ orbit3d: z.string(), cityEye: z.string() }).describe('empty when not configured'),
  provinceImageryTiles: z
    .string()
    .describe('XYZ tile address ({z}/{x}/{y}) of the province’s aerospace imagery layer shown on 本地数据; empty = hidden'),
  footer: z.object({
    owner: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    icp: z.string(),
    psb: z.string(),
    appDownloadUrl: z.string(),
  }),
})
export type SiteConfig = z.infer<typeof SiteConfig>

export const siteConfig = defineRoute({
  method: 'GET',
  path: '/api/config/public',
  summary: '站点公开配置：页脚、外部链接、自动登录开关',
  tags: ['site'],
  auth: 'public',
  data: SiteConfig,
})

export const PageVisit = z.object({
  name: text({ max: 64 }).trim().min(1).describe('ALL, Login, Personal or a route name'),
  label: text({ max: 64 }).trim().default(''),
})

export const incrementVisit = defineRoute({
  method: 'POST',
  path: '/api/statistics/transaction/increment',
  summary: '页面访问计数加一',
  tags: ['statistics'],
  auth: 'public',
  body: PageVisit,
  data: z.object({ name: z.string(), count: z.number() }),
})

export const visitCounts = defineRoute({
  method: 'GET',
  path: '/api/statistics/transaction/counts',
  summary: '页面访问计数（ALL 为全站总访问量）',
  tags: ['statistics'],
  auth: 'public',
  data: z.record(z.string(), z.number()),
})

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  summary: '健康检查',
  tags: ['site'],
  auth: 'public',
  data: z.object({
    status: z.enum(['ok', 'busy']).describe('busy: the database did not answer within 2 s (the server itself answers at once)'),
    database: z.enum(['pglite', 'postgres']),
    databaseMs: z.number().nullable().describe('time of one database round trip in ms; null when busy'),
    uptimeSeconds: z.number(),
  }),
})
