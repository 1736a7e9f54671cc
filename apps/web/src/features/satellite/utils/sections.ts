import { findRoute, GLOBAL_SATELLITE_GROUPS } from '@rs/shared'
import { SATELLITE_SECTION_PREFIX as PREFIX, type SatelliteSectionId } from '../../../lib/satellite-path'

export { type SatelliteSectionId, satellitePath } from '../../../lib/satellite-path'

/** A heading of the section's navigation and index (global satellites by kind) and its satellites. */
export interface SectionGroup {
  key: string
  /** Message key of the heading; undefined for the Chinese section's one list. */
  titleKey?: string
  slugs: string[]
}

/** The satellites of a section in the route tree's order; global ones grouped by GLOBAL_SATELLITE_GROUPS. */
export function sectionGroups(section: SatelliteSectionId): SectionGroup[] {
  if (section === 'global') {
    return Object.entries(GLOBAL_SATELLITE_GROUPS).map(([key, slugs]) => ({ key, titleKey: `satellitePage.groups.${key}`, slugs }))
  }
  const slugs = (findRoute(PREFIX.chinese)?.children ?? []).map((node) => node.path.slice(PREFIX.chinese.length + 1))
  return [{ key: 'all', slugs }]
}

/** Every slug of a section. */
export function sectionSlugs(section: SatelliteSectionId): string[] {
  return sectionGroups(section).flatMap((g) => g.slugs)
}

/** The satellite a route path names ('satellite/chinese/gf1' → 'gf1'); undefined for the section's index. */
export function slugFromPath(section: SatelliteSectionId, path: string): string | undefined {
  const rest = path.startsWith(`${PREFIX[section]}/`) ? path.slice(PREFIX[section].length + 1) : ''
  return rest || undefined
}

/** Message key of a satellite's short name in the navigation (the route title). */
export function navTitleKey(section: SatelliteSectionId, slug: string): string {
  return `satellite.${section}.${slug}`
}

/** Series with sample images on the typical-image page (/satellite/image). */
export const TYPICAL_IMAGE_SLUGS: readonly string[] = ['zy3', 'gf1', 'gf2', 'gf4', 'gf7', 'lsar']
