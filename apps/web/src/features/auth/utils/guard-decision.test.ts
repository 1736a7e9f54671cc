import { findRoute } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { guardDecision, isProtected } from './guard-decision'

function route(path: string) {
  const node = findRoute(path)
  if (!node) throw new Error(`no route ${path}`)
  return node
}

const road = route('monitor/road')
// a permission route that does not open for visitors
const regionPush = route('overallPlan/regionPush')
const orbit = route('orbitalPredict')
const home = route('home')
const personalInfo = route('personal/personalCenter/info')

const visitor = { status: 'anonymous' as const, permissions: null, areaRegionIds: [] }
const loading = { status: 'loading' as const, permissions: null, areaRegionIds: [] }
const plainUser = { status: 'ready' as const, permissions: [], areaRegionIds: [] }
const roadUserWithoutRange = { status: 'ready' as const, permissions: ['MOD_057'], areaRegionIds: [] }
const roadUser = { status: 'ready' as const, permissions: ['MOD_057'], areaRegionIds: ['150000'] }

describe('guardDecision', () => {
  it('opens public routes for everyone, even while the session loads', () => {
    expect(isProtected(home)).toBe(false)
    expect(guardDecision(home, visitor)).toBe('ok')
    expect(guardDecision(home, loading)).toBe('ok')
  })

  it('asks a visitor to log in for login-only and permission routes', () => {
    expect(guardDecision(orbit, visitor)).toBe('login')
    expect(guardDecision(personalInfo, visitor)).toBe('login')
    expect(guardDecision(regionPush, visitor)).toBe('login')
  })

  it("asks an automatic login to log in with an account on the screens of one's own data, and opens public ones", () => {
    const kiosk = { status: 'ready' as const, permissions: [], areaRegionIds: [], isAutoLogin: true }
    expect(guardDecision(orbit, kiosk)).toBe('login')
    expect(guardDecision(personalInfo, kiosk)).toBe('login')
    expect(guardDecision(home, kiosk)).toBe('ok')
    expect(guardDecision(road, kiosk)).toBe('ok')
    expect(guardDecision(personalInfo, plainUser)).toBe('ok')
  })

  it('opens the monitor screens to everyone: their modes gate themselves (statistics and trend public)', () => {
    expect(isProtected(road)).toBe(false)
    expect(guardDecision(road, visitor)).toBe('ok')
    expect(guardDecision(road, loading)).toBe('ok')
    expect(guardDecision(road, plainUser)).toBe('ok')
  })

  it('waits while a stored token is being checked', () => {
    expect(guardDecision(regionPush, loading)).toBe('pending')
  })

  it('lets any logged-in user open login-only routes', () => {
    expect(guardDecision(orbit, plainUser)).toBe('ok')
    expect(guardDecision(personalInfo, plainUser)).toBe('ok')
  })

  it('refuses a module without its permission, then without an area range', () => {
    const push = { ...roadUser, permissions: ['MOD_084'] }
    expect(guardDecision(regionPush, plainUser)).toBe('no-permission')
    expect(guardDecision(regionPush, { ...push, areaRegionIds: [] })).toBe('no-area-range')
    expect(guardDecision(regionPush, push)).toBe('ok')
    expect(guardDecision(road, roadUserWithoutRange)).toBe('ok')
  })
})
