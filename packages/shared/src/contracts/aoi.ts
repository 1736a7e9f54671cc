import { z } from 'zod'
import { lazyMessage } from '../messages'
import { defineRoute } from './common'
import { BBox } from './regions'

/** A GeoJSON MultiPolygon in WGS84 (EPSG:4326) degrees. */
export const MultiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.array(z.number())))),
})
export type MultiPolygonGeometry = z.infer<typeof MultiPolygonGeometry>

/** A stored area of interest: the union of the file's polygons, made valid, in WGS84. */
export const AoiUpload = z.object({
  uploadId: z.string().uuid(),
  name: z.string().describe('the uploaded file name'),
  featureCount: z.number().int().describe('polygon features read from the file'),
  vertexCount: z.number().int(),
  areaKm2: z.number().describe('geodesic area in square kilometres'),
  bbox: BBox,
  geojson: MultiPolygonGeometry,
  notices: z.array(z.string()).describe('Chinese notes for the user, e.g. that WGS84 was assumed without a .prj'),
  createdAt: z.string(),
})
export type AoiUpload = z.infer<typeof AoiUpload>

/**
 * POST a multipart form with one file: a zipped shapefile, GeoJSON or KML. Its body is multipart,
 * so the server binds this descriptor by hand; the answer is the envelope of AoiUpload.
 */
export const aoiUpload = defineRoute({
  method: 'POST',
  path: '/api/aoi/upload',
  summary: '上传范围文件（Shapefile 压缩包、GeoJSON 或 KML），保存为查询范围',
  tags: ['aoi'],
  auth: 'public',
  data: AoiUpload,
})

export const aoiById = defineRoute({
  method: 'GET',
  path: '/api/aoi/detail',
  summary: '按上传编号读取范围文件',
  tags: ['aoi'],
  auth: 'public',
  query: z.object({ id: z.string().uuid({ error: lazyMessage('validation.uploadId') }) }),
  data: AoiUpload,
})
