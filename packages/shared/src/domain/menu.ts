import type { RouteNode } from './routes'

/** Who is looking at the menu. */
export interface MenuViewer {
  isLoggedIn: boolean
  permissions: readonly string[]
}

/** One entry of the main navigation as sent to the browser. */
export interface MenuItem {
  name: string
  path: string
  title: string
  externalLink?: string
  children?: MenuItem[]
}

/** SPEC.md §2: shown if always visible, or logged in and flagged for logged-in users, or the display key is held. */
export function isEntryVisible(node: RouteNode, viewer: MenuViewer): boolean {
  if (node.alwaysShow) return true
  if (viewer.isLoggedIn && node.loginShow) return true
  return node.displayKey !== undefined && viewer.permissions.includes(node.displayKey)
}

function toItem(node: RouteNode, children: MenuItem[] | undefined): MenuItem {
  const item: MenuItem = { name: node.name, path: node.path, title: node.title }
  if (node.externalLink) item.externalLink = node.externalLink
  if (children && children.length > 0) item.children = children
  return item
}

/**
 * Builds the navigation from the route tree by permission. Hidden routes are never entries;
 * children are filtered the same way and an emptied child list is removed.
 */
export function buildMenu(nodes: readonly RouteNode[], viewer: MenuViewer): MenuItem[] {
  return nodes
    .filter((n) => !n.hidden && isEntryVisible(n, viewer))
    .map((n) => toItem(n, n.children ? buildMenu(n.children, viewer) : undefined))
}

/** The unfiltered variant: every non-hidden entry, no permission filter. */
export function buildUnfilteredMenu(nodes: readonly RouteNode[]): MenuItem[] {
  return nodes.filter((n) => !n.hidden).map((n) => toItem(n, n.children ? buildUnfilteredMenu(n.children) : undefined))
}
