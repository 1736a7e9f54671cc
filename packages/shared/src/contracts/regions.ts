import { z } from 'zod'
import { MONITOR_MODULES, type MonitorModuleDecl, type MonitorSpecLayerName, monitorSpecLayerNames } from '../domain/monitor/modules'
import { REGION_CODE_PATTERN } from '../domain/region-code'
import { lazyMessage } from '../messages'
import { defineRoute, queryInt, text } from './common'

export const RegionCode = z
  .string({ error: lazyMessage('validation.regionCodeRequired') })
  .regex(REGION_CODE_PATTERN, { error: lazyMessage('validation.regionCodeFormat') })
  .describe('six-digit administrative region code; 100000 is the whole country')

/** [min longitude, min latitude, max longitude, max latitude] in WGS84 degrees. */
export const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()])

export const Region = z.object({
  code: z.string(),
  name: z.string(),
  fullName: z.string().describe('names from the province down, e.g. 内蒙古自治区 呼和浩特市 新城区'),
  level: z.enum(['country', 'province', 'city', 'county']),
  parentRegionId: z.string().nullable(),
  center: z.tuple([z.number(), z.number()]).nullable().describe('[longitude, latitude], WGS84'),
  bbox: BBox.nullable(),
  hasBoundary: z.boolean(),
})
export type Region = z.infer<typeof Region>

export const regionByCode = defineRoute({
  method: 'GET',
  path: '/api/region/detail',
  summary: '按代码查询行政区（含上级代码 parentRegionId）',
  tags: ['region'],
  auth: 'public',
  query: z.object({ code: RegionCode }),
  data: Region,
})

export const regionChildren = defineRoute({
  method: 'GET',
  path: '/api/region/children',
  summary: '下级行政区列表（100000 的下级为各省）',
  tags: ['region'],
  auth: 'public',
  query: z.object({ code: RegionCode }),
  data: z.array(Region),
})

export const regionParents = defineRoute({
  method: 'GET',
  path: '/api/region/parents',
  summary: '上级行政区链（自省级向下，不含全国，含自身）',
  tags: ['region'],
  auth: 'public',
  query: z.object({ code: RegionCode }),
  data: z.array(Region),
})

export const regionSearch = defineRoute({
  method: 'GET',
  path: '/api/region/search',
  summary: '按名称搜索行政区',
  tags: ['region'],
  auth: 'public',
  query: z.object({
    name: text({ max: 40, error: lazyMessage('validation.regionNameFormat') })
      .trim()
      .min(1, { error: lazyMessage('validation.regionNameRequired') }),
    limit: queryInt(1, 50).default(20),
  }),
  data: z.array(Region),
})

/** A GeoJSON Feature with a (Multi)Polygon geometry in WGS84; properties carry code, name and level. */
export const RegionBoundary = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }),
  properties: z.object({ code: z.string(), name: z.string(), level: z.string() }),
})

export const regionBoundary = defineRoute({
  method: 'GET',
  path: '/api/region/boundary',
  summary: '行政区边界（GeoJSON，WGS84，按级别简化）',
  tags: ['region'],
  auth: 'public',
  query: z.object({ code: RegionCode }),
  data: RegionBoundary,
})

/** The SPEC.md §3 layer names that are not a monitoring module's own (base layers, the modules' shared grid and report). */
const PORTAL_LAYER_NAMES = ['cloudPlatform', 'region', 'global_region', 'acquisition_report', 'grid_statistics_default'] as const

/** A layer name of SPEC.md §3: the portal's own or one a monitoring module declares (windmill_meta, pvland_adaptive_zone…). */
export type MapLayerName = (typeof PORTAL_LAYER_NAMES)[number] | MonitorSpecLayerName

/** The SPEC.md §3 layer names with those of the given monitoring modules' declarations. */
export function mapLayerNames(modules: readonly MonitorModuleDecl[] = MONITOR_MODULES): string[] {
  return [...PORTAL_LAYER_NAMES, ...monitorSpecLayerNames(modules)]
}

/** Names of the map layers of SPEC.md §3; the map services serve those whose data has arrived. */
export const MAP_LAYER_NAMES = mapLayerNames() as readonly MapLayerName[]
