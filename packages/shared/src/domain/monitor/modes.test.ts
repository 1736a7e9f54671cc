import { describe, expect, it } from 'vitest'
import { buildLegendItems, type LegendItem } from '../legend'
import { canEnterMode, gridDefaults, MONITOR_MODE, type MonitorModeState, scopeFor, switchMode } from './modes'

const labels = { all: '全部', noData: '无数据', range: (a: string, b: string) => `${a}-${b}` }
const pv = { permission: 'MOD_058', modes: ['statistics', 'detail', 'grid', 'sequence', 'trend'] as const, gridLevel: 13 }
const wind = { ...pv, permission: 'MOD_059', gridLevel: 14 }
const steel = { permission: 'MOD_060', modes: ['statistics', 'detail'] as const, gridLevel: 13 }
const province = { permissions: ['MOD_058'], areaRegionIds: ['150000'] }
const ministry = { permissions: ['MOD_058', 'MOD_059'], areaRegionIds: ['100000'] }

function state(over: Partial<MonitorModeState> = {}): MonitorModeState {
  return {
    mode: 'statistics',
    region: '100000',
    areaRegion: null,
    statisticsType: 'farm',
    gridLevel: null,
    legend: buildLegendItems(100, labels),
    ...over,
  }
}
const uncheckAll = (items: LegendItem[]) => items.map((i) => ({ ...i, checked: false }))

describe('monitor modes', () => {
  it('numbers statistics 1 and detail 2 as the SPEC does', () => {
    expect(MONITOR_MODE.STATISTICS).toBe(1)
    expect(MONITOR_MODE.DETAIL).toBe(2)
  })

  it('lets anyone enter statistics (SPEC §6), and asks for login before every other mode', () => {
    expect(canEnterMode(null, 'statistics', pv)).toBe('ok')
    for (const mode of ['trend', 'grid', 'sequence', 'detail'] as const)
      expect(switchMode(state(), mode, null, pv)).toEqual({ outcome: 'login' })
    // trend needs the module's code but no area range
    expect(canEnterMode({ permissions: [], areaRegionIds: ['150000'] }, 'trend', pv)).toBe('no-permission')
    expect(canEnterMode({ permissions: ['MOD_058'], areaRegionIds: [] }, 'trend', pv)).toBe('ok')
  })

  it('asks for login before detail, then the permission, then an area range', () => {
    expect(canEnterMode(null, 'detail', pv)).toBe('login')
    expect(canEnterMode({ permissions: [], areaRegionIds: ['150000'] }, 'detail', pv)).toBe('no-permission')
    expect(canEnterMode({ permissions: ['MOD_058'], areaRegionIds: [] }, 'detail', pv)).toBe('no-area-range')
    expect(canEnterMode(province, 'detail', pv)).toBe('ok')
    expect(canEnterMode({ permissions: ['MOD_058'], areaRegionIds: [] }, 'trend', pv)).toBe('ok')
    expect(canEnterMode({ permissions: ['MOD_058'], areaRegionIds: [] }, 'grid', pv)).toBe('no-area-range')
  })

  it('scopes to the current region when the whole country, the region or a parent is allowed', () => {
    expect(scopeFor(['100000'], '150000')).toEqual(['150000'])
    expect(scopeFor(['150000'], '150000')).toEqual(['150000'])
    expect(scopeFor(['150000'], '150100')).toEqual(['150100'])
    expect(scopeFor(['150000', '130300'], '100000')).toEqual(['150000', '130300'])
    expect(scopeFor(['150100'], '150000')).toEqual(['150100'])
  })

  it('sets grid defaults: type all, level 13, or 14 in the density variant, keeping a set level', () => {
    expect(gridDefaults({ statisticsType: 'x', gridLevel: null }, pv)).toEqual({ statisticsType: 'all', gridLevel: 13 })
    expect(gridDefaults({ statisticsType: 'x', gridLevel: null }, wind)).toEqual({ statisticsType: 'all', gridLevel: 14 })
    expect(gridDefaults({ statisticsType: 'x', gridLevel: 12 }, pv)).toEqual({ statisticsType: 'all', gridLevel: 12 })
  })

  it('queues a login when an anonymous visitor switches to detail', () => {
    expect(switchMode(state(), 'detail', null, pv)).toEqual({ outcome: 'login' })
  })

  it('refuses detail without an area range with the SPEC message key', () => {
    expect(switchMode(state(), 'detail', { permissions: ['MOD_058'], areaRegionIds: [] }, pv)).toEqual({
      outcome: 'denied',
      access: 'no-area-range',
      messageKey: 'errors.noAreaRange',
    })
  })

  it('enters detail with the scope rule and checks all when the legend has nothing checked', () => {
    const result = switchMode(state({ legend: uncheckAll(buildLegendItems(10, labels)) }), 'detail', province, pv)
    if (result.outcome !== 'ok') throw new Error(result.outcome)
    expect(result.state.mode).toBe('detail')
    expect(result.state.areaRegion).toEqual(['150000'])
    expect(result.state.legend.find((i) => i.value === 'all')?.checked).toBe(true)
  })

  it('applies the grid defaults on entering grid', () => {
    const result = switchMode(state(), 'grid', { ...ministry, permissions: ['MOD_059'] }, wind)
    if (result.outcome !== 'ok') throw new Error(result.outcome)
    expect(result.state).toMatchObject({ mode: 'grid', statisticsType: 'all', gridLevel: 14, areaRegion: ['100000'] })
  })

  it('clears the area-range region on returning to statistics', () => {
    const result = switchMode(state({ mode: 'detail', areaRegion: ['150000'] }), 'statistics', province, pv)
    expect(result).toMatchObject({ outcome: 'ok', state: { mode: 'statistics', areaRegion: null } })
  })

  it('answers unavailable for a mode the module does not offer', () => {
    expect(switchMode(state(), 'grid', ministry, steel)).toEqual({ outcome: 'unavailable' })
  })
})
