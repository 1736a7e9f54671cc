import { z } from 'zod'
import { PERMISSION } from '../domain/permissions'
import { defineRoute } from './common'

/** The typical-image samples of SPEC §2, in page order. */
export const TYPICAL_IMAGE_KEYS = [
  'zy3-mux',
  'zy3-pan',
  'zy3-fwd',
  'zy3-bwd',
  'gf1',
  'gf2',
  'gf4',
  'gf7-mux',
  'gf7-fwd',
  'gf7-bwd',
  'lsar-1',
  'lsar-2',
] as const
export const TypicalImageKey = z.enum(TYPICAL_IMAGE_KEYS, { error: '未知的典型影像' })
export type TypicalImageKey = z.infer<typeof TypicalImageKey>

export const TYPICAL_IMAGE_LIMITS = {
  /** Largest replacement image in bytes (8 MB): PNG, JPEG or WebP. */
  maxBytes: 8 * 1024 * 1024,
  /** Largest width or height in pixels. */
  maxSide: 8000,
} as const

export const TypicalImage = z.object({
  key: TypicalImageKey,
  slug: z.string().describe('the satellite page'),
  satellite: z.string(),
  sensor: z.string(),
  title: z.string(),
  shows: z.string().describe('what the sample shows'),
  howTaken: z.string().describe('how such an image is taken: sensor, mode, bands, resolution, swath'),
  imageUrl: z.string().describe('/api/satellite/typical-images/image?key=…&v=…'),
  illustration: z.boolean().describe('true while the picture is the portal-made illustration, not a real image'),
  credit: z.string().nullable().describe("the operator's credit line for a real image"),
  updatedAt: z.string(),
})
export type TypicalImage = z.infer<typeof TypicalImage>

export const typicalImages = defineRoute({
  method: 'GET',
  path: '/api/satellite/typical-images',
  summary: '典型影像样例',
  tags: ['satellite'],
  auth: 'public',
  data: z.array(TypicalImage),
})

/**
 * POST /api/satellite/typical-images/image?key=… with a multipart form: one image file and a
 * `credit` field; bound by hand (multipart). DELETE with the same query restores the illustration.
 */
export const typicalImageReplace = defineRoute({
  method: 'POST',
  path: '/api/satellite/typical-images/image',
  summary: '替换典型影像为真实影像（内容管理权限）',
  tags: ['satellite'],
  auth: { permission: PERMISSION.contentEditor },
  query: z.object({ key: TypicalImageKey }),
  data: TypicalImage,
})

export const typicalImageRestore = defineRoute({
  method: 'DELETE',
  path: '/api/satellite/typical-images/image',
  summary: '恢复典型影像为示意图（内容管理权限）',
  tags: ['satellite'],
  auth: { permission: PERMISSION.contentEditor },
  query: z.object({ key: TypicalImageKey }),
  data: TypicalImage,
})
