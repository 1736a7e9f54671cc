import { describe, expect, it } from 'vitest'
import { APPLICABLE_MODULES, APPLY_EVENTS, APPLY_STATES, applyEventsFrom, grantedCodes, isApplicableModule, nextApplyState } from './apply'
import { PERMISSION } from './permissions'
import { menuKeysOf } from './routes'

describe('application state machine', () => {
  it('approves, rejects or withdraws a pending application', () => {
    expect(nextApplyState('pending', 'approve')).toBe('approved')
    expect(nextApplyState('pending', 'reject')).toBe('rejected')
    expect(nextApplyState('pending', 'withdraw')).toBe('withdrawn')
    expect(applyEventsFrom('pending').sort()).toEqual(['approve', 'reject', 'withdraw'])
  })

  it('allows nothing once an application is decided or withdrawn', () => {
    for (const state of APPLY_STATES.filter((s) => s !== 'pending')) {
      for (const event of APPLY_EVENTS) expect(nextApplyState(state, event), `${state} ${event}`).toBeNull()
      expect(applyEventsFrom(state)).toEqual([])
    }
  })
})

describe('applicable modules', () => {
  it('lists the eight monitoring modules and the three sharing pages, no administration code', () => {
    expect(APPLICABLE_MODULES.monitor.codes).toHaveLength(8)
    expect(APPLICABLE_MODULES.sharing.codes).toHaveLength(3)
    expect(isApplicableModule('monitor', PERMISSION.pvland)).toBe(true)
    expect(isApplicableModule('sharing', PERMISSION.pvland)).toBe(false)
    expect(isApplicableModule('monitor', PERMISSION.systemAdmin)).toBe(false)
    expect(isApplicableModule('sharing', PERMISSION.orderReview)).toBe(false)
  })

  it('grants the code, its display key and the menu group key', () => {
    expect(grantedCodes('monitor', 'MOD_058')).toEqual(['MOD_058', 'MOD_058_DISPLAY', 'MOD_055_DISPLAY'])
    expect(grantedCodes('sharing', 'MOD_084')).toEqual(['MOD_084', 'MOD_084_DISPLAY', 'MOD_083_DISPLAY'])
  })
})

describe('menu keys of a module', () => {
  it('are the module’s display key and its group’s, the same as an approval grants', () => {
    for (const kind of ['monitor', 'sharing'] as const)
      for (const code of APPLICABLE_MODULES[kind].codes) expect(grantedCodes(kind, code)).toEqual([code, ...menuKeysOf(code)])
    expect(menuKeysOf(PERMISSION.planFill)).toEqual(['MOD_088_DISPLAY', 'MOD_087_DISPLAY'])
    expect(menuKeysOf(PERMISSION.systemAdmin)).toEqual([])
    expect(menuKeysOf(PERMISSION.orderReview)).toEqual([])
  })
})
