import { flattenRoutes } from '@rs/shared'

/** The two satellite sections: 国产卫星 (/satellite/chinese) and 国外卫星 (/satellite/global). */
export type SatelliteSectionId = 'chinese' | 'global'

/** Each section's route prefix in the shared route tree. */
export const SATELLITE_SECTION_PREFIX: Record<SatelliteSectionId, string> = { chinese: 'satellite/chinese', global: 'satellite/global' }

/** The address of a satellite's page in a section, or of the section's index without a slug. */
export function satellitePath(section: SatelliteSectionId, slug?: string): string {
  return slug ? `/${SATELLITE_SECTION_PREFIX[section]}/${slug}` : `/${SATELLITE_SECTION_PREFIX[section]}`
}

let pages: Set<string> | undefined

/** The page of a satellite series by its slug alone (/satellite/chinese/gf1, /satellite/global/landsat); the Chinese index when no section has it. */
export function satellitePageOf(slug: string): string {
  pages ??= new Set(flattenRoutes().map((node) => node.path))
  const known = pages
  const section = (['chinese', 'global'] as const).find((s) => known.has(`${SATELLITE_SECTION_PREFIX[s]}/${slug}`))
  return satellitePath(section ?? 'chinese', section ? slug : undefined)
}
