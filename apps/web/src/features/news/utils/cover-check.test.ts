import { createTranslator, NEWS_LIMITS } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { coverProblem, formatBytes } from './cover-check'

const t = createTranslator('zh-CN')

describe('coverProblem', () => {
  it('accepts PNG, JPEG and WebP up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(coverProblem({ name: 'a', size: NEWS_LIMITS.coverMaxBytes, type }, t)).toBeUndefined()
  })

  it('refuses another type, judged by the extension when the browser gives none', () => {
    expect(coverProblem({ name: 'a.gif', size: 10, type: 'image/gif' }, t)).toBe('“a.gif”不是 PNG、JPEG 或 WebP 图片')
    expect(coverProblem({ name: 'a.svg', size: 10, type: '' }, t)).toContain('不是 PNG')
    expect(coverProblem({ name: 'a.JPG', size: 10, type: '' }, t)).toBeUndefined()
  })

  it('refuses a file over 2 MB and says how large it is', () => {
    expect(coverProblem({ name: 'big.png', size: 3 * 1024 * 1024, type: 'image/png' }, t)).toBe(
      '图片“big.png”为 3 MB，超过 2 MB，请压缩后再上传',
    )
  })

  it('formats sizes', () => {
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB')
    expect(formatBytes(300)).toBe('1 KB')
    expect(formatBytes(200 * 1024)).toBe('200 KB')
  })
})
