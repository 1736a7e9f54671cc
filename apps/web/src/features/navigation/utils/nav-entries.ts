import type { MenuItem } from '@rs/shared'

/** Configured addresses of the menu's external links; '' when not configured. */
export interface ExternalLinks {
  orbit3d: string
  cityEye: string
}

/** One navigation entry ready to draw: an in-app path or an external address. */
export interface NavEntry {
  key: string
  title: string
  /** In-app path with a leading slash. */
  to: string
  /** External address (opens in a new tab) when the entry is an external link. */
  href?: string
  children?: NavEntry[]
}

/**
 * Turns the menu into drawable entries: external links take their configured address and are
 * dropped when not configured; a parent left with no children disappears, and a parent whose only
 * child is its own page becomes a plain entry.
 */
export function resolveNavEntries(menu: readonly MenuItem[], links: ExternalLinks): NavEntry[] {
  const entries: NavEntry[] = []
  for (const item of menu) {
    if (item.externalLink) {
      const href = links[item.externalLink as keyof ExternalLinks]
      if (href) entries.push({ key: item.name, title: item.title, to: `/${item.path}`, href })
      continue
    }
    const entry: NavEntry = { key: item.name, title: item.title, to: `/${item.path}` }
    if (item.children && item.children.length > 0) {
      const children = resolveNavEntries(item.children, links)
      if (children.length === 0) continue
      const only = children.length === 1 ? children[0] : undefined
      if (only && !only.href && !only.children && only.to === entry.to) {
        entries.push({ ...entry, key: only.key })
        continue
      }
      entry.children = children
    }
    entries.push(entry)
  }
  return entries
}

/** Keys of the entries on the way to the current path (the deepest path prefix wins). */
export function selectedNavKeys(entries: readonly NavEntry[], pathname: string): string[] {
  let best: { keys: string[]; length: number } = { keys: [], length: 0 }
  const walk = (list: readonly NavEntry[], trail: string[]) => {
    for (const entry of list) {
      const keys = [...trail, entry.key]
      const matches = !entry.href && (pathname === entry.to || pathname.startsWith(`${entry.to}/`))
      if (matches && entry.to.length > best.length) best = { keys, length: entry.to.length }
      if (entry.children) walk(entry.children, keys)
    }
  }
  walk(entries, [])
  return best.keys
}
