import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../messages'
import { DEFAULT_GRID_LEVEL, DEFAULT_GRID_LEVEL_DENSITY } from '../constants'
import { LEGEND_PALETTES } from '../legend'
import { PERMISSION } from '../permissions'
import { findRoute } from '../routes'
import { MONITOR_MODE_KEYS } from './modes'
import { isSpotTypeOf, MONITOR_MODULE_KEYS, MONITOR_MODULES, monitorLayers, monitorModule } from './modules'

const zh = createTranslator('zh-CN')
const en = createTranslator('en-US')

describe('MONITOR_MODULES', () => {
  it('declares the eight modules of SPEC §2 with their MOD codes', () => {
    expect(Object.fromEntries(MONITOR_MODULES.map((m) => [m.key, m.permission]))).toEqual({
      landcover: 'MOD_056',
      surfaceDeform: 'MOD_076',
      road: 'MOD_057',
      nonagricultural: 'MOD_068',
      plantingstructure: 'MOD_069',
      pvland: 'MOD_058',
      windmill: 'MOD_059',
      steelplant: 'MOD_060',
    })
    expect(MONITOR_MODULE_KEYS).toHaveLength(8)
  })

  it('declares the SPEC §3 layer names', () => {
    const names = monitorLayers().map((l) => l.name)
    for (const name of [
      'windmill_meta',
      'pvland_meta',
      'steelplant_meta',
      'nonagricultural_nongrain_meta',
      'pvland_adaptive_zone',
      'windmill_adaptive_zone',
    ])
      expect(names).toContain(name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('holds the SPEC §9 spot types: five land-use categories and the steel change types 0–3', () => {
    expect(MONITOR_MODULES.find((m) => m.key === 'nonagricultural')?.spotTypes.map((t) => zh(t.labelKey))).toEqual([
      '种植园林地',
      '绿化通道',
      '挖湖造景',
      '挖建库塘',
      '未耕种',
    ])
    const steel = MONITOR_MODULES.find((m) => m.key === 'steelplant')
    expect(steel?.spotTypes.map((t) => [t.value, zh(t.labelKey)])).toEqual([
      ['0', '不变'],
      ['1', '扩张'],
      ['2', '拆除'],
      ['3', '部分拆除'],
    ])
    expect(steel?.modes).toEqual(['statistics', 'detail'])
  })

  it('finds a module by key and refuses an unknown one', () => {
    expect(monitorModule('pvland')?.permission).toBe(PERMISSION.pvland)
    expect(monitorModule('nuclear')).toBeUndefined()
  })
})

describe.each(MONITOR_MODULES)('module $key', (module) => {
  it('has a route in the route tree gated by its permission', () => {
    const route = findRoute(module.route)
    expect(route?.authority).toBe(module.permission)
  })

  it('offers statistics first and only known modes', () => {
    expect(module.modes[0]).toBe('statistics')
    expect(module.modes).toContain('detail')
    for (const mode of module.modes) expect(MONITOR_MODE_KEYS).toContain(mode)
  })

  it('names its title, intro, spot types and attributes in Chinese and English', () => {
    const keys = [module.titleKey, module.introKey, ...module.spotTypes.map((t) => t.labelKey), ...module.attributes.map((a) => a.labelKey)]
    for (const key of keys) {
      expect(zh(key), key).not.toBe(key)
      expect(en(key), key).not.toBe(key)
      expect(en(key), key).not.toBe(zh(key))
    }
  })

  it('gives each spot type a unique value and a colour', () => {
    const values = module.spotTypes.map((t) => t.value)
    expect(new Set(values).size).toBe(values.length)
    for (const t of module.spotTypes) {
      expect(t.color).toMatch(/^#[0-9a-f]{6}$/)
      expect(isSpotTypeOf(module, t.value)).toBe(true)
    }
    expect(isSpotTypeOf(module, 'nope')).toBe(false)
  })

  it('uses a known palette, grid level 13 or 14 and at least one spot layer', () => {
    expect(Object.keys(LEGEND_PALETTES)).toContain(module.palette)
    expect([DEFAULT_GRID_LEVEL, DEFAULT_GRID_LEVEL_DENSITY]).toContain(module.gridLevel)
    expect(module.layers.some((l) => l.kind === 'spots')).toBe(true)
  })
})
