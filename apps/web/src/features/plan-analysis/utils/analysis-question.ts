import {
  COVERAGE_CLASS_KEYS,
  type CoverageClassKey,
  DEFAULT_PLAN_ACQUISITION_TYPE,
  DEFAULT_PLAN_UNIT_TYPE,
  DEFAULTS,
  isRegionCode,
  PLAN_ACQUISITION_TYPES,
  PLAN_ALL_MONTHS,
  PLAN_ANALYSIS_OPTIONS,
  PLAN_LIMITS,
  PLAN_UNIT_TYPES,
  PLAN_YEAR_OPTIONS,
  type PlanAcquisitionType,
  type PlanAnalysisOption,
  type PlanAnalysisQuery,
  type PlanUnitType,
  type PlanYearOption,
  parsePlanMonths,
  planMonthsText,
} from '@rs/shared'

/** A filter that names every value: 全部 (no filter sent). */
export const ALL = 'all' as const

/** What the choropleth colours the regions by. */
export const ANALYSIS_MEASURES = ['newNeed', 'planned'] as const
export type AnalysisMeasure = (typeof ANALYSIS_MEASURES)[number]

/**
 * The overall analysis's question (SPEC §3 purchase-plan state), as the address holds it: what a
 * person would send a colleague. Filters that can be 全部 hold ALL; the API query leaves them out.
 */
export interface AnalysisQuestion {
  planYear: number
  purchaseYear: number
  unitType: PlanUnitType | typeof ALL
  analysisOption: PlanAnalysisOption
  yearOption: PlanYearOption
  /** yearOption 2: the second plan year. */
  compareYear: number
  regionId: string
  resolution: CoverageClassKey | typeof ALL
  /** 'qb' or months '3,4,5'. */
  month: string
  cjlx: PlanAcquisitionType | typeof ALL
  /** 仅显示重叠区域. */
  overlap: boolean
  /** Unit region codes, sorted; empty: every unit. */
  owners: string[]
  /** The child region whose items the row detail lists (明细), or null. */
  detail: string | null
  measure: AnalysisMeasure
}

/** What the defaults depend on: the caller's home region, and each plan year's own purchase year (the years list). */
export interface QuestionContext {
  home: string
  purchaseYearOf?: (planYear: number) => number | undefined
}

/** The purchase year a plan year is checked against unless the address says otherwise: its own, else the year before. */
function defaultPurchaseYear(planYear: number, context: QuestionContext): number {
  return context.purchaseYearOf?.(planYear) ?? planYear - 1
}

/** The question when the address says nothing (SPEC §9 defaults; the region is the caller's home region). */
export function defaultQuestion(homeRegion: string): AnalysisQuestion {
  return {
    planYear: DEFAULTS.planYear,
    purchaseYear: DEFAULTS.purchaseYear,
    unitType: DEFAULT_PLAN_UNIT_TYPE,
    analysisOption: DEFAULTS.analysisOption as PlanAnalysisOption,
    yearOption: DEFAULTS.yearOption as PlanYearOption,
    compareYear: DEFAULTS.planYear - 1,
    regionId: homeRegion,
    resolution: ALL,
    month: DEFAULTS.month,
    cjlx: DEFAULT_PLAN_ACQUISITION_TYPE,
    overlap: Boolean(DEFAULTS.overlap),
    owners: [],
    detail: null,
    measure: 'newNeed',
  }
}

function year(text: string | null): number | undefined {
  if (text === null || !/^\d{4}$/.test(text)) return undefined
  const n = Number(text)
  return n >= PLAN_LIMITS.minYear && n <= PLAN_LIMITS.maxYear ? n : undefined
}

function oneOf<T extends string | number>(values: readonly T[], text: string | null): T | undefined {
  return values.find((v) => String(v) === text)
}

function regionCodes(text: string | null): string[] {
  if (!text) return []
  return [...new Set(text.split(',').filter((c) => isRegionCode(c)))].sort()
}

/**
 * The question an address holds; anything missing or unreadable takes its default. The purchase
 * year defaults to the plan year's own (else the year before: the server's default, and SPEC §9's
 * 2024 for 2025), the compare year to the year before.
 */
export function parseQuestion(params: URLSearchParams, context: QuestionContext): AnalysisQuestion {
  const base = defaultQuestion(context.home)
  const planYear = year(params.get('planYear')) ?? base.planYear
  const region = params.get('regionId')
  const detail = params.get('detail')
  const month = params.get('month')
  const months = month === null ? null : parsePlanMonths(month)
  return {
    planYear,
    purchaseYear: year(params.get('purchaseYear')) ?? defaultPurchaseYear(planYear, context),
    unitType: oneOf([...PLAN_UNIT_TYPES, ALL] as const, params.get('unitType')) ?? base.unitType,
    analysisOption: oneOf(PLAN_ANALYSIS_OPTIONS, params.get('analysisOption')) ?? base.analysisOption,
    yearOption: oneOf(PLAN_YEAR_OPTIONS, params.get('yearOption')) ?? base.yearOption,
    compareYear: year(params.get('compareYear')) ?? planYear - 1,
    regionId: region !== null && isRegionCode(region) ? region : base.regionId,
    resolution: oneOf([...COVERAGE_CLASS_KEYS, ALL] as const, params.get('resolution')) ?? base.resolution,
    month: months ? planMonthsText(months) : base.month,
    cjlx: oneOf([...PLAN_ACQUISITION_TYPES, ALL] as const, params.get('cjlx')) ?? base.cjlx,
    overlap: params.get('overlap') === '1',
    owners: regionCodes(params.get('owners')),
    detail: detail !== null && isRegionCode(detail) ? detail : null,
    measure: oneOf(ANALYSIS_MEASURES, params.get('measure')) ?? base.measure,
  }
}

/**
 * The address of a question: only what differs from the defaults, so a default view has a bare
 * address and a shared one reads short. parseQuestion(questionParams(q)) is q.
 */
export function questionParams(q: AnalysisQuestion, context: QuestionContext): URLSearchParams {
  const base = defaultQuestion(context.home)
  const params = new URLSearchParams()
  const put = (key: string, value: string | number, fallback: string | number) => {
    if (value !== fallback) params.set(key, String(value))
  }
  put('planYear', q.planYear, base.planYear)
  put('purchaseYear', q.purchaseYear, defaultPurchaseYear(q.planYear, context))
  put('unitType', q.unitType, base.unitType)
  put('analysisOption', q.analysisOption, base.analysisOption)
  put('yearOption', q.yearOption, base.yearOption)
  if (q.yearOption === 2) put('compareYear', q.compareYear, q.planYear - 1)
  put('regionId', q.regionId, base.regionId)
  put('resolution', q.resolution, base.resolution)
  put('month', q.month, base.month)
  put('cjlx', q.cjlx, base.cjlx)
  if (q.overlap) params.set('overlap', '1')
  if (q.owners.length > 0) params.set('owners', [...q.owners].sort().join(','))
  if (q.detail) params.set('detail', q.detail)
  put('measure', q.measure, base.measure)
  return params
}

/** The analysis API's query for a question (the map's filters and view stay out: they change no figure). */
export function analysisQuery(q: AnalysisQuestion): PlanAnalysisQuery {
  return {
    planYear: q.planYear,
    purchaseYear: q.purchaseYear,
    ...(q.yearOption === 2 ? { yearOption: 2, compareYear: q.compareYear } : {}),
    ...(q.unitType === ALL ? {} : { unitType: q.unitType }),
    regionId: q.regionId,
    ...(q.resolution === ALL ? {} : { resolution: q.resolution }),
    ...(q.month === PLAN_ALL_MONTHS ? {} : { month: q.month }),
    ...(q.cjlx === ALL ? {} : { cjlx: q.cjlx }),
    ...(q.owners.length > 0 ? { owners: q.owners.join(',') } : {}),
  }
}

/** The features API's query: a year's items (or overlaps) in a region under the question's filters. */
export interface FeaturesQuery {
  planYear: number
  regionId: string
  overlap: '0' | '1'
  month?: string
  unitType?: PlanUnitType
  resolution?: CoverageClassKey
  cjlx?: PlanAcquisitionType
  owners?: string
}

/** The features API's query for a question: `year` (the plan or compare year), `overlap` the layer wanted, `regionId` by default the question's. */
export function featuresQuery(q: AnalysisQuestion, options: { year: number; overlap: boolean; regionId?: string }): FeaturesQuery {
  return {
    planYear: options.year,
    regionId: options.regionId ?? q.regionId,
    overlap: options.overlap ? '1' : '0',
    ...(q.month === PLAN_ALL_MONTHS ? {} : { month: q.month }),
    ...(q.unitType === ALL ? {} : { unitType: q.unitType }),
    ...(q.resolution === ALL ? {} : { resolution: q.resolution }),
    ...(q.cjlx === ALL ? {} : { cjlx: q.cjlx }),
    ...(q.owners.length > 0 ? { owners: q.owners.join(',') } : {}),
  }
}

/**
 * A change of the question as a person makes it: another plan year brings its own purchase year
 * (the year's setting, when known) and the year before it to compare with; another region closes
 * the row detail of the old one; another filter keeps the rest.
 */
export function changeQuestion(q: AnalysisQuestion, change: Partial<AnalysisQuestion>, context: QuestionContext): AnalysisQuestion {
  const next = { ...q, ...change }
  if (change.planYear !== undefined && change.planYear !== q.planYear) {
    next.purchaseYear = change.purchaseYear ?? defaultPurchaseYear(change.planYear, context)
    next.compareYear = change.compareYear ?? change.planYear - 1
  }
  if (change.regionId !== undefined && change.regionId !== q.regionId && change.detail === undefined) next.detail = null
  if (change.owners) next.owners = [...new Set(change.owners)].sort()
  return next
}
