import { z } from 'zod'
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../domain/audit'
import { PERMISSION, PERMISSION_CODE_PATTERN } from '../domain/permissions'
import { REGION_CODE_PATTERN } from '../domain/region-code'
import { lazyMessage } from '../messages'
import { defineRoute, Id, text } from './common'

const adminOnly = { permission: PERMISSION.systemAdmin }

export const AdminUser = z.object({
  id: z.number(),
  username: z.string(),
  realName: z.string(),
  organization: z.string(),
  isServiceAccount: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  permissions: z.array(z.string()).describe('module codes MOD_xxx and menu keys MOD_xxx_DISPLAY'),
  permissionNames: z.array(z.object({ code: z.string(), name: z.string() })).describe('the same codes with their Chinese names'),
  regionIds: z.array(z.string().regex(REGION_CODE_PATTERN)),
  lockedUntil: z.string().nullable().describe('ISO time the lock ends; null when not locked now'),
  failedAttempts: z.number().int().describe('wrong passwords since the last success or lock'),
})
export type AdminUser = z.infer<typeof AdminUser>

export const adminUsers = defineRoute({
  method: 'GET',
  path: '/api/admin/users',
  summary: '账号、权限、锁定状态与权限范围一览（系统管理权限；q 按用户名、姓名、单位、邮箱或手机查找）',
  tags: ['admin'],
  auth: adminOnly,
  query: z.object({ q: text({ max: 64 }).trim().optional().describe('part of the user name, name, organisation, e-mail or telephone') }),
  data: z.array(AdminUser),
})

export const adminSetUserDisabled = defineRoute({
  method: 'POST',
  path: '/api/admin/users/disabled',
  summary: '停用或启用账号（系统管理权限；停用即结束其全部会话，记入审计日志）',
  tags: ['admin'],
  auth: adminOnly,
  body: z.object({ id: Id.describe('user id'), disabled: z.boolean({ error: lazyMessage('validation.disabledRequired') }) }),
  data: AdminUser,
})

const PermissionCode = z
  .string({ error: lazyMessage('admin.errors.unknownPermission') })
  .regex(PERMISSION_CODE_PATTERN, { error: lazyMessage('admin.errors.unknownPermission') })

export const adminSetUserPermissions = defineRoute({
  method: 'POST',
  path: '/api/admin/users/permissions',
  summary: '设置账号的功能权限（权限目录中的代码；系统管理权限，记入审计日志）',
  tags: ['admin'],
  auth: adminOnly,
  body: z.object({
    id: Id.describe('user id'),
    permissions: z.array(PermissionCode, { error: lazyMessage('admin.errors.unknownPermission') }).max(100),
  }),
  data: AdminUser,
})

export const adminSetUserAreaRanges = defineRoute({
  method: 'POST',
  path: '/api/admin/users/area-ranges',
  summary: '设置账号的权限范围（行政区代码；系统管理权限，记入审计日志）',
  tags: ['admin'],
  auth: adminOnly,
  body: z.object({
    id: Id.describe('user id'),
    regionIds: z
      .array(
        z
          .string({ error: lazyMessage('admin.errors.unknownRegion') })
          .regex(REGION_CODE_PATTERN, { error: lazyMessage('admin.errors.unknownRegion') }),
        {
          error: lazyMessage('admin.errors.unknownRegion'),
        },
      )
      .max(50),
  }),
  data: AdminUser,
})

/** The permission catalogue with names, for the editor. */
export const adminPermissionCatalogue = defineRoute({
  method: 'GET',
  path: '/api/admin/permissions',
  summary: '权限目录（代码与名称；系统管理权限）',
  tags: ['admin'],
  auth: adminOnly,
  data: z.array(z.object({ code: z.string(), name: z.string() })),
})

export const adminUnlockUser = defineRoute({
  method: 'POST',
  path: '/api/admin/users/unlock',
  summary: '解除账号的登录锁定（系统管理权限，记入审计日志）',
  tags: ['admin'],
  auth: adminOnly,
  body: z.object({ id: Id.describe('user id') }),
  data: z.object({ wasLocked: z.boolean() }),
})

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: lazyMessage('input.tooLong', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined))

const isoTime = z.iso.datetime({ offset: true, error: lazyMessage('validation.isoTime') }).optional()

/** Filters of the audit search and export (every filter optional). */
export const AuditQuery = z.object({
  from: isoTime.describe('records at or after this time'),
  to: isoTime.describe('records before this time'),
  username: optionalText(64).describe('user name, exact (case-insensitive)'),
  action: z.enum(AUDIT_ACTIONS, { error: lazyMessage('validation.auditAction') }).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: lazyMessage('validation.auditOutcome') }).optional(),
  ip: optionalText(64).describe('client address, prefix match'),
})

export const AUDIT_PAGE_SIZE_MAX = 100
/** Largest number of records one export holds (newest first). */
export const AUDIT_EXPORT_MAX = 50_000

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO time'),
  userId: z.number().int().nullable(),
  username: z.string(),
  ip: z.string(),
  action: z.string(),
  target: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const auditSearch = defineRoute({
  method: 'GET',
  path: '/api/admin/audit',
  summary: '查询审计日志（系统管理权限；只读，新记录在前）',
  tags: ['admin'],
  auth: adminOnly,
  query: AuditQuery.extend({
    pageNum: z.coerce
      .number({ error: lazyMessage('validation.pageNum') })
      .int()
      .min(1, { error: lazyMessage('validation.pageNum') })
      .max(100_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: lazyMessage('validation.pageSize', { max: AUDIT_PAGE_SIZE_MAX }) })
      .int()
      .min(1, { error: lazyMessage('validation.pageSize', { max: AUDIT_PAGE_SIZE_MAX }) })
      .max(AUDIT_PAGE_SIZE_MAX, { error: lazyMessage('validation.pageSize', { max: AUDIT_PAGE_SIZE_MAX }) })
      .default(20),
  }),
  data: z.object({ total: z.number().int(), items: z.array(AuditEntry) }),
})

/** GET the audit records as CSV (UTF-8 with BOM, opens in Excel); not an envelope. */
export const auditExport = defineRoute({
  method: 'GET',
  path: '/api/admin/audit/export',
  summary: '导出审计日志为 CSV（系统管理权限；导出本身也记入审计日志）',
  tags: ['admin'],
  auth: adminOnly,
  query: AuditQuery,
  data: z.string(),
})
