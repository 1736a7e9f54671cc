import { z } from 'zod'
import { lazyMessage } from '../messages'
import { defineRoute, queryInt, text } from './common'
import { BBox, RegionCode } from './regions'
import { ARCHIVE_LIMITS, DATA_STATUS, DEFAULT_DATA_STATUS, EXPORT_FORMATS, PRODUCT_LEVELS, SCENE_SORT_FIELDS } from './values'

/**
 * The image archive (SPEC §2 /normal, §3 select state, §7 normalmeta). One scene query serves the
 * portal's calls here and the STAC API at /stac; the server maps both onto the same repository.
 */

const e = lazyMessage

/** A GeoJSON Polygon or MultiPolygon in WGS84 degrees (a drawn area; circles are sent as polygons). */
export const AreaGeometry = z.union(
  [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]).rest(z.number()))) }),
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()]).rest(z.number())))),
    }),
  ],
  { error: e('archive.errors.badGeometry') },
)
export type AreaGeometry = z.infer<typeof AreaGeometry>

/** A bbox [west, south, east, north] inside the world, west < east and south < north. */
export const WorldBBox = z
  .tuple([z.number(), z.number(), z.number(), z.number()], { error: e('archive.errors.badBbox') })
  .refine(([w, s, east, n]) => w >= -180 && east <= 180 && s >= -90 && n <= 90 && w < east && s < n, {
    error: e('archive.errors.badBbox'),
  })

const UploadId = z.string().uuid({ error: e('archive.errors.badUploadId') })

/**
 * Where to search, one per select mode of SPEC §4: REGION a region code, EXTENT a bbox (the map
 * view or a dragged box), DRAW a drawn geometry, SHP an uploaded area (/api/aoi/upload), FILE the
 * matched list of a /api/normalmeta/upload (file names, orbit-path-row or path-row lines).
 */
export const SceneArea = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('region'), regionCode: RegionCode }),
  z.object({ mode: z.literal('extent'), bbox: WorldBBox }),
  z.object({ mode: z.literal('draw'), geometry: AreaGeometry }),
  z.object({ mode: z.literal('shp'), uploadId: UploadId }),
  z.object({ mode: z.literal('file'), uploadId: UploadId }),
])
export type SceneArea = z.infer<typeof SceneArea>

const IsoDay = z.string({ error: e('archive.errors.badDate') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: e('archive.errors.badDate') })

/** A satellite code as the archive stores it, e.g. GF1, ZY3-2, LANDSAT-9. */
const SatelliteCode = z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,39}$/, { error: e('archive.errors.badSatellite') })
/** A sensor of one satellite: 'GF1:PMS1'. */
const SensorCode = z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,39}:[A-Za-z0-9+-]{1,40}$/, { error: e('archive.errors.badSensor') })

/**
 * The filters of SPEC §4's image query. Dates are Beijing-time days (Asia/Shanghai), both ends
 * included. A scene matches when its satellite is in `satellites` or its `satellite:sensor` pair
 * is in `sensors`; both empty means every satellite.
 */
export const SceneFilters = z
  .object({
    satellites: z.array(SatelliteCode).default([]),
    sensors: z.array(SensorCode).default([]),
    startDate: IsoDay.optional(),
    endDate: IsoDay.optional(),
    cloudMax: z
      .number({ error: e('archive.errors.badCloud') })
      .min(0, { error: e('archive.errors.badCloud') })
      .max(100, { error: e('archive.errors.badCloud') })
      .optional(),
    resolutionMin: z
      .number({ error: e('archive.errors.badResolution') })
      .positive({ error: e('archive.errors.badResolution') })
      .optional(),
    resolutionMax: z
      .number({ error: e('archive.errors.badResolution') })
      .positive({ error: e('archive.errors.badResolution') })
      .optional(),
    productLevels: z.array(z.enum(PRODUCT_LEVELS, { error: e('archive.errors.badProductLevel') })).default([]),
    dataStatus: z.enum(DATA_STATUS, { error: e('archive.errors.badDataStatus') }).default(DEFAULT_DATA_STATUS),
  })
  .refine((f) => f.satellites.length + f.sensors.length <= ARCHIVE_LIMITS.maxSatellites, {
    error: e('archive.errors.tooManySatellites', { max: ARCHIVE_LIMITS.maxSatellites }),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, { error: e('archive.errors.reversedDates') })
  .refine((f) => f.resolutionMin === undefined || f.resolutionMax === undefined || f.resolutionMin <= f.resolutionMax, {
    error: e('archive.errors.reversedResolution'),
  })
export type SceneFilters = z.infer<typeof SceneFilters>

export const SceneSort = z.object({
  sortField: z.enum(SCENE_SORT_FIELDS).default('time'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})

const SceneId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/, { error: e('archive.errors.badSceneId') })
export const SceneIds = z
  .array(SceneId)
  .max(ARCHIVE_LIMITS.maxIds, { error: e('archive.errors.tooManyIds', { max: ARCHIVE_LIMITS.maxIds }) })

/** The search of the portal: area, filters, sort and page. */
export const SceneQueryBody = z.object({
  area: SceneArea,
  filters: SceneFilters.default({ satellites: [], sensors: [], productLevels: [], dataStatus: DEFAULT_DATA_STATUS }),
  sort: SceneSort.default({ sortField: 'time', sortOrder: 'desc' }),
  pageNum: z
    .number({ error: e('archive.errors.badPageNum', { max: ARCHIVE_LIMITS.maxPageNum }) })
    .int({ error: e('archive.errors.badPageNum', { max: ARCHIVE_LIMITS.maxPageNum }) })
    .min(1, { error: e('archive.errors.badPageNum', { max: ARCHIVE_LIMITS.maxPageNum }) })
    .max(ARCHIVE_LIMITS.maxPageNum, { error: e('archive.errors.badPageNum', { max: ARCHIVE_LIMITS.maxPageNum }) })
    .default(1),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100)], { error: e('archive.errors.badPageSize') }).default(20),
})
export type SceneQueryBody = z.infer<typeof SceneQueryBody>

/** A footprint: GeoJSON Polygon or MultiPolygon (a scene across the antimeridian is split). */
export const Footprint = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.unknown()),
})

/** One scene of the archive. */
export const Scene = z.object({
  id: z.string().describe('scene id, unique in the archive'),
  satellite: z.string().describe("satellite code, e.g. 'GF1'"),
  sensor: z.string().describe("sensor id, e.g. 'PMS1'"),
  slug: z.string().nullable().describe("the satellite's page (catalogue value), when the archive knows it"),
  acquiredAt: z.string().describe('acquisition time, ISO 8601 in UTC (shown in Asia/Shanghai)'),
  cloudPercent: z.number().describe('cloud cover, 0–100'),
  resolutionM: z.number().describe('ground resolution in metres (best band)'),
  productLevel: z.string(),
  orbit: z.number().int().nullable().describe('orbit (revolution) number'),
  path: z.number().int().nullable(),
  row: z.number().int().nullable(),
  direction: z.enum(['ascending', 'descending']).nullable(),
  offNadirDeg: z.number().nullable().describe('roll angle off nadir in degrees'),
  sunElevationDeg: z.number().nullable(),
  fileName: z.string().describe("the product's file name in the operator's style"),
  dataStatus: z.string(),
  areaKm2: z.number().describe('geodesic area of the footprint on the WGS84 ellipsoid'),
  footprint: Footprint,
  quicklookUrl: z.string().describe('browse image; a generated archive draws an illustration marked 示意'),
  illustrative: z.boolean().describe('true when the scene and its quicklook are generated demo data (示意)'),
})
export type Scene = z.infer<typeof Scene>

export const SceneQueryAnswer = z.object({
  total: z.number().int(),
  totalExact: z.boolean().describe(`false when over ${ARCHIVE_LIMITS.exactCountLimit} matches: total is then the planner's estimate`),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(Scene),
  aoiAreaKm2: z.number().nullable().describe('geodesic area of the search area (null for a FILE list)'),
  unionAreaKm2: z.number().describe("geodesic area of the union of this page's footprints"),
})
export type SceneQueryAnswer = z.infer<typeof SceneQueryAnswer>

export const normalmetaQuery = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/query',
  summary: '影像查询：按范围、卫星传感器、时间、云量、分辨率等条件检索存档影像（分页）',
  tags: ['normalmeta'],
  auth: 'public',
  body: SceneQueryBody,
  data: SceneQueryAnswer,
})

export const normalmetaUnion = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/union',
  summary: '所选影像足迹并集的椭球面积（平方千米）',
  tags: ['normalmeta'],
  auth: 'public',
  body: z.object({ ids: SceneIds.min(1, { error: e('archive.errors.tooManyIds', { max: ARCHIVE_LIMITS.maxIds }) }) }),
  data: z.object({ count: z.number().int().describe('ids found in the archive'), unionAreaKm2: z.number() }),
})

export const normalmetaDetail = defineRoute({
  method: 'GET',
  path: '/api/normalmeta/detail',
  summary: '一景影像的元数据',
  tags: ['normalmeta'],
  auth: 'public',
  query: z.object({ id: SceneId }),
  data: Scene,
})

/** Coverage of the area by the matching scenes (all matching, up to the cap, or the checked ids). */
export const CoverageBody = z.object({
  area: SceneArea,
  filters: SceneQueryBody.shape.filters,
  sort: SceneQueryBody.shape.sort,
  ids: SceneIds.optional().describe('checked scenes; absent means every matching scene (up to maxCoverageScenes)'),
})

export const CoverageRegion = z.object({
  code: z.string(),
  name: z.string(),
  areaKm2: z.number().describe('area of the region inside the search area'),
  coveredKm2: z.number(),
  percent: z.number(),
})

export const CoverageAnswer = z.object({
  aoiAreaKm2: z.number(),
  aoiBBox: BBox.describe(
    "the analysed area's bounding box [min longitude, min latitude, max longitude, max latitude], WGS84 degrees: what the map fits to",
  ),
  coveredAreaKm2: z.number(),
  percent: z.number().describe('covered share of the area, 0–100'),
  sceneCount: z.number().int().describe('scenes considered'),
  truncated: z
    .boolean()
    .describe(`true when more than ${ARCHIVE_LIMITS.maxCoverageScenes} scenes matched and only the first were considered`),
  regionLevel: z.enum(['province', 'city', 'county']).describe('level of the per-region table'),
  regions: z.array(CoverageRegion),
  gaps: Footprint.nullable().describe('the parts of the area no scene covers'),
  cover: z.object({
    ids: z.array(z.string()).describe('the fewest scenes that cover what the considered scenes cover, low cloud and recent preferred'),
    coveredAreaKm2: z.number(),
    percent: z.number(),
  }),
})
export type CoverageAnswer = z.infer<typeof CoverageAnswer>

export const normalmetaCoverage = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/coverage',
  summary: '覆盖分析：查询范围被影像覆盖的比例、分区统计、未覆盖区域与最少景数覆盖方案',
  tags: ['normalmeta'],
  auth: 'public',
  body: CoverageBody,
  data: CoverageAnswer,
})

/** Export the matching scenes (up to maxExport) or the checked ids; the answer is a file, not an envelope. */
export const ExportBody = CoverageBody.extend({
  format: z.enum(EXPORT_FORMATS, { error: e('archive.errors.badFormat') }),
})

export const normalmetaExport = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/export',
  summary: '导出查询结果（CSV、Excel、GeoJSON 或 Shapefile 压缩包）；答复为文件',
  tags: ['normalmeta'],
  auth: 'public',
  body: ExportBody,
  data: z.string(),
})

export const FootprintTilesAnswer = z.object({
  token: z.string().describe('names the stored query; valid for tileQueryMinutes after its last use'),
  layer: z.literal('scene'),
  tiles: z
    .string()
    .describe('MVT URL template: /map/tiles/scene/{z}/{x}/{y}.pbf?q=<token> (properties id, satellite, sensor, cloud, time)'),
  maxFeaturesPerTile: z.number().int().describe('a tile holds at most this many footprints, the first in the query order'),
  expiresInMinutes: z.number().int(),
})
export type FootprintTilesAnswer = z.infer<typeof FootprintTilesAnswer>

/**
 * Stores a query (or the checked ids) for the footprint vector tiles, so that a map shows 10,000
 * footprints smoothly: the answer's template names the MVT tiles of exactly these scenes.
 */
export const normalmetaTiles = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/tiles',
  summary: '查询结果影像足迹的矢量瓦片：保存查询条件，答复瓦片地址模板（MVT）',
  tags: ['normalmeta'],
  auth: 'public',
  body: CoverageBody,
  data: FootprintTilesAnswer,
})

/** One line of a FILE upload that matched nothing, and why. */
export const UnmatchedLine = z.object({
  line: z.number().int().describe('1-based line (or Excel row) number'),
  text: z.string(),
  reason: z.enum(['unknown', 'badFormat', 'duplicate']).describe('unknown name or path/row, malformed line, repeated line'),
})

/** The match report of a FILE or SHP upload. */
export const UploadReport = z.object({
  uploadId: z.string().uuid(),
  kind: z.enum(['file', 'shp']),
  uploadType: z.number().int().nullable().describe('FILE: 1 file names, 2 orbit-path-row, 3 path-row; SHP: null'),
  fileName: z.string(),
  lineCount: z.number().int().describe('lines (FILE) or polygon features (SHP) read'),
  matchedCount: z.number().int(),
  unmatched: z.array(UnmatchedLine),
  areaKm2: z.number().nullable().describe('SHP: geodesic area of the uploaded area'),
  notices: z.array(z.string()),
})
export type UploadReport = z.infer<typeof UploadReport>

/**
 * POST a multipart form: `file` and `kind` ('file' or 'shp'), and for FILE `uploadType` (1, 2, 3).
 * Text (.txt, .csv) or Excel (.xlsx) lists; SHP goes through the area upload's checks. Bound by hand.
 */
export const normalmetaUpload = defineRoute({
  method: 'POST',
  path: '/api/normalmeta/upload',
  summary: '上传文件名/轨道条带行号列表或矢量范围，答复上传编号与匹配报告',
  tags: ['normalmeta'],
  auth: 'public',
  data: UploadReport,
})

/** GET a scene's quicklook picture (PNG). */
export const normalmetaQuicklook = defineRoute({
  method: 'GET',
  path: '/api/normalmeta/quicklook',
  summary: '影像快视图（PNG；演示存档为生成的示意图）',
  tags: ['normalmeta'],
  auth: 'public',
  query: z.object({ id: SceneId, size: queryInt(64, 1024).optional() }),
  data: z.string(),
})

/** Text fields of a list upload form (the file is the multipart part). */
export const ListUploadFields = z.object({
  kind: z.enum(['file', 'shp']),
  uploadType: z.coerce.number().int().min(1).max(3).optional(),
  name: text({ max: 255 }).optional(),
})

export const ArchiveSummary = z.object({
  scenes: z.number().int().describe('published scenes in the archive'),
  satellites: z.number().int().describe('satellites with published scenes'),
  last24h: z.number().int().describe('published scenes imported in the last 24 hours'),
  latestAcquiredAt: z.string().nullable(),
  lastImportedAt: z.string().nullable(),
  illustrative: z.boolean().describe('the archive holds generated demo scenes (示意)'),
})
export type ArchiveSummary = z.infer<typeof ArchiveSummary>

export const normalmetaSummary = defineRoute({
  method: 'GET',
  path: '/api/normalmeta/summary',
  summary: '影像库概况：已发布景数、卫星数、近 24 小时新入库景数（公开，每分钟更新）',
  tags: ['normalmeta'],
  auth: 'public',
  data: ArchiveSummary,
})
