import { z } from 'zod'
import { PERMISSION } from '../domain/permissions'
import { lazyMessage } from '../messages'
import { defineRoute } from './common'
import { TYPICAL_IMAGE_KEYS } from './values'

export const TypicalImageKey = z.enum(TYPICAL_IMAGE_KEYS, { error: lazyMessage('validation.typicalImage') })
export type TypicalImageKey = z.infer<typeof TypicalImageKey>

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
