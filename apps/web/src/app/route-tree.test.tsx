import { flattenRoutes } from '@rs/shared'
import { isValidElement } from 'react'
import { describe, expect, it } from 'vitest'
import { buildScreenRoutes, type RouteHandle } from './route-tree'
import { SCREEN_GROUPS } from './screen'

const routes = buildScreenRoutes()

function redirectOf(path: string | undefined, index = false): string | undefined {
  const route = routes.find((r) => (index ? r.index : r.path === path))
  const element = route?.element
  return isValidElement<{ to: string }>(element) ? element.props.to : undefined
}

describe('buildScreenRoutes', () => {
  it('has one route for every path of ROUTE_TREE and STANDALONE_ROUTES, external links excepted', () => {
    const expected = new Set(
      flattenRoutes()
        .filter((n) => !n.externalLink)
        .map((n) => n.path),
    )
    const paths = routes.filter((r) => r.path && r.path !== '*').map((r) => r.path)
    expect(new Set(paths)).toEqual(expected)
    expect(paths).toHaveLength(expected.size)
    expect(paths).toContain('orbit3d')
    expect(paths).not.toContain('cityEye')
  })

  it('sends the root and unknown paths to /home', () => {
    expect(redirectOf(undefined, true)).toBe('/home')
    expect(redirectOf('*')).toBe('/home')
  })

  it('sends menu-only parents to their first screen', () => {
    expect(redirectOf('satellite')).toBe('/satellite/chinese')
    expect(redirectOf('monitor')).toBe('/monitor/landcover')
    expect(redirectOf('statistics')).toBe('/statistics/coverage-statics')
  })

  it('gives every screen route its node and a lazily loaded group that exists', () => {
    for (const route of routes.filter((r) => r.handle)) {
      const { node } = route.handle as RouteHandle
      expect(node.path).toBe(route.path)
      expect(SCREEN_GROUPS[node.group ?? '']).toBeTypeOf('function')
      expect(route.ErrorBoundary).toBeTypeOf('function')
    }
  })
})
