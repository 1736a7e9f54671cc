import { z } from 'zod'
import { COVERAGE_CLASS_KEYS } from '../domain/coverage'
import { PERMISSION } from '../domain/permissions'
import {
  PLAN_ACQUISITION_TYPES,
  PLAN_ANALYSIS_OPTIONS,
  PLAN_ITEM_STATES,
  PLAN_LIMITS,
  PLAN_STATES,
  PLAN_UNIT_TYPES,
  PLAN_YEAR_OPTIONS,
  PLAN_YEAR_STATES,
  parsePlanMonths,
} from '../domain/plan'
import { lazyMessage } from '../messages'
import { defineRoute, Id, IdParam, queryInt, requiredString, text } from './common'
import { RegionCode } from './regions'
import { AreaGeometry } from './scenes'

/**
 * Coordinated procurement (部省协同, plan-collaborative; issue 24). Units fill plans (planFill,
 * MOD_088, within their area range); the ministry opens years, reviews and publishes (planPublish,
 * MOD_089); the overall analysis (overallAnalysis, MOD_086) reads every live plan in the caller's
 * range. The server checks ranges on every route.
 */

const e = lazyMessage
const fillAuth = { permission: PERMISSION.planFill, areaScope: true } as const
const publishAuth = { permission: PERMISSION.planPublish } as const
const analysisAuth = { permission: PERMISSION.overallAnalysis, areaScope: true } as const

const Year = z
  .number({ error: e('plan.errors.badYear') })
  .int({ error: e('plan.errors.badYear') })
  .min(PLAN_LIMITS.minYear, { error: e('plan.errors.badYear') })
  .max(PLAN_LIMITS.maxYear, { error: e('plan.errors.badYear') })
const YearParam = queryInt(PLAN_LIMITS.minYear, PLAN_LIMITS.maxYear, e('plan.errors.badYear'))
const IsoDay = z
  .string({ error: e('plan.errors.badDeadline') })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: e('plan.errors.badDeadline') })
const Resolution = z.enum(COVERAGE_CLASS_KEYS, { error: e('plan.errors.badResolution') })
const Months = z
  .string({ error: e('plan.errors.badMonths') })
  .max(40)
  .refine((v) => parsePlanMonths(v) !== null, { error: e('plan.errors.badMonths') })
  .describe("'qb' (全部) or months 1–12 separated by commas, e.g. '3,4,5'")
const Cjlx = z.enum(PLAN_ACQUISITION_TYPES, { error: e('plan.errors.badCjlx') })
const UnitType = z.enum(PLAN_UNIT_TYPES, { error: e('plan.errors.badUnitType') })

export const PlanYear = z.object({
  year: z.number().int(),
  state: z.enum(PLAN_YEAR_STATES),
  deadline: z.string().describe('YYYY-MM-DD, Beijing time; the year takes no new plans after that day'),
  purchaseYear: z.number().int().describe('the year whose holdings the plans are checked against'),
  requested: z.string().describe('what the ministry asks the units for'),
  resolutionTypes: z.array(Resolution),
  takesFilling: z.boolean().describe('open and before its deadline'),
  demo: z.boolean().describe('demo data (示意)'),
  plans: z.number().int(),
  publishedAt: z.string().nullable(),
})
export type PlanYear = z.infer<typeof PlanYear>

export const planYears = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/years',
  summary: '规划年度一览（登录后可见）',
  tags: ['plan-collaborative'],
  auth: 'login',
  data: z.array(PlanYear),
})

export const planYearOpen = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/years',
  summary: '开启规划年度：截止日期、对照的采购年度与征集的分辨率类型（规划发布权限；记入审计日志）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  body: z.object({
    year: Year,
    deadline: IsoDay,
    purchaseYear: Year.optional().describe('default: the year before'),
    requested: text({ max: 500, multiline: true }).default(''),
    resolutionTypes: z
      .array(Resolution)
      .min(1, { error: e('plan.errors.badResolution') })
      .default([...COVERAGE_CLASS_KEYS]),
  }),
  data: PlanYear,
})

export const planYearEvent = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/years/event',
  summary: '规划年度截止、重新开启或发布（发布：本年度审核通过的规划一并发布；规划发布权限）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  body: z.object({ year: Year, event: z.enum(['close', 'reopen', 'publish'], { error: e('plan.errors.badEvent') }) }),
  data: PlanYear.extend({ publishedPlans: z.number().int() }),
})

/** Where an item lies: regions by the region picker, a drawn polygon, an uploaded area (/api/aoi/upload), or an item's stored area. */
export const PlanArea = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('region'),
    regionCodes: z
      .array(RegionCode)
      .min(1, { error: e('plan.errors.noArea') })
      .max(PLAN_LIMITS.maxRegions),
  }),
  z.object({ mode: z.literal('draw'), geometry: AreaGeometry }),
  z.object({ mode: z.literal('shp'), uploadId: z.string().uuid({ error: e('archive.errors.badUploadId') }) }),
  z
    .object({ mode: z.literal('keep'), itemId: Id })
    .describe(
      'the stored area of an item of the same unit, as it is (an edit of the other fields keeps a drawn or uploaded shape exactly)',
    ),
])
export type PlanArea = z.infer<typeof PlanArea>

export const PlanItemInput = z.object({
  name: requiredString('plan.errors.name', PLAN_LIMITS.maxNameLength),
  area: PlanArea,
  resolution: Resolution,
  months: Months.default('qb'),
  cjlx: Cjlx.default('sc'),
  purpose: text({ max: PLAN_LIMITS.maxPurposeLength, multiline: true }).default(''),
  ownerUnit: requiredString('plan.errors.ownerUnit', PLAN_LIMITS.maxOwnerUnitLength),
  budget: z
    .number({ error: e('plan.errors.budget') })
    .min(0, { error: e('plan.errors.budget') })
    .max(PLAN_LIMITS.maxBudget, { error: e('plan.errors.budget') })
    .describe('万元'),
})
export type PlanItemInput = z.input<typeof PlanItemInput>

/** What the holdings of the purchase year already cover of an area, for a class and months. */
export const PlanHeld = z.object({
  purchaseYear: z.number().int(),
  archiveKm2: z.number(),
  localKm2: z.number().describe('the provinces’ own imagery (本地数据)'),
  heldKm2: z.number().describe('archive or own imagery'),
  percent: z.number().describe('heldKm2 of the area, %'),
})
export type PlanHeld = z.infer<typeof PlanHeld>

export const PlanOverlapOther = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  unitRegion: z.string(),
  unitName: z.string(),
  planState: z.enum(PLAN_STATES),
  areaKm2: z.number().describe('geodesic area of the overlap'),
  geometry: z.unknown().optional().describe('the overlap as GeoJSON, simplified for the map (a plan’s items and the check)'),
})

export const PlanItem = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  areaSource: z.enum(['region', 'draw', 'shp']),
  regionCodes: z.array(z.string()),
  regionNames: z.array(z.string()),
  areaKm2: z.number(),
  resolution: Resolution,
  months: z.string(),
  cjlx: Cjlx,
  purpose: z.string(),
  ownerUnit: z.string(),
  budget: z.number(),
  state: z.enum(PLAN_ITEM_STATES),
  returnReason: z.string().nullable(),
  overlapKm2: z.number().describe('of this item, the area other units’ live plans also ask for'),
  held: PlanHeld,
  overlaps: z.array(PlanOverlapOther),
  geometry: z.unknown().describe('GeoJSON MultiPolygon, simplified for the map'),
})
export type PlanItem = z.infer<typeof PlanItem>

export const PlanSummary = z.object({
  id: z.number().int(),
  year: z.number().int(),
  unitRegion: z.string(),
  unitName: z.string(),
  unitType: UnitType,
  revision: z.number().int(),
  live: z.boolean(),
  state: z.enum(PLAN_STATES),
  demo: z.boolean(),
  items: z.number().int(),
  areaKm2: z.number(),
  budget: z.number(),
  itemStates: z.record(z.enum(PLAN_ITEM_STATES), z.number().int()),
  createdBy: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
})
export type PlanSummary = z.infer<typeof PlanSummary>

export const PlanDetail = PlanSummary.extend({
  yearInfo: PlanYear,
  list: z.array(PlanItem),
  editable: z.boolean().describe('the caller may change the items now'),
  events: z.array(z.string()).describe('the plan events the caller may send now'),
  history: z.array(z.object({ id: z.number().int(), revision: z.number().int(), state: z.enum(PLAN_STATES) })),
})
export type PlanDetail = z.infer<typeof PlanDetail>

export const planList = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/plans',
  summary: '规划列表：按年度、单位、单位类型与状态（填报单位看本权限范围，部级看全部）',
  tags: ['plan-collaborative'],
  auth: 'login',
  query: z.object({
    year: YearParam.optional(),
    state: z.enum(PLAN_STATES, { error: e('plan.errors.badState') }).optional(),
    unitType: UnitType.optional(),
    region: RegionCode.optional().describe('units at or under this region'),
    all: z.enum(['true', 'false']).optional().describe('true: every revision, not only the live ones'),
    pageNum: queryInt(1, 100_000).default(1),
    pageSize: queryInt(1, 200).default(20),
  }),
  data: z.object({ total: z.number().int(), list: z.array(PlanSummary) }),
})

export const planDetail = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/plan',
  summary: '一份规划及其条目（含已有覆盖与重叠）',
  tags: ['plan-collaborative'],
  auth: 'login',
  query: z.object({ id: IdParam }),
  data: PlanDetail,
})

export const planCreate = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/plans',
  summary: '为本单位新建规划（年度开放时；已发布的规划则建立新修订）（规划填报权限）',
  tags: ['plan-collaborative'],
  auth: { permission: PERMISSION.planFill, areaScope: { regionField: 'unitRegion' } },
  body: z.object({ year: Year, unitRegion: RegionCode }),
  data: PlanDetail,
})

export const planItemSave = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/items/save',
  summary: '新增或修改规划条目（规划可编辑时；区域须在本单位权限范围内）',
  tags: ['plan-collaborative'],
  auth: fillAuth,
  body: PlanItemInput.extend({ planId: Id, id: Id.optional().describe('absent: a new item') }),
  data: PlanDetail,
})

export const planItemDelete = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/items/delete',
  summary: '删除规划条目（规划可编辑时）',
  tags: ['plan-collaborative'],
  auth: fillAuth,
  body: z.object({ id: Id }),
  data: PlanDetail,
})

export const planCheck = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/check',
  summary: '填报时即时核对：区域面积、采购年度已有覆盖（档案与本地数据）及其他单位的同区规划',
  tags: ['plan-collaborative'],
  auth: fillAuth,
  body: z.object({
    year: Year,
    unitRegion: RegionCode,
    area: PlanArea,
    resolution: Resolution,
    months: Months.default('qb'),
  }),
  data: z.object({
    areaKm2: z.number(),
    outsideKm2: z.number().describe('of the area, outside the unit’s range'),
    held: PlanHeld,
    overlaps: z.array(PlanOverlapOther),
  }),
})

export const planSubmit = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/plans/submit',
  summary: '提交规划审核（规划填报权限；记入审计日志，部级收到邮件）',
  tags: ['plan-collaborative'],
  auth: fillAuth,
  body: z.object({ id: Id }),
  data: PlanDetail,
})

export const planItemReview = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/items/review',
  summary: '逐条审核：通过或退回（退回须写原因）；末条审定后规划随之通过或退回（规划发布权限）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  body: z.object({
    id: Id,
    decision: z.enum(['accept', 'return'], { error: e('plan.errors.badDecision') }),
    reason: text({ max: PLAN_LIMITS.maxReasonLength, multiline: true }).optional(),
  }),
  data: PlanDetail,
})

export const planPublish = defineRoute({
  method: 'POST',
  path: '/api/plan-collaborative/plans/publish',
  summary: '发布一份审核通过的规划（年度已发布后的修订；规划发布权限）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  body: z.object({ id: Id }),
  data: PlanDetail,
})

export const SummaryRow = z.object({
  unitRegion: z.string(),
  unitName: z.string(),
  resolution: Resolution,
  months: z.array(z.number()).length(12).describe('km² wanted in each month 1–12'),
  items: z.number().int(),
  areaKm2: z.number(),
  budget: z.number(),
  overlapKm2: z.number(),
})
export type SummaryRow = z.infer<typeof SummaryRow>

export const PlanSummarySheet = z.object({
  year: z.number().int(),
  state: z.enum(['published', 'all']).describe('published: the published plans; all: every live plan'),
  rows: z.array(SummaryRow),
  byResolution: z.array(SummaryRow.omit({ unitRegion: true, unitName: true })),
  total: SummaryRow.omit({ unitRegion: true, unitName: true, resolution: true }),
})
export type PlanSummarySheet = z.infer<typeof PlanSummarySheet>

const SummaryQuery = z.object({
  year: YearParam,
  state: z.enum(['published', 'all'], { error: e('plan.errors.badState') }).default('published'),
  unitType: UnitType.optional(),
})

export const planSummary = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/summary',
  summary: '汇总表：各单位 × 分辨率类型 × 月份的面积与预算、重叠与合计（规划发布权限）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  query: SummaryQuery,
  data: PlanSummarySheet,
})

export const planSummaryExport = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/summary/export',
  summary: '汇总表导出为 Excel（规划发布权限）',
  tags: ['plan-collaborative'],
  auth: publishAuth,
  query: SummaryQuery,
  data: z.unknown().describe('an .xlsx file'),
})

/** The overall analysis's question (SPEC §3 purchase-plan state; §9 defaults). */
export const PlanAnalysisQuery = z.object({
  planYear: YearParam.default(2025),
  purchaseYear: YearParam.default(2024),
  compareYear: YearParam.optional().describe('yearOption 2: a second plan year'),
  unitType: UnitType.optional(),
  analysisOption: z.coerce
    .number()
    .pipe(
      z.union(PLAN_ANALYSIS_OPTIONS.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<2>], { error: e('plan.errors.badOption') }),
    )
    .default(1),
  yearOption: z.coerce
    .number()
    .pipe(z.union(PLAN_YEAR_OPTIONS.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<2>], { error: e('plan.errors.badOption') }))
    .default(1),
  regionId: RegionCode.default('100000'),
  resolution: Resolution.optional(),
  month: Months.default('qb'),
  cjlx: Cjlx.optional(),
  overlap: z.enum(['0', '1'], { error: e('plan.errors.badOption') }).default('0'),
  owners: z.string().max(2000).optional().describe('unit region codes, comma-separated'),
})
export type PlanAnalysisQuery = z.input<typeof PlanAnalysisQuery>

export const PlanAnalysisRow = z.object({
  code: z.string(),
  name: z.string(),
  items: z.number().int(),
  plannedKm2: z.number().describe('Σ of the items’ parts in the region'),
  heldKm2: z.number().describe('of that, held in the purchase year (archive or own imagery)'),
  newNeedKm2: z.number().describe('planned − held'),
  overlapKm2: z.number().describe('Σ of the overlaps between different units in the region'),
  budget: z.number().describe('Σ of the items’ budgets in proportion to their parts in the region'),
})
export type PlanAnalysisRow = z.infer<typeof PlanAnalysisRow>

export const PlanOverlap = z.object({
  a: PlanOverlapOther,
  b: PlanOverlapOther,
  areaKm2: z.number(),
  regionName: z.string(),
})
export type PlanOverlap = z.infer<typeof PlanOverlap>

export const planAnalysis = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/analysis',
  summary: '统筹分析：各区域的规划、已有覆盖、新增需求与预算，及不同单位规划的重叠（统筹分析权限与权限范围）',
  tags: ['plan-collaborative'],
  auth: { ...analysisAuth, areaScope: { regionField: 'regionId' } },
  query: PlanAnalysisQuery,
  data: z.object({
    planYear: z.number().int(),
    purchaseYear: z.number().int(),
    region: z.object({ code: z.string(), name: z.string() }),
    rows: z.array(PlanAnalysisRow),
    total: PlanAnalysisRow.omit({ code: true, name: true }),
    byResolution: z.array(PlanAnalysisRow.omit({ code: true, name: true }).extend({ resolution: Resolution })),
    overlaps: z.array(PlanOverlap).describe('the largest overlaps first, at most 500'),
    overlapTotal: z.object({ pairs: z.number().int(), areaKm2: z.number() }),
    owners: z.array(z.object({ code: z.string(), name: z.string() })),
    compare: z
      .object({ year: z.number().int(), rows: z.array(PlanAnalysisRow), total: PlanAnalysisRow.omit({ code: true, name: true }) })
      .nullable(),
    cellNote: z.string().describe('how the held area is sampled'),
  }),
})

export const planFeatures = defineRoute({
  method: 'GET',
  path: '/api/plan-collaborative/features',
  summary: '规划条目或重叠区域的 GeoJSON（地图图层；统筹分析权限与权限范围）',
  tags: ['plan-collaborative'],
  auth: { ...analysisAuth, areaScope: { regionField: 'regionId' } },
  query: PlanAnalysisQuery.pick({
    planYear: true,
    regionId: true,
    month: true,
    resolution: true,
    cjlx: true,
    unitType: true,
    overlap: true,
    owners: true,
  }),
  data: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()), truncated: z.boolean() }),
})
