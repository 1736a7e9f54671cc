import type { RouteNode } from '@rs/shared'
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { BuildingPage } from '../components/building-page'
import { PageSpinner } from '../components/page-spinner'
import { RouteGuard } from '../features/auth/components/route-guard'
import { isProtected } from '../features/auth/utils/guard-decision'
import { loadChunk } from '../lib/chunk-load'
import { useT } from '../lib/i18n'
import { SCREEN_GROUPS } from './screen'
import type { ScreenProps } from './screen-props'

const lazyScreens = new Map<string, LazyExoticComponent<ComponentType<ScreenProps>>>()
/** Screens whose code is already here (preloadScreen): rendered at once, without a Suspense boundary. */
const loadedScreens = new Map<string, ComponentType<ScreenProps>>()

/**
 * Loads a screen group's code ahead of rendering. The page renderer (entry-server.tsx) and the
 * browser before it hydrates both call it for the page's group, so the server's markup and the
 * browser's first render are the same tree (no Suspense fallback on either side).
 */
export async function preloadScreen(group: string): Promise<void> {
  const load = SCREEN_GROUPS[group]
  if (!load || loadedScreens.has(group)) return
  const module = await loadChunk(load)
  loadedScreens.set(group, module.default)
}

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

/**
 * The screen's name as its one h1 (WCAG 1.3.1, 2.4.6), for a screen reader, when the screen shows
 * no heading of its own: a screen that has its own h1 hides this one (styles.css, `:has`), so each
 * page has exactly one, on the server's markup as in the browser.
 */
function ScreenHeading({ node }: { node: RouteNode }) {
  const t = useT()
  return <h1 className="screen-heading">{t(node.title)}</h1>
}

/** Renders a route's screen: guarded when the route needs login or a permission, loaded with its group. */
export function ScreenHost({ node }: { node: RouteNode }) {
  return (
    <>
      <ScreenHeading node={node} />
      <ScreenContent node={node} />
    </>
  )
}

function ScreenContent({ node }: { node: RouteNode }) {
  const Loaded = node.group ? loadedScreens.get(node.group) : undefined
  const Screen = node.group && !Loaded ? screenOf(node.group) : undefined
  const content = Loaded ? (
    <Loaded route={node} />
  ) : Screen ? (
    <Suspense fallback={<PageSpinner screen />}>
      <Screen route={node} />
    </Suspense>
  ) : (
    <BuildingPage route={node} />
  )
  return isProtected(node) ? <RouteGuard node={node}>{content}</RouteGuard> : content
}
