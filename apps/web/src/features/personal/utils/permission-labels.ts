import { type AreaRange, flattenRoutes, type RouteNode, regionLevel } from '@rs/shared'

/** Module permissions the user holds, without the menu display keys, each with the message key of its name. */
export function permissionEntries(
  permissions: readonly string[],
  routes: readonly RouteNode[] = flattenRoutes(),
): Array<{ code: string; titleKey: string }> {
  const titles = new Map<string, string>()
  for (const node of routes) if (node.authority && !titles.has(node.authority)) titles.set(node.authority, node.title)
  return permissions
    .filter((code) => !code.endsWith('_DISPLAY'))
    .map((code) => ({ code, titleKey: titles.get(code) ?? `personal.permissionNames.${code}` }))
}

/** Area-range records of type regionId with the level of each region code. */
export function regionEntries(areaRanges: readonly AreaRange[]): Array<{ regionId: string; level: ReturnType<typeof regionLevel> | null }> {
  return areaRanges
    .filter((r) => r.type === 'regionId')
    .map((r) => {
      try {
        return { regionId: r.regionId, level: regionLevel(r.regionId) }
      } catch {
        return { regionId: r.regionId, level: null }
      }
    })
}
