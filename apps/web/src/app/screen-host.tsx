import type { RouteNode } from '@rs/shared'
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { BuildingPage } from '../components/building-page'
import { PageSpinner } from '../components/page-spinner'
import { RouteGuard } from '../features/auth/components/route-guard'
import { isProtected } from '../features/auth/utils/guard-decision'
import { loadChunk } from '../lib/chunk-load'
import { SCREEN_GROUPS } from './screen'
import type { ScreenProps } from './screen-props'

const lazyScreens = new Map<string, LazyExoticComponent<ComponentType<ScreenProps>>>()

/** The lazy component of a screen group, made once per group; a failed or slow import rejects with ChunkLoadError. */
function screenOf(group: string): LazyExoticComponent<ComponentType<ScreenProps>> | undefined {
  const load = SCREEN_GROUPS[group]
  if (!load) return undefined
  let screen = lazyScreens.get(group)
  if (!screen) {
    screen = lazy(() => loadChunk(load))
    lazyScreens.set(group, screen)
  }
  return screen
}

/** Renders a route's screen: guarded when the route needs login or a permission, loaded with its group. */
export function ScreenHost({ node }: { node: RouteNode }) {
  const Screen = node.group ? screenOf(node.group) : undefined
  const content = Screen ? (
    <Suspense fallback={<PageSpinner screen />}>
      <Screen route={node} />
    </Suspense>
  ) : (
    <BuildingPage route={node} />
  )
  return isProtected(node) ? <RouteGuard node={node}>{content}</RouteGuard> : content
}
