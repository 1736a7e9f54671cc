import { z } from 'zod'
import { lazyMessage } from '../messages'
import { defineRoute, queryInt, text } from './common'

/** A satellite catalogue entry (SPEC §3); value is the satellite's page slug. */
export const SatelliteCatalogueEntry = z.object({
  index: z.number().int(),
  label: z.string(),
  value: z.string(),
  checked: z.boolean(),
  properties: z.number().int().min(1).max(3).describe('1 domestic, 2 foreign, 3 retired (archive data only)'),
  resolution: z.number().int().min(1).max(4).describe('best ground resolution: 1 ≤ 1 m, 2 ≤ 4 m, 3 ≤ 16 m, 4 > 16 m or unknown'),
  type: z.number().int().min(1).max(3).describe('1 optical, 2 hyperspectral, 3 radar'),
})
export type SatelliteCatalogueEntry = z.infer<typeof SatelliteCatalogueEntry>

export const SatelliteSensors = z.object({
  satellite: z.string().describe("satellite code, e.g. 'GF1', 'ZY3-2'"),
  slug: z.string(),
  sensors: z.array(z.string()).describe("sensor ids, e.g. 'PMS1', 'WFV1'"),
})

export const SatelliteSummary = z.object({
  slug: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  country: z.string(),
  category: z.string(),
  status: z.string(),
  memberCount: z.number().int(),
  trackedCount: z.number().int().describe('members with current two-line orbit elements'),
})

/** A figure as the sources gave it: a number, or a text such as 'better than 0.8' or '10-650'. */
export const FactFigure = z.union([z.number(), z.string()]).describe("a number, or the sources' text such as 'better than 0.8' or '10-650'")
export type FactFigure = z.infer<typeof FactFigure>

/** A member's orbit computed from its current two-line elements. */
export const SatelliteOrbitFromTle = z.object({
  epoch: z.string().describe('ISO time of the elements the figures come from'),
  meanAltitudeKm: z.number(),
  inclinationDeg: z.number(),
  periodMin: z.number(),
  eccentricity: z.number(),
  ltdnApprox: z.string().optional().describe('local time of the descending node, mean-sun approximation (sun-synchronous LEO only)'),
  ltanApprox: z.string().optional().describe('local time of the ascending node, mean-sun approximation'),
})
export type SatelliteOrbitFromTle = z.infer<typeof SatelliteOrbitFromTle>

/**
 * What a page adds to a launch date reported in Beijing time (data/satellites/README.md): 'beijing'
 * the date is Beijing's; 'beijingEarly' launched before 08:00 Beijing time, so the UTC date is the
 * day before (utcDate); 'beijingMaybe' the UTC date may be utcDate.
 */
export const LaunchCaveat = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('beijing') }),
  z.object({ kind: z.literal('beijingEarly'), utcDate: z.string().describe('YYYY-MM-DD') }),
  z.object({ kind: z.literal('beijingMaybe'), utcDate: z.string().describe('YYYY-MM-DD') }),
])
export type LaunchCaveat = z.infer<typeof LaunchCaveat>

/** One satellite of a series. */
export const SatelliteMember = z.object({
  name: z.string().describe("e.g. 'GF-1 02'"),
  noradId: z.number().int().optional(),
  cospar: z.string().optional().describe("international designator, e.g. '2018-048A'"),
  launchDate: z.string().optional().describe('YYYY-MM-DD; for Chinese launches the Beijing-time date (see launchCaveat)'),
  launchCaveat: LaunchCaveat.optional(),
  status: z.string().optional().describe("'operational', 'retired' or the sources' text"),
  orbitFromTle: SatelliteOrbitFromTle.optional(),
})
export type SatelliteMember = z.infer<typeof SatelliteMember>

/** The series' nominal orbit as the sources give it. */
export const SatelliteNominalOrbit = z.object({
  type: z.string().describe("e.g. 'sun-synchronous', 'geostationary', or a longer description"),
  altitudeKm: FactFigure.optional(),
  inclinationDeg: FactFigure.optional(),
  localTimeOfDescendingNode: z.string().optional(),
  revisitDays: FactFigure.optional(),
})
export type SatelliteNominalOrbit = z.infer<typeof SatelliteNominalOrbit>

/** A band: its name and range (nm or µm), or a text summary such as '4 MS bands'. */
export const SensorBand = z.union([
  z.string(),
  z.object({
    name: z.string(),
    rangeNm: FactFigure.optional(),
    rangeUm: FactFigure.optional(),
    gsdM: FactFigure.optional().describe('ground sample distance in metres'),
    count: FactFigure.optional(),
  }),
])
export type SensorBand = z.infer<typeof SensorBand>

/** One instrument of a series. */
export const SatelliteSensor = z.object({
  name: z.string(),
  type: z.string(),
  bands: z.array(SensorBand).default([]),
  gsdM: z
    .object({ panchromatic: FactFigure.optional(), multispectral: FactFigure.optional(), other: FactFigure.optional() })
    .default({})
    .describe('ground sample distance in metres'),
  swathKm: FactFigure.optional(),
})
export type SatelliteSensor = z.infer<typeof SatelliteSensor>

/** A page the facts come from, named: who published it and what it is, with its address. */
export const SourceReference = z.object({
  publisher: z.string().describe("the publisher in the answer's language, e.g. '欧洲航天局' or 'European Space Agency', 'CelesTrak'"),
  title: z.string().describe("what the page is, in the answer's language"),
  url: z.string().describe('http(s) address of the page'),
})
export type SourceReference = z.infer<typeof SourceReference>

/**
 * The facts of one series (an entry of data/satellites/satellites.json, absent values left out), in
 * the caller's language (x-portal-lang): Chinese texts, or the data's own English.
 */
export const SatelliteFacts = z.object({
  slug: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  country: z.string().describe("ISO-like code; joint missions as 'CN/BR'"),
  operator: z.string(),
  category: z.string().describe("'optical', 'hyperspectral', 'radar', …"),
  status: z.string(),
  summary: z.string().optional().describe("a few sentences on the series in the answer's language (Chinese where no English is written)"),
  members: z.array(SatelliteMember),
  membersNote: z.string().optional().describe("a note on the member list for readers, in the answer's language (e.g. that it is partial)"),
  orbit: SatelliteNominalOrbit.optional(),
  sensors: z.array(SatelliteSensor),
  sources: z.array(SourceReference).describe('the pages the facts come from, named'),
  unconfirmed: z.array(z.string()).describe("values the sources did not confirm, in the answer's language"),
})
export type SatelliteFacts = z.infer<typeof SatelliteFacts>

/**
 * One stored entry of data/satellites/satellites.json as the detail answer: null means "not given"
 * and is left out; fields the contract does not name (noradIds, launchDates, tleSource) are dropped.
 * Throws when the entry does not fit the contract.
 */
export function parseSatelliteFacts(entry: unknown): SatelliteFacts {
  return SatelliteFacts.parse(JSON.parse(JSON.stringify(entry, (_key, value) => (value === null ? undefined : value))))
}

export const satelliteCatalogue = defineRoute({
  method: 'GET',
  path: '/api/satellite/catalogue',
  summary: '卫星目录（可按类型筛选：1 光学，2 高光谱，3 雷达）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    type: queryInt(1, 3, lazyMessage('validation.satelliteType')).optional(),
  }),
  data: z.array(SatelliteCatalogueEntry),
})

export const satelliteSensors = defineRoute({
  method: 'GET',
  path: '/api/satellite/sensors',
  summary: '卫星与传感器对应关系',
  tags: ['satellite'],
  auth: 'public',
  data: z.array(SatelliteSensors),
})

export const satelliteList = defineRoute({
  method: 'GET',
  path: '/api/satellite/list',
  summary: '卫星系列列表',
  tags: ['satellite'],
  auth: 'public',
  data: z.array(SatelliteSummary),
})

export const satelliteDetail = defineRoute({
  method: 'GET',
  path: '/api/satellite/detail',
  summary: '卫星资料（成员、发射日期、轨道、载荷、来源）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    slug: text({ max: 40, error: lazyMessage('validation.satelliteSlugRequired') })
      .trim()
      .min(1, { error: lazyMessage('validation.satelliteSlugRequired') }),
  }),
  data: SatelliteFacts,
})

/** One member's two-line orbit elements (data/satellites/tle/resource.tle), matched by NORAD id. */
export const SatelliteTle = z.object({
  slug: z.string(),
  member: z.string().describe("the member's name in the facts, e.g. 'GF-1 02'"),
  noradId: z.number().int(),
  line1: z.string(),
  line2: z.string(),
  epoch: z.string().describe('ISO time of the elements'),
})
export type SatelliteTle = z.infer<typeof SatelliteTle>

export const satelliteTle = defineRoute({
  method: 'GET',
  path: '/api/satellite/tle',
  summary: '卫星两行轨道根数（不带 slug 时给出全部）',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({ slug: text({ max: 40 }).trim().min(1).optional() }),
  data: z.array(SatelliteTle),
})

/** A dated satellite event from the facts: a member's launch. */
export const SatelliteEvent = z.object({
  date: z.string().describe('YYYY-MM-DD (Beijing date for Chinese launches, as the facts give it)'),
  kind: z.enum(['launch']),
  slug: z.string(),
  seriesName: z.string().describe("the series name in the answer's language"),
  member: z.string(),
  country: z.string(),
})
export type SatelliteEvent = z.infer<typeof SatelliteEvent>

export const satelliteEvents = defineRoute({
  method: 'GET',
  path: '/api/satellite/events',
  summary: '卫星动态：按日期从近到远的发射记录',
  tags: ['satellite'],
  auth: 'public',
  query: z.object({
    limit: queryInt(1, 100, lazyMessage('validation.limit', { min: 1, max: 100 })).default(10),
  }),
  data: z.array(SatelliteEvent),
})
