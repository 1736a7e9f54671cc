import { MONITOR_MENU_KEY, monitorPermissions, PERMISSION, PERMISSION_CATALOGUE, permissionNameKey, tZh } from '@rs/shared'
import type { Kysely } from 'kysely'
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../lib/password'
import { withDisplay } from './accounts'
import type { Database } from './schema'

/** Names of the permission codes, for the catalogue table and the admin screen (shared messages, Chinese). */
export const PERMISSION_NAMES: Record<string, string> = Object.fromEntries(
  PERMISSION_CATALOGUE.map((code) => [code, tZh(permissionNameKey(code))]),
)

interface DemoUser {
  username: string
  password: string | null
  realName: string
  organization: string
  telephone?: string
  email?: string
  isService?: boolean
  mustChangePassword?: boolean
  passwordAgeDays?: number
  permissions: string[]
  areaRanges: Array<{ regionId: string; status?: number; isDelete?: number }>
  pushNodes?: Array<{ name: string; regionId: string }>
}

/**
 * The demo accounts listed in README.md; each shows a different side of the permission rules.
 * None has administrator rights (the administrator is made by ensureAdministrator, db/accounts.ts).
 */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'neimenggu',
    password: 'Nmg@2026',
    realName: '内蒙古自治区用户',
    organization: '内蒙古自治区自然资源厅（演示）',
    telephone: '13800000002',
    email: 'nmg@example.com',
    permissions: [
      // every monitoring module (one per declaration), so the demo shows each of them to a province user
      ...withDisplay([
        ...monitorPermissions(),
        PERMISSION.regionPush,
        PERMISSION.provinceFeedback,
        PERMISSION.overallAnalysis,
        PERMISSION.planFill,
        PERMISSION.provinceMinistry,
      ]),
      PERMISSION.cartAndOrders,
      MONITOR_MENU_KEY,
      'MOD_083_DISPLAY',
      'MOD_087_DISPLAY',
    ],
    // the deleted Hebei record shows that only status 0 and isDelete 0 count
    areaRanges: [{ regionId: '150000' }, { regionId: '130000', isDelete: 1 }],
    pushNodes: [{ name: '内蒙古自治区推送节点', regionId: '150000' }],
  },
  {
    // the ministry's side of spot verification (every monitoring module over the whole country, 100000), of the
    // procurement plans (it opens years, reviews, publishes and analyses them) and of 省部协同 (it answers)
    username: 'ministry',
    password: 'Ministry@2026',
    realName: '自然资源部用户',
    organization: '自然资源部国土卫星遥感应用中心（演示）',
    email: 'ministry@example.com',
    permissions: [
      ...withDisplay([
        ...monitorPermissions(),
        PERMISSION.regionPush,
        PERMISSION.overallAnalysis,
        PERMISSION.planPublish,
        PERMISSION.provinceMinistry,
      ]),
      MONITOR_MENU_KEY,
      'MOD_083_DISPLAY',
      'MOD_087_DISPLAY',
    ],
    areaRanges: [{ regionId: '100000' }],
  },
  {
    username: 'user',
    password: 'User@2026',
    realName: '注册用户',
    organization: '',
    email: 'user@example.com',
    permissions: [],
    areaRanges: [],
  },
  {
    username: 'editor',
    password: 'Editor@2026',
    realName: '内容编辑（演示）',
    organization: '',
    email: 'editor@example.com',
    permissions: [PERMISSION.contentEditor],
    areaRanges: [],
  },
  {
    username: 'reviewer',
    password: 'Review@2026',
    realName: '订单审核员（演示）',
    organization: '',
    email: 'reviewer@example.com',
    permissions: [PERMISSION.orderReview],
    areaRanges: [],
  },
  {
    username: 'olduser',
    password: 'Old@2026',
    realName: '长期未改密用户',
    organization: '',
    passwordAgeDays: 120,
    permissions: [],
    areaRanges: [],
  },
  {
    username: 'legacy',
    password: 'Legacy@2026',
    realName: '待升级账号',
    organization: '',
    mustChangePassword: true,
    permissions: [],
    areaRanges: [],
  },
  {
    username: 'svc_code1',
    password: null,
    realName: '自动登录服务账号1',
    organization: '',
    isService: true,
    permissions: [],
    areaRanges: [],
  },
  {
    username: 'svc_code2',
    password: null,
    realName: '自动登录服务账号2',
    organization: '',
    isService: true,
    permissions: [],
    areaRanges: [],
  },
]

/** Loads (or completes) the catalogue of permission names; a renamed module's name follows the messages. */
export async function seedPermissionCatalogue(db: Kysely<Database>) {
  await db
    .insertInto('permission')
    .values(Object.entries(PERMISSION_NAMES).map(([code, name]) => ({ code, name })))
    .onConflict((oc) =>
      oc
        .column('code')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name') }))
        .where('permission.name', 'is distinct from', (eb) => eb.ref('excluded.name')),
    )
    .execute()
}

/**
 * Loads the permission catalogue, the service accounts of the automatic logins and (unless
 * `demo` is false) the demo accounts; running it again changes nothing. With `demo` false, demo
 * accounts left from an earlier start are disabled (a real deployment has none).
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { demo?: boolean } = {},
): Promise<{ createdUsers: string[]; disabledUsers: string[] }> {
  const demo = options.demo ?? true
  const wanted = DEMO_USERS.filter((u) => demo || u.isService)
  const missing: DemoUser[] = []
  for (const user of wanted) {
    const found = await db.selectFrom('app_user').select('id').where('username', '=', user.username).executeTakeFirst()
    if (!found) missing.push(user)
  }
  const hashes = await Promise.all(missing.map((u) => (u.password ? hashPassword(u.password) : UNUSABLE_PASSWORD_HASH)))

  await db.transaction().execute(async (trx) => {
    await seedPermissionCatalogue(trx)
    for (const [index, user] of missing.entries()) {
      const changedAt = new Date(Date.now() - (user.passwordAgeDays ?? 0) * 86_400_000)
      const { id } = await trx
        .insertInto('app_user')
        .values({
          username: user.username,
          password_hash: hashes[index] ?? UNUSABLE_PASSWORD_HASH,
          telephone: user.telephone ?? null,
          email: user.email ?? null,
          real_name: user.realName,
          organization: user.organization,
          is_service: user.isService ?? false,
          must_change_password: user.mustChangePassword ?? false,
          password_changed_at: changedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (user.permissions.length > 0) {
        await trx
          .insertInto('user_permission')
          .values([...new Set(user.permissions)].map((code) => ({ user_id: id, code })))
          .execute()
      }
      if (user.areaRanges.length > 0) {
        await trx
          .insertInto('area_range')
          .values(
            user.areaRanges.map((a) => ({
              user_id: id,
              type: 'regionId',
              region_id: a.regionId,
              status: a.status ?? 0,
              is_delete: a.isDelete ?? 0,
            })),
          )
          .execute()
      }
      for (const node of user.pushNodes ?? []) {
        const { id: nodeId } = await trx
          .insertInto('push_node')
          .values({ name: node.name, region_id: node.regionId, target: `node-${node.regionId}` })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx.insertInto('user_push_node').values({ user_id: id, push_node_id: nodeId }).execute()
      }
    }
  })
  let disabledUsers: string[] = []
  if (!demo) {
    const demoNames = DEMO_USERS.filter((u) => !u.isService).map((u) => u.username)
    const rows = await db
      .updateTable('app_user')
      .set({ disabled: true })
      .where('username', 'in', demoNames)
      .where('disabled', '=', false)
      .returning('username')
      .execute()
    disabledUsers = rows.map((r) => r.username)
  }
  return { createdUsers: missing.map((u) => u.username), disabledUsers }
}
