import { describe, expect, it } from 'vitest'
import {
  needsVerification,
  nextVerificationState,
  VERIFICATION_EVENTS,
  VERIFICATION_STATES,
  verificationEventsFrom,
  verificationRole,
  verificationRoleOf,
} from './verification'

describe('spot verification state machine', () => {
  it('allows exactly the documented transitions', () => {
    const allowed: Record<string, string> = {
      'unchecked:record': 'recorded',
      'recorded:accept': 'accepted',
      'recorded:return': 'returned',
      'returned:record': 'recorded',
    }
    for (const state of VERIFICATION_STATES)
      for (const event of VERIFICATION_EVENTS)
        expect(nextVerificationState(state, event), `${state} ${event}`).toBe(allowed[`${state}:${event}`] ?? null)
  })

  it('lists the events of each state; accepted is final', () => {
    expect(verificationEventsFrom('unchecked')).toEqual(['record'])
    expect(verificationEventsFrom('recorded')).toEqual(['accept', 'return'])
    expect(verificationEventsFrom('returned')).toEqual(['record'])
    expect(verificationEventsFrom('accepted')).toEqual([])
  })

  it('gives recording to the province and review to the ministry (whole country)', () => {
    expect(verificationRoleOf('record')).toBe('province')
    expect(verificationRoleOf('accept')).toBe('ministry')
    expect(verificationRoleOf('return')).toBe('ministry')
    expect(verificationRole(['150000'])).toBe('province')
    expect(verificationRole(['150000', '100000'])).toBe('ministry')
    expect(verificationRole([])).toBeNull()
  })

  it('checks only new spots', () => {
    expect(needsVerification('new')).toBe(true)
    expect(needsVerification('persist')).toBe(false)
  })
})
