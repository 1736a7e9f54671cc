import { PASSWORD_WARNING_DAYS, WHOLE_COUNTRY_CODE } from './constants'
import { REGION_CODE_PATTERN, regionContains } from './region-code'

/** Module permission codes of SPEC.md §6 and the portal's own additions (see docs/glossary.md). */
export const PERMISSION = {
  cartAndOrders: 'MOD_061',
  /** Order review: approve or reject orders (portal's own code, issue 11). */
  orderReview: 'MOD_062',
  regionPush: 'MOD_084',
  provinceFeedback: 'MOD_085',
  overallAnalysis: 'MOD_086',
  landcover: 'MOD_056',
  road: 'MOD_057',
  pvland: 'MOD_058',
  windmill: 'MOD_059',
  steelplant: 'MOD_060',
  nonagricultural: 'MOD_068',
  plantingstructure: 'MOD_069',
  surfaceDeform: 'MOD_076',
  planFill: 'MOD_088',
  planPublish: 'MOD_089',
  provinceMinistry: 'MOD_090',
  systemAdmin: 'MOD_001',
  /** News and typical images: add, edit, replace (portal's own code). */
  contentEditor: 'MOD_002',
} as const

export type PermissionCode = (typeof PERMISSION)[keyof typeof PERMISSION]

export const PERMISSION_CODE_PATTERN = /^MOD_\d{3}(_DISPLAY)?$/

/** The display key (shows a menu entry) that belongs to a module permission code. */
export function displayKey(code: string): string {
  return `${code}_DISPLAY`
}

/** Display keys that show a whole menu group (domain/routes.ts), as the permission catalogue lists them. */
export const MENU_DISPLAY_KEYS = ['MOD_055_DISPLAY', 'MOD_083_DISPLAY', 'MOD_087_DISPLAY'] as const

/** Every code of the permission catalogue: the module permissions, then the menu display keys. */
export const PERMISSION_CATALOGUE: readonly string[] = [...Object.values(PERMISSION), ...MENU_DISPLAY_KEYS]

/** Message key of a permission code's name (messages `permission.names`). */
export function permissionNameKey(code: string): string {
  return `permission.names.${code}`
}

/**
 * A permission's name in a translator's language: its message when the catalogue's code has one,
 * else the name the catalogue stores (a code added by an operator), else the code.
 */
export function permissionName(t: (key: string) => string, code: string, stored?: string): string {
  const key = permissionNameKey(code)
  const text = t(key)
  return text === key ? (stored ?? code) : text
}

export function hasPermission(permissions: readonly string[], code: string): boolean {
  return permissions.includes(code)
}

/** Whether a user with these permissions may add, edit and delete news and replace and restore typical images (MOD_002; the routes' auth rule is the same code). */
export function canEditContent(permissions: readonly string[] | undefined): boolean {
  return hasPermission(permissions ?? [], PERMISSION.contentEditor)
}

/** One area-range record as stored for a user (SPEC.md §3). */
export interface AreaRangeRecord {
  type: string
  regionId: string
  status: number
  isDelete: number
}

/** Only records with status 0 and isDelete 0 count. */
export function activeAreaRanges<T extends AreaRangeRecord>(records: readonly T[]): T[] {
  return records.filter((r) => r.status === 0 && r.isDelete === 0)
}

/** Region codes the user may see detail data for (records of type regionId only). */
export function allowedRegionIds(records: readonly AreaRangeRecord[]): string[] {
  return activeAreaRanges(records)
    .filter((r) => r.type === 'regionId')
    .map((r) => r.regionId)
}

/** Whether any allowed region is the whole country or contains the given region. */
export function canSeeRegion(allowed: readonly string[], regionCode: string): boolean {
  return allowed.some((a) => a === WHOLE_COUNTRY_CODE || regionContains(a, regionCode))
}

/**
 * The two sides of the province–ministry workflows (spot verification, 省部协同 requests): the
 * ministry (部级) holds the whole-country area range 100000, a province (省级) a narrower one; null
 * without any area range. The module's MOD code is checked by the caller.
 */
export type CollaborationRole = 'ministry' | 'province'

export function collaborationRole(regionIds: readonly string[]): CollaborationRole | null {
  if (regionIds.length === 0) return null
  return regionIds.includes(WHOLE_COUNTRY_CODE) ? 'ministry' : 'province'
}

/** SPEC.md §5: the warning shows when lastModifyTime plus 30 days lies before now. */
export function isPasswordStale(lastModifyTime: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!lastModifyTime) return true
  const changed = new Date(lastModifyTime).getTime()
  if (Number.isNaN(changed)) return true
  return changed + PASSWORD_WARNING_DAYS * 24 * 3600 * 1000 < now.getTime()
}

/** What a route with an authority needs before it may open (SPEC.md §5). */
export type RouteAccess = 'ok' | 'login' | 'no-permission' | 'no-area-range'

export function routeAccess(
  route: { authority?: string; requiresLogin?: boolean; opensForVisitors?: boolean },
  user: { permissions: readonly string[]; areaRegionIds: readonly string[] } | null,
): RouteAccess {
  if (route.opensForVisitors || (!route.authority && !route.requiresLogin)) return 'ok'
  if (!user) return 'login'
  if (!route.authority) return 'ok'
  if (!hasPermission(user.permissions, route.authority)) return 'no-permission'
  if (user.areaRegionIds.length === 0) return 'no-area-range'
  return 'ok'
}

/**
 * The regions a user may see detail data of: everything (`all`) when an area range is the whole
 * country, else the allowed codes, each covering its children by the code rules (regionContains).
 */
export type RegionScope = { all: true } | { all: false; regionIds: readonly string[] }

export function regionScope(allowed: readonly string[]): RegionScope {
  const regionIds = allowed.filter((code) => REGION_CODE_PATTERN.test(code))
  return regionIds.includes(WHOLE_COUNTRY_CODE) ? { all: true } : { all: false, regionIds }
}
