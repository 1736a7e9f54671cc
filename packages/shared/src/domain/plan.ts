import { DEFAULTS, WHOLE_COUNTRY_CODE } from './constants'
import { COVERAGE_CLASS_KEYS, type CoverageClassKey, type CoverageCloudLimit } from './coverage'
import { isRegionCode, regionLevel } from './region-code'
import { defineStateMachine, type EventOf } from './state-machine'

/**
 * Coordinated imagery procurement (部省协同, issue 24): the ministry opens a plan year; each unit
 * (a province, city or county) fills its plan of items (an area, a resolution class, the months
 * wanted, an acquisition type, a purpose, an owner unit, a budget); the ministry reviews item by
 * item, the unit revises what was returned, and the ministry publishes. Both apps read these
 * declarations: the server moves states by the machines and refuses by them, the web shows buttons
 * by them. A new acquisition type or unit type is a line here (and its message key).
 */

/** Unit types (单位类型): the level of the unit that fills a plan, from the region it fills for. */
export const PLAN_UNIT_TYPES = ['province', 'city', 'county'] as const
export type PlanUnitType = (typeof PLAN_UNIT_TYPES)[number]
const UNIT_TYPE_ZH: Record<PlanUnitType, string> = { province: '省级', city: '市级', county: '县级' }
/** SPEC §9: 省级. */
export const DEFAULT_PLAN_UNIT_TYPE = (PLAN_UNIT_TYPES.find((t) => UNIT_TYPE_ZH[t] === DEFAULTS.unitType) ?? 'province') as PlanUnitType

/** The unit type of a region code (null for the whole country: the ministry fills no plan of its own). */
export function planUnitTypeOf(regionCode: string): PlanUnitType | null {
  if (!isRegionCode(regionCode) || regionCode === WHOLE_COUNTRY_CODE) return null
  const level = regionLevel(regionCode)
  return level === 'country' ? null : level
}

/** Acquisition types (采集类型, cjlx; SPEC §9 default 'sc'): how a unit means to obtain the imagery. */
export const PLAN_ACQUISITION_TYPES = ['sc', 'cg', 'hk'] as const
export type PlanAcquisitionType = (typeof PLAN_ACQUISITION_TYPES)[number]
export const DEFAULT_PLAN_ACQUISITION_TYPE = DEFAULTS.cjlx as PlanAcquisitionType

/** The resolution types a plan item asks for: the coverage engine's classes, so what is held is read from it. */
export const PLAN_RESOLUTION_TYPES: readonly CoverageClassKey[] = COVERAGE_CLASS_KEYS

/** Imagery counts as held for a plan item when its cloud cover is at most this (a limit the coverage engine keeps). */
export const PLAN_HELD_CLOUD: CoverageCloudLimit = 20

/** Months wanted: 'qb' (全部, SPEC §9) or the months 1–12 of the plan year. */
export const PLAN_ALL_MONTHS = DEFAULTS.month
export const ALL_MONTH_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const

/** The months an item's months field names: 'qb' → all twelve; else the distinct months 1–12, sorted (null: not months). */
export function parsePlanMonths(value: string): number[] | null {
  if (value === PLAN_ALL_MONTHS) return [...ALL_MONTH_NUMBERS]
  const parts = value.split(',').map((p) => p.trim())
  const months = new Set<number>()
  for (const part of parts) {
    if (!/^(0?[1-9]|1[0-2])$/.test(part)) return null
    months.add(Number(part))
  }
  return months.size === 0 ? null : [...months].sort((a, b) => a - b)
}

/** The months field for a set of months: 'qb' for all twelve, else '3,4,5'. */
export function planMonthsText(months: readonly number[]): string {
  return months.length === 12 ? PLAN_ALL_MONTHS : [...months].sort((a, b) => a - b).join(',')
}

/**
 * A plan year (规划年度):
 *
 *   open 填报中 ──close──▶ closed 已截止 ──publish──▶ published 已发布
 *        ◀──reopen──
 *
 * Only the ministry (MOD_089) opens, closes, reopens and publishes. A year also stops taking new
 * plans and items once its deadline has passed (Beijing time), as if closed.
 */
export const PLAN_YEAR_STATES = ['open', 'closed', 'published'] as const
export type PlanYearState = (typeof PLAN_YEAR_STATES)[number]

export const planYearMachine = defineStateMachine({
  states: PLAN_YEAR_STATES,
  transitions: {
    open: { close: 'closed', publish: 'published' },
    closed: { reopen: 'open', publish: 'published' },
    published: {},
  },
  roles: {
    close: { by: ['ministry'] },
    reopen: { by: ['ministry'] },
    publish: { by: ['ministry'] },
  },
})
export type PlanYearEvent = EventOf<typeof planYearMachine>

/**
 * A unit's plan for a year, one row per revision:
 *
 *   draft 填报中 ──submit──▶ submitted 待审核 ──accept──▶ accepted 审核通过 ──publish──▶ published 已发布
 *                      ▲            │ return (an item returned)                           │ supersede
 *              submit  │            ▼                                                     ▼
 *                   returned 退回修改                                         superseded 已被修订
 *
 * The unit (MOD_088 within its area range) fills and submits; the ministry (MOD_089) reviews each
 * item, and the plan moves when the last item is decided: returned when any item was returned,
 * accepted when all were accepted. Nobody reviews a plan they submitted. Nothing changes after
 * publication: a new revision (a copy in draft) is filled, reviewed and published, and replaces it.
 */
export const PLAN_STATES = ['draft', 'submitted', 'returned', 'accepted', 'published', 'superseded'] as const
export type PlanState = (typeof PLAN_STATES)[number]

export const planMachine = defineStateMachine({
  states: PLAN_STATES,
  transitions: {
    draft: { submit: 'submitted' },
    submitted: { accept: 'accepted', return: 'returned' },
    returned: { submit: 'submitted' },
    accepted: { publish: 'published' },
    published: { supersede: 'superseded' },
    superseded: {},
  },
  roles: {
    submit: { by: ['unit'] },
    accept: { by: ['ministry'], notBy: ['submitter'] },
    return: { by: ['ministry'], notBy: ['submitter'] },
    publish: { by: ['ministry'] },
    supersede: { by: ['server'] },
  },
})
export type PlanEvent = EventOf<typeof planMachine>

/** States in which the unit may change its items. */
export const PLAN_EDITABLE_STATES: readonly PlanState[] = ['draft', 'returned']

/**
 * An item's review (逐条审核):
 *
 *   pending 待审核 ──accept──▶ accepted 已通过
 *        │ return (with a reason) ▶ returned 已退回 ──revise──▶ pending
 *
 * The unit's edit of a returned item is its revision; an accepted item stays as it was accepted.
 */
export const PLAN_ITEM_STATES = ['pending', 'accepted', 'returned'] as const
export type PlanItemState = (typeof PLAN_ITEM_STATES)[number]

export const planItemMachine = defineStateMachine({
  states: PLAN_ITEM_STATES,
  transitions: {
    pending: { accept: 'accepted', return: 'returned' },
    accepted: {},
    returned: { revise: 'pending' },
  },
  roles: {
    accept: { by: ['ministry'], notBy: ['submitter'] },
    return: { by: ['ministry'], notBy: ['submitter'] },
    revise: { by: ['unit'] },
  },
})
export type PlanItemEvent = EventOf<typeof planItemMachine>

/** The event a plan takes once every item is decided: return when any item was returned, else accept. */
export function planConclusion(items: ReadonlyArray<{ state: PlanItemState }>): 'accept' | 'return' | null {
  if (items.length === 0 || items.some((i) => i.state === 'pending')) return null
  return items.some((i) => i.state === 'returned') ? 'return' : 'accept'
}

export const PLAN_LIMITS = {
  /** Items in one plan. */
  maxItems: 500,
  /** Regions an item may name. */
  maxRegions: 50,
  maxNameLength: 60,
  maxPurposeLength: 200,
  maxOwnerUnitLength: 60,
  maxReasonLength: 200,
  /** Budget of one item, 万元. */
  maxBudget: 100_000,
  /** An item may reach this share of its area outside the unit's range (boundary slivers of a drawn polygon). */
  outsideTolerance: 0.001,
  /** Years the ministry may open. */
  minYear: 2000,
  maxYear: 2100,
} as const

/** Whether a year takes new plans and items: open and before its deadline (the end of that Beijing day). */
export function planYearTakesFilling(year: { state: PlanYearState; deadline: string }, now: Date = new Date()): boolean {
  if (year.state !== 'open') return false
  const end = Date.parse(`${year.deadline}T23:59:59.999+08:00`)
  return Number.isFinite(end) && now.getTime() <= end
}

/**
 * The overall analysis (统筹分析, MOD_086; SPEC §3 state and §9 defaults): the analysis option
 * (1 区域汇总: planned, held, new need and budget per region; 2 规划重叠: where units' plans
 * overlap), the year option (1 规划年度: a plan year's items against the purchase year's holdings;
 * 2 年度对比: two plan years side by side, the map with a swipe slider).
 */
export const PLAN_ANALYSIS_OPTIONS = [1, 2] as const
export type PlanAnalysisOption = (typeof PLAN_ANALYSIS_OPTIONS)[number]
export const PLAN_YEAR_OPTIONS = [1, 2] as const
export type PlanYearOption = (typeof PLAN_YEAR_OPTIONS)[number]
