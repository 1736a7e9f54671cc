import { z } from 'zod'
import {
  COVERAGE_CLASS_KEYS,
  COVERAGE_CLOUD_LIMITS,
  COVERAGE_SOURCES,
  DEFAULT_COVERAGE_CLASS,
  parseCoveragePeriod,
} from '../domain/coverage'
import { lazyMessage } from '../messages'
import { defineRoute } from './common'
import { RegionCode } from './regions'

/**
 * Coverage statistics (issue 23, /statistics/coverage-statics; public): the covered share of every
 * child of a region for a period, resolution class, cloud limit, optional satellites and sources,
 * read from the coverage engine; and the gaps of one region at the engine's cells.
 */

const e = lazyMessage

export const CoveragePeriodParam = z
  .string({ error: e('coverage.errors.badPeriod') })
  .refine((v) => parseCoveragePeriod(v) !== null, { error: e('coverage.errors.badPeriod') })
  .describe("Beijing-time year '2026', quarter '2026Q2' or month '2026-05'")

/** A comma-separated list in a query string. */
const listParam = <T extends z.ZodType>(item: T, error: () => string) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item).max(40, { error }))

const SatelliteParam = z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, { error: e('coverage.errors.badSatellite') })

export const CoverageQuery = z.object({
  period: CoveragePeriodParam.optional().describe('the current quarter (Beijing time) by default'),
  class: z
    .enum(COVERAGE_CLASS_KEYS, { error: e('coverage.errors.badClass') })
    .default(DEFAULT_COVERAGE_CLASS)
    .describe('resolution class: sub1 优于1米, m2 1–2米, m5 2–5米, m16 5–16米, coarse 16米以上'),
  finer: z
    .enum(['true', 'false'], { error: e('coverage.errors.badFlag') })
    .default('true')
    .transform((v) => v === 'true')
    .describe('count the finer classes too (2 米级 = 2 m or better); true by default'),
  cloud: z
    .enum(COVERAGE_CLOUD_LIMITS.map(String) as [string, ...string[]], { error: e('coverage.errors.badCloud') })
    .default('100')
    .transform(Number)
    .describe('cloud limit, percent: 100 (不限), 30, 20 or 10'),
  satellites: listParam(SatelliteParam, e('coverage.errors.tooManySatellites'))
    .optional()
    .describe('satellite codes, comma-separated; absent: every satellite (answered from the rollup)'),
  sources: listParam(z.enum(COVERAGE_SOURCES, { error: e('coverage.errors.badSource') }), e('coverage.errors.badSource'))
    .optional()
    .describe('archive (影像库) and/or local (省级本地数据), comma-separated; archive by default'),
  region: RegionCode.optional().describe('region whose children are listed; 100000 (whole country) by default'),
  level: z
    .enum(['children', 'county'], { error: e('coverage.errors.badLevel') })
    .default('children')
    .describe('children: the region’s children (drill-down); county: every county under it (the whole country’s 2,851 at once)'),
  compare: CoveragePeriodParam.optional().describe('a second period: each row also carries its share then'),
})
export type CoverageQuery = z.input<typeof CoverageQuery>

export const CoverageRow = z.object({
  code: z.string(),
  name: z.string(),
  level: z.enum(['country', 'province', 'city', 'county']),
  areaKm2: z.number().describe('geodesic area of the counties counted (those with a boundary), km²'),
  coveredKm2: z.number(),
  percent: z.number().describe('covered share, percent, two decimals'),
  times: z.number().describe('average times covered: the footprints’ areas inside ÷ the area'),
  missingCounties: z.number().int().describe('counties under the region without a boundary (not counted)'),
  compare: z.object({ percent: z.number(), coveredKm2: z.number(), times: z.number() }).optional(),
})
export type CoverageRow = z.infer<typeof CoverageRow>

const PeriodOut = z.object({ key: z.string(), fromMonth: z.number().int(), toMonth: z.number().int() })

export const CoverageStatistics = z.object({
  region: z.object({ code: z.string(), name: z.string(), level: z.enum(['country', 'province', 'city', 'county']) }),
  parentCode: z.string().nullable(),
  period: PeriodOut,
  compare: PeriodOut.nullable(),
  class: z.enum(COVERAGE_CLASS_KEYS),
  finer: z.boolean(),
  cloud: z.number().int(),
  satellites: z.array(z.string()),
  sources: z.array(z.enum(COVERAGE_SOURCES)),
  rows: z.array(CoverageRow).describe('the region’s children (a county: itself), or every county under it (level=county)'),
  total: CoverageRow.describe('the region itself'),
  national: CoverageRow.describe('the whole country'),
  missing: z.array(z.object({ code: z.string(), name: z.string() })).describe('counties under the region without a boundary'),
  pendingScenes: z.number().int().describe('scenes imported and not yet counted'),
  cellsPerCounty: z.number().int().describe('cells of each county’s grid (the engine’s resolution)'),
  illustrative: z.boolean().describe('the archive holds generated demo scenes (示意)'),
})
export type CoverageStatistics = z.infer<typeof CoverageStatistics>

export const coverageStatistics = defineRoute({
  method: 'GET',
  path: '/api/coverage/statistics',
  summary: '影像覆盖统计：某区域各下级行政区的覆盖率与覆盖次数',
  tags: ['coverage'],
  auth: 'public',
  query: CoverageQuery,
  data: CoverageStatistics,
})

export const coverageGaps = defineRoute({
  method: 'GET',
  path: '/api/coverage/gaps',
  summary: '某区域在该时段、分辨率下未被覆盖的部分（按统计格网）',
  tags: ['coverage'],
  auth: 'public',
  query: CoverageQuery.omit({ compare: true, level: true }).extend({ region: RegionCode }),
  data: z.object({
    region: z.object({ code: z.string(), name: z.string() }),
    percent: z.number(),
    cellKm: z.number().describe('typical cell side of the grids, km'),
    gaps: z.unknown().describe('GeoJSON MultiPolygon of the uncovered cells (null: none)'),
  }),
})

export const coverageMonths = defineRoute({
  method: 'GET',
  path: '/api/coverage/months',
  summary: '有影像统计的月份（北京时间，yyyymm）',
  tags: ['coverage'],
  auth: 'public',
  data: z.array(z.number().int()),
})
