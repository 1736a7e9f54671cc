import { buildMenu, ROUTE_TREE } from '@rs/shared'
import { describe, expect, it } from 'vitest'
import { resolveNavEntries, selectedNavKeys } from './nav-entries'

const visitorMenu = buildMenu(ROUTE_TREE, { isLoggedIn: false, permissions: [] })
const noLinks = { orbit3d: '', cityEye: '' }

describe('resolveNavEntries', () => {
  it("opens the portal's own 3D orbit page from the orbit prediction menu", () => {
    const entries = resolveNavEntries(visitorMenu, noLinks)
    const orbit = entries.find((e) => e.title === 'nav.orbitalPredict')
    expect(orbit?.children?.map((c) => c.href ?? c.to)).toEqual(['/orbitalPredict', '/orbit3d'])
  })

  it('keeps a configured external link with its address', () => {
    const menu = [
      {
        name: 'p',
        path: 'p',
        title: 't',
        children: [
          { name: 'x', path: 'x', title: 'x', externalLink: 'cityEye' },
          { name: 'y', path: 'y', title: 'y' },
        ],
      },
    ]
    const entries = resolveNavEntries(menu, { orbit3d: '', cityEye: 'https://city.example/' })
    expect(entries[0]?.children?.map((c) => c.href ?? c.to)).toEqual(['https://city.example/', '/y'])
  })

  it('removes a parent whose children were all dropped', () => {
    const menu = [{ name: 'p', path: 'p', title: 't', children: [{ name: 'x', path: 'x', title: 'x', externalLink: 'cityEye' }] }]
    expect(resolveNavEntries(menu, noLinks)).toEqual([])
  })
})

describe('selectedNavKeys', () => {
  it('selects the deepest entry on the path, with its parents', () => {
    const entries = resolveNavEntries(visitorMenu, noLinks)
    expect(selectedNavKeys(entries, '/statistics/push')).toEqual(['statistics', 'pushStatics'])
    expect(selectedNavKeys(entries, '/satellite/chinese/gf1')).toEqual(['satellite', 'chineseSatellite'])
    expect(selectedNavKeys(entries, '/home')).toEqual(['Home'])
    expect(selectedNavKeys(entries, '/nowhere')).toEqual([])
  })
})
