import { createTranslator, PERMISSION_CATALOGUE } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { permissionEntries } from './permission-labels'

const t = createTranslator('zh-CN')

describe('permissionEntries', () => {
  it('lists each module permission once with its Chinese name and leaves the display keys out', () => {
    const entries = permissionEntries(['MOD_002', 'MOD_002_DISPLAY', 'MOD_001', 'MOD_002', 'MOD_055_DISPLAY'])
    expect(entries.map((e) => e.code)).toEqual(['MOD_002', 'MOD_001'])
    expect(entries.map((e) => t(e.titleKey))).toEqual(['内容管理（新闻、典型影像）', '系统管理'])
  })

  it('has a Chinese name for every code of the permission catalogue', () => {
    for (const code of PERMISSION_CATALOGUE) {
      const key = permissionEntries([code])[0]?.titleKey ?? `permission.names.${code}`
      expect(t(key), code).not.toBe(key)
      expect(t(key), code).toMatch(/[\u4e00-\u9fff]/)
    }
  })
})
