import { type AreaRange, permissionNameKey, regionLevel } from '@rs/shared'

/**
 * Module permissions the user holds, each once, with the message key of its name (shared messages
 * `permission.names`); the display keys (MOD_xxx_DISPLAY) only show menu entries and are left out.
 */
export function permissionEntries(permissions: readonly string[]): Array<{ code: string; titleKey: string }> {
  return [...new Set(permissions)].filter((code) => !code.endsWith('_DISPLAY')).map((code) => ({ code, titleKey: permissionNameKey(code) }))
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
