import type { RouteNode } from '@rs/shared'

/** What every screen component gets: its node of the route tree. Apart from screen.ts so that the route files, which screen.ts loads, do not import it back. */
export interface ScreenProps {
  route: RouteNode
}
