import { createTranslator, TYPICAL_IMAGE_LIMITS } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { fileProblem, pixelProblem } from './image-check'

const t = createTranslator('zh-CN')

describe('typical image checks', () => {
  it('accepts PNG, JPEG and WebP up to 8 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(fileProblem({ name: 'a', size: TYPICAL_IMAGE_LIMITS.maxBytes, type }, t)).toBeUndefined()
  })

  it('refuses other types and larger files before sending', () => {
    expect(fileProblem({ name: 'scene.tif', size: 10, type: 'image/tiff' }, t)).toBe('“scene.tif”不是 PNG、JPEG 或 WebP 图片')
    expect(fileProblem({ name: 'big.jpg', size: 9 * 1024 * 1024, type: 'image/jpeg' }, t)).toBe('影像“big.jpg”为 9 MB，超过 8 MB')
  })

  it('refuses an image with a side over 8000 pixels', () => {
    expect(pixelProblem({ width: 8000, height: 8000 }, t)).toBeUndefined()
    expect(pixelProblem({ width: 8001, height: 10 }, t)).toBe('影像为 8001 × 10 像素，长宽均不能超过 8000 像素')
  })
})
