import { describe, expect, it } from 'vitest'
import { cartBadgeText } from './cart'
import { buildMenu, buildUnfilteredMenu, type MenuItem } from './menu'
import { activeAreaRanges, allowedRegionIds, canSeeRegion, isPasswordStale, routeAccess } from './permissions'
import { cityOf, provinceOf, regionContains, regionLevel } from './region-code'
import { findRoute, PAGE_VISIT_NAMES, ROUTE_TREE, type RouteNode } from './routes'

const names = (items: MenuItem[]) => items.map((i) => i.name)

describe('region codes', () => {
  it('tells the level from the code', () => {
    expect(regionLevel('100000')).toBe('country')
    expect(regionLevel('150000')).toBe('province')
    expect(regionLevel('130300')).toBe('city')
    expect(regionLevel('130302')).toBe('county')
    expect(() => regionLevel('1303')).toThrow(RangeError)
  })

  it('finds parents and containment', () => {
    expect(provinceOf('130302')).toBe('130000')
    expect(cityOf('130302')).toBe('130300')
    expect(provinceOf('100000')).toBeUndefined()
    expect(regionContains('100000', '650102')).toBe(true)
    expect(regionContains('130000', '130302')).toBe(true)
    expect(regionContains('130300', '130302')).toBe(true)
    expect(regionContains('130300', '130400')).toBe(false)
    expect(regionContains('150000', '130302')).toBe(false)
    expect(regionContains('130302', '130300')).toBe(false)
  })
})

describe('area ranges', () => {
  const records = [
    { type: 'regionId', regionId: '150000', status: 0, isDelete: 0 },
    { type: 'regionId', regionId: '130000', status: 0, isDelete: 1 },
    { type: 'regionId', regionId: '110000', status: 1, isDelete: 0 },
    { type: 'grid', regionId: '120000', status: 0, isDelete: 0 },
  ]

  it('keeps only status 0 and isDelete 0, and regionId records for detail scope', () => {
    expect(activeAreaRanges(records).map((r) => r.regionId)).toEqual(['150000', '120000'])
    expect(allowedRegionIds(records)).toEqual(['150000'])
  })

  it('lets the whole country or a parent region see a region', () => {
    expect(canSeeRegion(['100000'], '650102')).toBe(true)
    expect(canSeeRegion(['150000'], '150102')).toBe(true)
    expect(canSeeRegion(['150000'], '130302')).toBe(false)
    expect(canSeeRegion([], '150000')).toBe(false)
  })
})

describe('password age', () => {
  const now = new Date('2026-11-21T00:00:00Z')
  it('warns once lastModifyTime plus 30 days is before now', () => {
    expect(isPasswordStale('2026-10-22T00:00:01Z', now)).toBe(false)
    expect(isPasswordStale('2026-10-21T23:59:59Z', now)).toBe(true)
    expect(isPasswordStale(null, now)).toBe(true)
    expect(isPasswordStale('not a date', now)).toBe(true)
  })
})

describe('route access', () => {
  const landcover = { authority: 'MOD_056' }
  it('needs login, then the permission, then an area range', () => {
    expect(routeAccess({}, null)).toBe('ok')
    expect(routeAccess({ requiresLogin: true }, null)).toBe('login')
    expect(routeAccess(landcover, null)).toBe('login')
    expect(routeAccess(landcover, { permissions: [], areaRegionIds: ['100000'] })).toBe('no-permission')
    expect(routeAccess(landcover, { permissions: ['MOD_056'], areaRegionIds: [] })).toBe('no-area-range')
    expect(routeAccess(landcover, { permissions: ['MOD_056'], areaRegionIds: ['150000'] })).toBe('ok')
  })
  it('opens a screen that gates its own parts to anyone', () => {
    expect(routeAccess({ ...landcover, opensForVisitors: true }, null)).toBe('ok')
    expect(routeAccess({ ...landcover, opensForVisitors: true }, { permissions: [], areaRegionIds: [] })).toBe('ok')
    expect(findRoute('monitor/landcover')).toMatchObject({ authority: 'MOD_056', opensForVisitors: true })
  })
})

describe('menu building', () => {
  const tree: RouteNode[] = [
    { name: 'always', path: 'a', title: 't', alwaysShow: true },
    { name: 'members', path: 'b', title: 't', loginShow: true },
    {
      name: 'gated',
      path: 'c',
      title: 't',
      displayKey: 'MOD_055_DISPLAY',
      children: [
        { name: 'child1', path: 'c/1', title: 't', displayKey: 'MOD_056_DISPLAY' },
        { name: 'child2', path: 'c/2', title: 't', displayKey: 'MOD_057_DISPLAY' },
        { name: 'hiddenChild', path: 'c/3', title: 't', alwaysShow: true, hidden: true },
      ],
    },
  ]

  it('shows always-visible entries to visitors', () => {
    expect(names(buildMenu(tree, { isLoggedIn: false, permissions: ['MOD_056_DISPLAY'] }))).toEqual(['always'])
  })

  it('adds logged-in entries and entries whose display key is held', () => {
    const menu = buildMenu(tree, { isLoggedIn: true, permissions: ['MOD_055_DISPLAY', 'MOD_056_DISPLAY'] })
    expect(names(menu)).toEqual(['always', 'members', 'gated'])
    expect(names(menu[2]?.children ?? [])).toEqual(['child1'])
  })

  it('removes an emptied child list', () => {
    const menu = buildMenu(tree, { isLoggedIn: true, permissions: ['MOD_055_DISPLAY'] })
    expect(menu[2]).toEqual({ name: 'gated', path: 'c', title: 't' })
  })

  it('has an unfiltered variant without hidden routes', () => {
    const menu = buildUnfilteredMenu(tree)
    expect(names(menu)).toEqual(['always', 'members', 'gated'])
    expect(names(menu[2]?.children ?? [])).toEqual(['child1', 'child2'])
  })

  it('gives a province user only their modules in the real tree', () => {
    const menu = buildMenu(ROUTE_TREE, { isLoggedIn: true, permissions: ['MOD_055_DISPLAY', 'MOD_056_DISPLAY', 'MOD_059_DISPLAY'] })
    const monitor = menu.find((m) => m.name === 'monitor')
    expect(names(monitor?.children ?? [])).toEqual(['landcover', 'windmill'])
    expect(names(menu)).not.toContain('overallPlan')
  })
})

describe('route tree', () => {
  it('has every satellite page of SPEC §2', () => {
    expect(ROUTE_TREE.find((r) => r.name === 'satellite')?.children?.[0]?.children).toHaveLength(21)
    expect(ROUTE_TREE.find((r) => r.name === 'satellite')?.children?.[1]?.children).toHaveLength(22)
    expect(findRoute('/monitor/road/')?.authority).toBe('MOD_057')
    expect(findRoute('personal/personalCenter/info')?.requiresLogin).toBe(true)
  })

  it('has unique route names, which are the page-visit names', () => {
    expect(PAGE_VISIT_NAMES.has('ALL')).toBe(true)
    expect(PAGE_VISIT_NAMES.has('landcover')).toBe(true)
    expect(PAGE_VISIT_NAMES.has('DROP')).toBe(false)
  })
})

describe('cart badge', () => {
  it('shows 99+ above 99 and nothing for an empty cart', () => {
    expect(cartBadgeText(0)).toBe('')
    expect(cartBadgeText(7)).toBe('7')
    expect(cartBadgeText(99)).toBe('99')
    expect(cartBadgeText(100)).toBe('99+')
  })
})
