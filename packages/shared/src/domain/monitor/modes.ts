import { WHOLE_COUNTRY_CODE } from '../constants'
import { type LegendItem, normalizeLegend } from '../legend'
import { canSeeRegion, hasPermission } from '../permissions'

/**
 * The monitor modes of SPEC.md §4 and their switching rules, as pure functions the server and
 * the web both use. Numbers as the SPEC gives them (STATISTICS 1, DETAIL 2), then the others.
 */
export const MONITOR_MODE = { STATISTICS: 1, DETAIL: 2, GRID: 3, SEQUENCE: 4, TREND: 5 } as const

/** Mode names as the address and the declarations write them. */
export const MONITOR_MODE_KEYS = ['statistics', 'detail', 'grid', 'sequence', 'trend'] as const
export type MonitorModeKey = (typeof MONITOR_MODE_KEYS)[number]

/** Modes whose data the area range limits (SPEC.md §6: detail, sequence and grid). */
export const AREA_LIMITED_MODES: readonly MonitorModeKey[] = ['detail', 'grid', 'sequence']

/**
 * Modes anyone may enter (SPEC §6: anonymous users can use only the statistics mode). Every other
 * mode needs login and the module's code; detail, grid and sequence also an area range.
 */
export const PUBLIC_MODES: readonly MonitorModeKey[] = ['statistics']

/** Statistics type 'all' (every spot type), set when the grid mode opens. */
export const STATISTICS_TYPE_ALL = 'all'

/** The user as the mode rules see it: null when nobody is logged in. */
export interface MonitorUser {
  permissions: readonly string[]
  /** Region codes of the active regionId area ranges. */
  areaRegionIds: readonly string[]
}

/**
 * Whether a user may enter a mode of a module: statistics is open to all (PUBLIC_MODES); every other
 * mode needs login ('login': queue the switch and open the login dialog), then the module's
 * permission, then for the area-limited modes at least one regionId area range.
 */
export type ModeAccess = 'ok' | 'login' | 'no-permission' | 'no-area-range'

export function canEnterMode(user: MonitorUser | null, mode: MonitorModeKey, module: { permission: string }): ModeAccess {
  if (PUBLIC_MODES.includes(mode)) return 'ok'
  if (!user) return 'login'
  if (!hasPermission(user.permissions, module.permission)) return 'no-permission'
  if (AREA_LIMITED_MODES.includes(mode) && user.areaRegionIds.length === 0) return 'no-area-range'
  return 'ok'
}

/** Message key of a refused mode (SPEC.md §5 and §8 wording). */
export function modeAccessMessageKey(access: Exclude<ModeAccess, 'ok' | 'login'>): 'errors.noPermission' | 'errors.noAreaRange' {
  return access === 'no-permission' ? 'errors.noPermission' : 'errors.noAreaRange'
}

/**
 * The scope rule of SPEC.md §4: if the allowed regions include the whole country, the current
 * region or a parent of it, the scope is the current region; otherwise all allowed regions.
 */
export function scopeFor(allowed: readonly string[], current: string): string[] {
  if (allowed.includes(WHOLE_COUNTRY_CODE) || canSeeRegion(allowed, current)) return [current]
  return [...allowed]
}

/** What the grid mode shows: statistics type and grid level. */
export interface GridSettings {
  statisticsType: string
  gridLevel: number | null
}

/** Grid mode sets the statistics type to 'all' and the grid level to the module's (13, 14 for density) if unset. */
export function gridDefaults(current: GridSettings, module: { gridLevel: number }): { statisticsType: string; gridLevel: number } {
  return { statisticsType: STATISTICS_TYPE_ALL, gridLevel: current.gridLevel ?? module.gridLevel }
}

/** A monitor screen's mode state, as far as the SPEC's switching rules touch it. */
export interface MonitorModeState {
  mode: MonitorModeKey
  /** The region the screen shows (100000 for the whole country). */
  region: string
  /** The area-range regions the detail, grid and sequence data are limited to; null outside those modes. */
  areaRegion: string[] | null
  statisticsType: string
  gridLevel: number | null
  legend: LegendItem[]
}

export type ModeSwitch =
  | { outcome: 'ok'; state: MonitorModeState }
  | { outcome: 'login' }
  | { outcome: 'denied'; access: 'no-permission' | 'no-area-range'; messageKey: 'errors.noPermission' | 'errors.noAreaRange' }
  | { outcome: 'unavailable' }

/**
 * Switches a screen to a mode by SPEC.md §4: a mode the module does not offer is unavailable;
 * refused modes answer 'login' (the caller queues the switch and opens the login dialog) or
 * 'denied' with the SPEC message; detail, grid and sequence set the area-range region by the scope
 * rule and check 'all' when the legend has nothing checked; grid applies its defaults; statistics
 * clears the area-range region.
 */
export function switchMode(
  state: MonitorModeState,
  target: MonitorModeKey,
  user: MonitorUser | null,
  module: { permission: string; modes: readonly MonitorModeKey[]; gridLevel: number },
): ModeSwitch {
  if (!module.modes.includes(target)) return { outcome: 'unavailable' }
  const access = canEnterMode(user, target, module)
  if (access === 'login') return { outcome: 'login' }
  if (access !== 'ok') return { outcome: 'denied', access, messageKey: modeAccessMessageKey(access) }
  if (target === 'statistics' || target === 'trend') return { outcome: 'ok', state: { ...state, mode: target, areaRegion: null } }
  const areaRegion = scopeFor(user?.areaRegionIds ?? [], state.region)
  const next: MonitorModeState = { ...state, mode: target, areaRegion, legend: normalizeLegend(state.legend) }
  if (target === 'grid') return { outcome: 'ok', state: { ...next, ...gridDefaults(state, module) } }
  return { outcome: 'ok', state: next }
}
